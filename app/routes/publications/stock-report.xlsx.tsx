import type { LoaderFunctionArgs } from "react-router";
import { buildWorkbook, xlsxResponse } from "@server/documents/xlsx.server";
import { nowInMexico } from "~/lib/mexico-time";
import { redirectWithToast } from "~/lib/toast.server";
import { requireFeature } from "~/lib/auth/guard.server";
import { TEXTS } from "~/modules/publications/constants";
import { lowStockPublications } from "~/modules/publications/reports.server";
import { StockReportQuery } from "~/modules/publications/schemas";

/** GET /publications/stock-report.xlsx?threshold=0..20: the 'Por stock' report, or the 'Sin registros' toast. */
export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireFeature(request, url, "publications.stockReport", "/publications");
  const parsed = StockReportQuery.safeParse({ threshold: url.searchParams.get("threshold") ?? "" });
  if (!parsed.success) {
    return redirectWithToast("/publications/stock-report", {
      title: "Límite inválido",
      message: "El límite de stock debe ser un número entero de 0 a 20.",
      variant: "warning",
    });
  }
  const { threshold } = parsed.data;
  const rows = await lowStockPublications(threshold);
  if (rows.length === 0) {
    return redirectWithToast(`/publications/stock-report?threshold=${threshold}`, {
      title: TEXTS.noRecordsTitle,
      message: TEXTS.noRecordsStock,
      variant: "warning",
    });
  }
  const buffer = await buildWorkbook({
    sheetName: `Stock hasta ${threshold}`,
    columns: [
      { header: "Publicación", key: "id", width: 16 },
      { header: "Título", key: "title", width: 50 },
      { header: "Estado", key: "status", width: 10 },
      { header: "Stock inmediato", key: "stock_now", style: "integer" },
      { header: "Stock posterior", key: "stock_later", style: "integer" },
      { header: "SKUs", key: "skus", width: 30 },
      { header: "Vendidos", key: "sold_quantity", style: "integer" },
    ],
    rows,
  });
  return xlsxResponse(buffer, `publicaciones-stock-${threshold}-${nowInMexico().toFormat("yyLLddHHmm")}.xlsx`);
}
