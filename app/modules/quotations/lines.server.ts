import { getIntegrations, isIntegrationError } from "@server/integrations";
import type { ErpArticle } from "@server/integrations/erp/port";
import type { SessionUser } from "~/modules/auth/session-user";
import { CUSTOM_PREFIX, nextCustomKey, type DraftData } from "./draft";
import { changeDraft, type DraftResult } from "./draft.server";
import { MESSAGES, parseAmount, parseQuantity, toCents } from "./pricing";
import { NO_ERP_USERS } from "./status";

/** Cotizador v4's line editing, agent and article typeaheads, on the same server-kept draft as v3. */

export const LINE_DISCOUNT_MESSAGE = "El descuento de la línea debe ser un número entre 0 y 100.";
export const CUSTOM_LINE_MESSAGE = "Escribe la descripción, la cantidad y el precio del artículo libre.";

const missing = (sku: string) => ({ error: `El artículo ${sku} ya no está en la cotización.`, reason: "missing" as const });

/**
 * One row of the lines table: quantity, discount and observations. A discount other than 0 lowers
 * the price by that percentage; the list price stays on the line, so 0 brings it back.
 */
export function updateLine(
  userId: number,
  expected: number | null,
  sku: string,
  input: { qty: string; discount: string; note: string },
): Promise<DraftResult> {
  const qty = parseQuantity(input.qty);
  if (qty === null) return Promise.resolve({ ok: false, reason: "refused", message: MESSAGES.badQuantity });
  const discount = parseAmount(input.discount);
  if (discount === null || discount > 100) return Promise.resolve({ ok: false, reason: "refused", message: LINE_DISCOUNT_MESSAGE });
  const note = input.note.trim().slice(0, 500);
  return changeDraft(userId, expected, `línea ${sku}`, (data) => {
    if (!data.lines.some((l) => l.sku === sku)) return missing(sku);
    return { ...data, lines: data.lines.map((l) => (l.sku === sku ? { ...l, qty, discount: Math.round(discount * 100) / 100, note } : l)) };
  });
}

/** A free-entry ("custom") line: a description, a quantity and a price in pesos typed by the user. */
export function addCustomLine(
  userId: number,
  expected: number | null,
  input: { description: string; qty: string; price: string },
): Promise<DraftResult> {
  const description = input.description.trim().slice(0, 300);
  const qty = parseQuantity(input.qty);
  const price = input.price.trim() === "" ? null : parseAmount(input.price);
  if (!description || price === null) return Promise.resolve({ ok: false, reason: "refused", message: CUSTOM_LINE_MESSAGE });
  if (qty === null) return Promise.resolve({ ok: false, reason: "refused", message: MESSAGES.badQuantity });
  return changeDraft(userId, expected, "artículo libre", (data) => ({
    ...data,
    lines: [
      ...data.lines,
      {
        sku: nextCustomKey(data),
        type: "custom",
        description,
        qty,
        price2: 0,
        price3: 0,
        currency: "Pesos",
        stockTotal: 0,
        customPriceCents: toCents(price),
        discount: 0,
        note: "",
      },
    ],
  }));
}

export const isCustomKey = (sku: string) => sku.startsWith(CUSTOM_PREFIX);

/** ERP users the signed-in user may quote as: those listed in their additional_role. */
async function allowedAgents(user: SessionUser) {
  if (user.erpUsers.length === 0) return { ok: false as const, reason: "refused" as const, message: NO_ERP_USERS };
  try {
    const all = await getIntegrations().erp.listUsers();
    return { ok: true as const, agents: all.filter((a) => user.erpUsers.includes(a.user)) };
  } catch (error) {
    if (!isIntegrationError(error)) throw error;
    return { ok: false as const, reason: "integration" as const, message: error.message };
  }
}

/** Agent typeahead: the user's ERP users whose key or name contains the text (upper-cased, up to 40). */
export async function searchAgents(user: SessionUser, text: string) {
  const q = text.trim().toUpperCase();
  const found = await allowedAgents(user);
  if (!found.ok) return { ok: false as const, agents: [], message: found.message };
  const agents = found.agents.filter((a) => `${a.user} ${a.name}`.toUpperCase().includes(q)).slice(0, 40);
  return { ok: true as const, agents, message: agents.length ? null : MESSAGES.noMatch };
}

/** Picks the agent: its warehouses fill the warehouse select, and the first one is chosen. */
export async function chooseAgent(user: SessionUser, expected: number | null, key: string): Promise<DraftResult> {
  const found = await allowedAgents(user);
  if (!found.ok) return found;
  const agent = found.agents.find((a) => a.user === key.trim());
  if (!agent) return { ok: false, reason: "missing", message: MESSAGES.noMatch };
  return changeDraft(user.id, expected, `agente ${agent.user}`, (data) => ({
    ...data,
    erpUser: agent.user,
    agentName: agent.name,
    agentWarehouses: agent.warehouses,
    warehouse: agent.warehouses[0] ?? null,
  }));
}

/** The warehouse must be one of the chosen agent's. */
export function checkWarehouse(data: DraftData, warehouse: string): string | null {
  return data.agentWarehouses.includes(warehouse) ? null : "Elige un almacén del agente seleccionado.";
}

/** One match of the lines table's typeahead row. */
export type ItemMatch = { sku: string; description: string; stockTotal: number };

/** Spec 2 §9 "Typeahead: 40 matches". */
export const ITEM_MATCHES = 40;

/**
 * The typeahead row of the lines table: up to 40 ERP articles for the text (same search as
 * /products). The ERP answers in pages of its own size (20), so a second page is asked for only
 * when the first is full and more matched.
 */
export async function searchItems(text: string) {
  const search = text.trim();
  if (search.length < 1) return { ok: true as const, items: [] as ItemMatch[], message: null };
  try {
    const erp = getIntegrations().erp;
    const found: ErpArticle[] = [];
    // At most 4 pages: an ERP answering tiny pages still costs a bounded number of calls.
    for (let page = 1; found.length < ITEM_MATCHES && page <= 4; page++) {
      const { data, meta } = await erp.listArticles({ search, page, sortName: undefined, sortValue: "ASC" });
      found.push(...data);
      if (data.length === 0 || data.length < meta.limit || page * meta.limit >= meta.total) break;
    }
    const items: ItemMatch[] = found
      .slice(0, ITEM_MATCHES)
      .map((a) => ({ sku: a.sku, description: a.description, stockTotal: a.stockTotal }));
    return { ok: true as const, items, message: items.length ? null : MESSAGES.noMatch };
  } catch (error) {
    if (!isIntegrationError(error)) throw error;
    return { ok: false as const, items: [] as ItemMatch[], message: error.message };
  }
}
