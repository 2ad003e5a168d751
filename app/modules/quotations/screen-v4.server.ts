import { z } from "zod";
import { can } from "~/lib/access";
import { formatDate } from "@common/format";
import { q, parseQuery } from "~/lib/query";
import type { SessionUser } from "~/modules/auth/session-user";
import { authorName } from "./dialog.server";
import { companyContact, draftDocument } from "~/documents/quotations.server";
import { draftFieldsOf, priceDraft } from "./draft";
import { loadDraft, searchClients } from "./draft.server";
import { currentDollarRate } from "~/modules/pricing/rate.server";
import { searchAgents, searchItems } from "./lines.server";
import { searchFeeCategories } from "./options.server";

/** The /quotations URL: the three no-JavaScript typeahead searches and the preview toggle. */
export const QuotationsV4Query = {
  agent: q.search(),
  client: q.search(),
  item: q.search(),
  category: q.search(),
  view: z.enum(["preview"]).optional().catch(undefined),
};

/** Everything Cotizador v4 shows: the user's server-kept draft (the same one /products edits). */
export async function quotationsScreenData(user: SessionUser, url: URL) {
  const query = parseQuery(url, QuotationsV4Query);
  const [draft, rate, company] = await Promise.all([loadDraft(user.id), currentDollarRate(), companyContact()]);
  const may = {
    discount: can(user, "quotations.globalDiscount"),
    erpCreate: can(user, "quotations.erpCreate"),
    orderType: can(user, "quotations.orderType"),
  };
  const [agents, clients, items, categories] = await Promise.all([
    query.agent !== undefined ? searchAgents(user, query.agent) : null,
    query.client ? searchClients(query.client) : null,
    query.item ? searchItems(query.item) : null,
    may.orderType && query.category ? searchFeeCategories(query.category).then((r) => r.categories) : null,
  ]);
  const d = draft.data;
  const priced = priceDraft(d, rate, "v4");
  const now = new Date();
  return {
    query,
    version: draft.version,
    today: formatDate(now),
    may,
    hasErpUsers: user.erpUsers.length > 0,
    header: {
      agent: d.erpUser ? { key: d.erpUser, name: d.agentName ?? d.erpUser } : null,
      warehouses: d.agentWarehouses,
      warehouse: d.warehouse,
      client: d.client,
      ...draftFieldsOf(d),
    },
    lines: priced.lines.map((l) => ({
      sku: l.sku,
      custom: l.type === "custom",
      description: l.description,
      qty: l.qty,
      discount: l.discount,
      note: l.note,
      priceCents: l.priceCents,
      originalPriceCents: l.discount ? l.listPriceCents : null,
      amountCents: l.amountCents,
      unpriced: l.unpriced,
    })),
    totals: priced.totals,
    pricingError: priced.pricingError,
    doc: query.view === "preview" ? draftDocument(d, rate, authorName(user), now, "v4") : null,
    company,
    agents,
    clients: clients ? clients.clients : null,
    items,
    categories,
  };
}
