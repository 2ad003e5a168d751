import type { LoaderFunctionArgs } from "react-router";
import { requireAccess } from "~/lib/auth/guard.server";
import { printResponse } from "~/lib/http.server";
import { boxCutSlip } from "~/modules/pdv/documents.server";
import { sessionIdOf } from "~/lib/pdv-params.server";

export async function loader({ request, url, params }: LoaderFunctionArgs) {
  const user = await requireAccess(request, url);
  const kind = url.searchParams.get("kind") === "X" ? "X" : "Z";
  return printResponse(await boxCutSlip(user, sessionIdOf(params), { kind, reprint: url.searchParams.get("reprint") === "1", pdf: true }));
}
