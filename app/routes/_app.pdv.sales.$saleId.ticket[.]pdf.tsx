import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/modules/auth/guard.server";
import { ticketResponse } from "~/modules/pdv/documents.server";
import { saleIdOf } from "~/modules/pdv/route-params";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireAccess(request);
  const reprint = new URL(request.url).searchParams.get("reprint") === "1";
  return ticketResponse(user, saleIdOf(params), { reprint, pdf: true });
}
