import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/modules/auth/guard.server";
import { draftDocumentFor } from "~/modules/quotations/dialog.server";
import { pdfDownload } from "~/modules/quotations/downloads.server";

/** GET /products/quotation.pdf: the draft printed by the server's Chromium. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAccess(request);
  return pdfDownload(await draftDocumentFor(user), "cotizacion", "/products/quotation");
}
