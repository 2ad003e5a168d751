import type { LoaderFunctionArgs } from "react-router";
import { buildWorkbook, xlsxResponse } from "@server/documents/xlsx.server";
import { nowInMexico } from "~/lib/mexico-time";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { TEXTS } from "~/modules/publications/constants";
import { unsyncedLinkedProducts } from "~/modules/publications/reports.server";

/** GET /publications/unsynced.xlsx: 'Sin sincronizar', or the 'Genial' toast when every publication syncs. */
export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  const rows = await unsyncedLinkedProducts();
  if (rows.length === 0) {
    return redirectWithToast("/publications", { title: TEXTS.allSyncedTitle, message: TEXTS.allSyncedMessage, variant: "success" });
  }
  const buffer = await buildWorkbook({
    sheetName: "Sin sincronizar",
    columns: [
      { header: "Publicación", key: "id", width: 16 },
      { header: "Título", key: "title", width: 50 },
      { header: "Estado", key: "status", width: 10 },
      { header: "Variación", key: "variation", width: 16 },
      { header: "SKU", key: "sku", width: 16 },
      { header: "Producto", key: "name", width: 40 },
      { header: "Cantidad", key: "qty", style: "integer" },
      { header: "Descuento %", key: "discount", style: "number" },
      { header: "Precio", key: "price", style: "money" },
      { header: "Stock", key: "stock", style: "integer" },
    ],
    rows,
  });
  return xlsxResponse(buffer, `publicaciones-sin-sincronizar-${nowInMexico().toFormat("yyLLddHHmm")}.xlsx`);
}
