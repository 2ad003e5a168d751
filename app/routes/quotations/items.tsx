import type { LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import { requireAccess } from "~/lib/auth/guard.server";
import { searchItems, type ItemMatch } from "~/modules/quotations/lines.server";
import { typeaheadQuery, type TypeaheadAnswer } from "~/modules/quotations/typeahead";

/** GET /quotations/items?q=: the lines table's typeahead row, up to 40 ERP articles (spec 2 §9). */
export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  const q = typeaheadQuery(
    z
      .string()
      .max(100)
      .catch("")
      .parse(url.searchParams.get("q") ?? ""),
  );
  const found = q ? await searchItems(q) : { items: [], message: null };
  const answer: TypeaheadAnswer<ItemMatch> = { matches: found.items, message: found.message };
  return Response.json(answer, { headers: { "Cache-Control": "private, no-store" } });
}

/** The matches do not depend on the quotation: a saved change need not ask the ERP again. */
export const shouldRevalidate = () => false;
