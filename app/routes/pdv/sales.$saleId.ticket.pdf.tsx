import type { LoaderFunctionArgs } from "react-router";
import { requireAccess } from "~/lib/auth/guard.server";
import { printResponse } from "~/lib/http.server";
import { saleTicket } from "~/modules/pdv/documents.server";
import { saleIdOf } from "~/lib/pdv-params.server";

export async function loader({ request, url, params }: LoaderFunctionArgs) {
  const user = await requireAccess(request, url);
  const reprint = url.searchParams.get("reprint") === "1";
  return printResponse(await saleTicket(user, saleIdOf(params), { reprint, pdf: true }));
}
