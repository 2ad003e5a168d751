import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireAccess } from "~/modules/auth/guard.server";
import { searchClients } from "~/modules/quotations/draft.server";

/** GET /products/clients?q=: the client typeahead's matches (up to 40, the query upper-cased). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request);
  const q = z.string().max(100).catch("").parse(new URL(request.url).searchParams.get("q") ?? "");
  const found = await searchClients(q);
  return Response.json({ clients: found.clients, message: found.ok ? undefined : found.message }, { headers: { "Cache-Control": "private, no-store" } });
}

/** The typeahead's matches do not depend on the quotation: a saved change need not ask the ERP again. */
export const shouldRevalidate = () => false;
