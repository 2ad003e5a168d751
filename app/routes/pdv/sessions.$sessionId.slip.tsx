import type { LoaderFunctionArgs } from "react-router";
import { requireAccess } from "~/lib/auth/guard.server";
import { printResponse } from "~/lib/http.server";
import { boxCutSlip } from "~/modules/pdv/documents.server";
import { sessionIdOf } from "~/lib/pdv-params.server";

/** Box-cut slip print window: Z (closed box) by default, X (mid-shift) with ?kind=X. */
export async function loader({ request, url, params, context }: LoaderFunctionArgs) {
  const user = await requireAccess(request, url);
  const kind = url.searchParams.get("kind") === "X" ? "X" : "Z";
  return printResponse(
    await boxCutSlip(user, sessionIdOf(params), {
      kind,
      reprint: url.searchParams.get("reprint") === "1",
      pdf: false,
      nonce: (context as { cspNonce?: string }).cspNonce,
    }),
  );
}
