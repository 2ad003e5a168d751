import type { LoaderFunctionArgs } from "react-router";
import { requireAccess } from "~/lib/auth/guard.server";
import { printResponse } from "~/lib/http.server";
import { saleTicket } from "~/modules/pdv/documents.server";
import { saleIdOf } from "~/lib/pdv-params.server";

/** The print window: the ticket's HTML, which prints itself and closes after printing. */
export async function loader({ request, url, params, context }: LoaderFunctionArgs) {
  const user = await requireAccess(request, url);
  const reprint = url.searchParams.get("reprint") === "1";
  return printResponse(
    await saleTicket(user, saleIdOf(params), { reprint, pdf: false, nonce: (context as { cspNonce?: string }).cspNonce }),
  );
}
