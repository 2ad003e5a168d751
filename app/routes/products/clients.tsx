import type { LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import { requireAccess } from "~/lib/auth/guard.server";
import type { DraftClient } from "~/modules/quotations/draft";
import { searchClients } from "~/modules/quotations/draft.server";
import { typeaheadQuery, type TypeaheadAnswer } from "~/modules/quotations/typeahead";

/** GET /products/clients?q=: the client typeahead's matches (up to 40, the query upper-cased, more than one character). */
export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  const q = typeaheadQuery(
    z
      .string()
      .max(100)
      .catch("")
      .parse(url.searchParams.get("q") ?? ""),
  );
  const found = q ? await searchClients(q) : { ok: true as const, clients: [] };
  const answer: TypeaheadAnswer<DraftClient> = { matches: found.clients, message: found.ok ? null : found.message };
  return Response.json(answer, { headers: { "Cache-Control": "private, no-store" } });
}

/** The typeahead's matches do not depend on the quotation: a saved change need not ask the ERP again. */
export const shouldRevalidate = () => false;
