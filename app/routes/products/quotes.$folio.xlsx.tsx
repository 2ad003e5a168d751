import type { LoaderFunctionArgs } from "react-router";
import { requireAccess } from "~/lib/auth/guard.server";
import { downloadOrBack } from "~/lib/http.server";
import { quotationXlsxFile } from "~/modules/quotations/downloads.server";
import { storedQuoteDocument } from "~/modules/quotations/stored-view.server";

/** GET /products/quotes/:folio/xlsx: a stored quote's lines and totals. */
export async function loader({ request, url, params }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  const doc = await storedQuoteDocument(params.folio ?? "");
  if (!doc) throw new Response("No encontrado", { status: 404 });
  return downloadOrBack(await quotationXlsxFile(doc), `/products/quotes/${doc.folio}`);
}
