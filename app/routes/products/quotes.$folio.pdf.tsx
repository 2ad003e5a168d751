import type { LoaderFunctionArgs } from "react-router";
import { requireAccess } from "~/lib/auth/guard.server";
import { downloadOrBack } from "~/lib/http.server";
import { quotationPdfFile } from "~/modules/quotations/downloads.server";
import { storedQuoteDocument } from "~/modules/quotations/stored-view.server";

/** GET /products/quotes/:folio/pdf: a stored quote, printed with its own figures. */
export async function loader({ request, url, params }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  const doc = await storedQuoteDocument(params.folio ?? "");
  if (!doc) throw new Response("No encontrado", { status: 404 });
  return downloadOrBack(await quotationPdfFile(doc, doc.folio ?? "cotizacion"), `/products/quotes/${doc.folio}`);
}
