import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/web/auth/guard.server";
import { draftDocumentFor } from "~/modules/quotations/dialog.server";
import { downloadOrBack } from "~/lib/http.server";
import { quotationPdfFile } from "~/modules/quotations/downloads.server";

/** GET /products/quotation.pdf: the draft printed by the server's Chromium. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAccess(request);
  const screen = new URL(request.url).searchParams.get("screen") === "v4" ? "v4" : "v3";
  // A refusal (no lines yet) is said on the screen the button is on.
  return downloadOrBack(await quotationPdfFile(await draftDocumentFor(user, screen), "cotizacion"), screen === "v4" ? "/quotations" : "/products/quotation");
}
