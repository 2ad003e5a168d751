import type { LoaderFunctionArgs } from "react-router";
import type { ErpUser } from "@server/integrations/erp/port";
import { z } from "zod";
import { requireAccess } from "~/lib/auth/guard.server";
import { searchAgents } from "~/modules/quotations/lines.server";
import { typeaheadQuery, type TypeaheadAnswer } from "~/modules/quotations/typeahead";

/** GET /quotations/agents?q=: the agent typeahead's matches among the user's ERP users, with their warehouses. */
export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requireAccess(request, url);
  const q = typeaheadQuery(
    z
      .string()
      .max(100)
      .catch("")
      .parse(url.searchParams.get("q") ?? ""),
  );
  const found = q ? await searchAgents(user, q) : { agents: [], message: null };
  const answer: TypeaheadAnswer<ErpUser> = { matches: found.agents, message: found.message };
  return Response.json(answer, { headers: { "Cache-Control": "private, no-store" } });
}

/** The matches do not depend on the quotation: a saved change need not ask the ERP again. */
export const shouldRevalidate = () => false;
