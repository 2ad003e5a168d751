import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/web/auth/guard.server";
import { draftDocumentFor } from "~/modules/quotations/dialog.server";
import { downloadOrBack } from "~/lib/http.server";
import { quotationXlsxFile } from "~/modules/quotations/downloads.server";

/** GET /products/quotation.xlsx: the draft's lines and totals as a spreadsheet. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAccess(request);
  return downloadOrBack(await quotationXlsxFile(await draftDocumentFor(user, new URL(request.url).searchParams.get("screen") === "v4" ? "v4" : "v3")), "/products/quotation");
}
