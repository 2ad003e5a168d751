import type { LoaderFunctionArgs } from "react-router";
import { buildWorkbook, xlsxResponse } from "@server/documents/xlsx.server";
import { getIntegrations, isIntegrationError } from "@server/integrations";
import { parseQuery } from "~/lib/query";
import { withParams } from "~/lib/list-url";
import { redirectWithToast } from "~/lib/toast.server";
import { requireFeature } from "~/lib/auth/guard.server";
import { TEXTS } from "~/modules/publications/constants";
import { SalesReportQuery } from "~/modules/publications/schemas";
import { quickRange, RANGE_MESSAGES, validateRange } from "~/modules/reports/date-range";

/** GET /publications/sales-report.xlsx?store&range[&start&end]: the sales report (Admin, Developer, flag holders). */
export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireFeature(request, url, "publications.salesReport", "/publications");
  const query = parseQuery(url, SalesReportQuery);
  const store = query.store ?? "Meli1";
  const range = query.range ?? "today";
  const back = `/publications/sales-report${withParams("", { store, range, start: query.start, end: query.end })}`;
  const checked = range === "custom" ? validateRange(query.start, query.end) : { range: quickRange(range), error: null };
  // A custom range with neither end is as incomplete as one with a single end.
  if (!checked.range) {
    const error = checked.error ?? RANGE_MESSAGES.incomplete;
    return redirectWithToast(back, { ...error, variant: "warning" });
  }
  const { start, end } = checked.range;
  let rows;
  try {
    rows = await getIntegrations().marketplace.reportPublications({ start, end, mlStore: store });
  } catch (error) {
    if (!isIntegrationError(error)) throw error;
    return redirectWithToast(back, { title: "No se generó el reporte", message: error.message, variant: "danger" });
  }
  if (rows.length === 0) return redirectWithToast(back, { title: TEXTS.noRecordsTitle, message: TEXTS.noRecordsDate, variant: "warning" });
  const buffer = await buildWorkbook({
    sheetName: `Ventas ${store}`,
    columns: [
      { header: "Publicación", key: "id", width: 16 },
      { header: "Título", key: "title", width: 55 },
      { header: "Ventas", key: "sales", style: "integer" },
      { header: "Visitas", key: "visits", style: "integer" },
    ],
    rows,
  });
  return xlsxResponse(buffer, `reporte-publicaciones-${store}-${start.replace(/\//g, "")}-${end.replace(/\//g, "")}.xlsx`);
}
