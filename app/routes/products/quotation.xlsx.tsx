import type { LoaderFunctionArgs } from "react-router";
import { requireAccess } from "~/lib/auth/guard.server";
import { draftDocumentFor } from "~/modules/quotations/dialog.server";
import { downloadOrBack } from "~/lib/http.server";
import { documentScreen } from "~/modules/quotations/pricing";
import { quotationXlsxFile } from "~/modules/quotations/downloads.server";

/** GET /products/quotation.xlsx: the draft's lines and totals as a spreadsheet. */
export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requireAccess(request, url);
  const { screen, back } = documentScreen(url.searchParams.get("screen"));
  return downloadOrBack(await quotationXlsxFile(await draftDocumentFor(user, screen)), back);
}
