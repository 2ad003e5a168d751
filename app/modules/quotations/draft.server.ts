import { eq, sql } from "drizzle-orm";
import { getDb } from "@server/db/client";
import { quotationDrafts } from "@server/db/schema";
import { getIntegrations, isIntegrationError } from "@server/integrations";
import { audit } from "~/modules/logs/audit.server";
import type { Reason, Refused } from "~/modules/results";
import { addLine, COUNTER_CLIENT, readDraftData, type DraftClient, type DraftData } from "./draft";
import { MESSAGES, parseQuantity } from "./pricing";

export type Draft = { version: number; data: DraftData; updatedAt: Date | null };
/** Why a draft change was refused: a line or record gone, a stale form, a rule, or the ERP failing. */
export type DraftRefusalReason = Extract<Reason, "missing" | "conflict" | "refused" | "integration">;
export type DraftResult = { ok: true; draft: Draft; message?: string } | Refused<DraftRefusalReason>;

export const STALE_MESSAGE =
  "La cotización cambió en otra pestaña o equipo mientras la editabas; no se aplicó tu cambio. Revisa la versión actual y vuelve a intentarlo.";

export async function loadDraft(userId: number): Promise<Draft> {
  const [row] = await getDb().select().from(quotationDrafts).where(eq(quotationDrafts.userId, userId)).limit(1);
  return row
    ? { version: row.version, data: readDraftData(row.data), updatedAt: row.updatedAt }
    : { version: 0, data: readDraftData({}), updatedAt: null };
}

/**
 * The one way a draft changes: lock the user's row, refuse a form opened on an older version
 * (another tab or machine changed it meanwhile), apply, raise the version, audit. `expected` null
 * skips the check (the change does not depend on what the form showed).
 */
export async function changeDraft(
  userId: number,
  expected: number | null,
  what: string,
  change: (data: DraftData) => DraftData | { error: string; reason: "missing" | "refused" },
): Promise<DraftResult> {
  return getDb().transaction(async (tx) => {
    await tx.insert(quotationDrafts).values({ userId, version: 0, data: {} }).onConflictDoNothing();
    const [row] = await tx.select().from(quotationDrafts).where(eq(quotationDrafts.userId, userId)).for("update").limit(1);
    if (expected !== null && row.version !== expected) return { ok: false as const, reason: "conflict" as const, message: STALE_MESSAGE };
    const next = change(readDraftData(row.data));
    if ("error" in next) return { ok: false as const, reason: next.reason, message: next.error };
    const [saved] = await tx
      .update(quotationDrafts)
      .set({ data: next, version: sql`${quotationDrafts.version} + 1`, updatedAt: new Date() })
      .where(eq(quotationDrafts.userId, userId))
      .returning();
    await audit(
      { message: `Cotización en edición: ${what}`, type: "update", tags: ["quotations", "draft"], identifier: userId, userId },
      tx,
    );
    return { ok: true as const, draft: { version: saved.version, data: readDraftData(saved.data), updatedAt: saved.updatedAt } };
  });
}

/** Agregar: the quantity as typed, then the article as the ERP has it now (before the transaction). */
export async function addArticle(userId: number, expected: number | null, sku: string, rawQty: string): Promise<DraftResult> {
  const qty = parseQuantity(rawQty);
  if (qty === null) return { ok: false, reason: "refused", message: MESSAGES.badQuantity };
  let article;
  try {
    article = await getIntegrations().erp.getArticle(sku);
  } catch (error) {
    if (!isIntegrationError(error)) throw error;
    return { ok: false, reason: "integration", message: error.message };
  }
  if (!article) return { ok: false, reason: "missing", message: `El artículo ${sku.toUpperCase()} no existe en Intelisis.` };
  return changeDraft(userId, expected, `agregar ${article.sku}`, (data) =>
    addLine(data, {
      sku: article.sku,
      type: "product",
      description: article.description,
      qty,
      price2: article.price2,
      price3: article.price3,
      currency: article.currency,
      stockTotal: article.stockTotal,
      customPriceCents: null,
      discount: 0,
      note: "",
    }),
  );
}

export function removeArticle(userId: number, expected: number | null, sku: string) {
  return changeDraft(userId, expected, `quitar ${sku}`, (data) => {
    if (!data.lines.some((l) => l.sku === sku)) return { error: `El artículo ${sku} ya no está en la cotización.`, reason: "missing" };
    return { ...data, lines: data.lines.filter((l) => l.sku !== sku) };
  });
}

export function setLineQuantity(userId: number, expected: number | null, sku: string, rawQty: string) {
  const qty = parseQuantity(rawQty);
  if (qty === null) return Promise.resolve<DraftResult>({ ok: false, reason: "refused", message: MESSAGES.badQuantity });
  return changeDraft(userId, expected, `cantidad ${sku}`, (data) => {
    if (!data.lines.some((l) => l.sku === sku)) return { error: `El artículo ${sku} ya no está en la cotización.`, reason: "missing" };
    return { ...data, lines: data.lines.map((l) => (l.sku === sku ? { ...l, qty } : l)) };
  });
}

/** Vaciar: an empty quotation for the same client, no longer revising any stored quote. */
export function clearDraft(userId: number, expected: number | null) {
  return changeDraft(userId, expected, "vaciar", (data) =>
    readDraftData({ client: data.client, clientEmail: data.clientEmail, clientPhone: data.clientPhone }),
  );
}

/** Picks an ERP client (key V is always the counter sale); an unknown key is refused. */
export async function chooseClient(userId: number, expected: number | null, key: string): Promise<DraftResult> {
  const wanted = key.trim().toUpperCase();
  let client: DraftClient | null;
  if (wanted === COUNTER_CLIENT.key) client = COUNTER_CLIENT;
  else {
    try {
      const found = await getIntegrations().erp.getClient(wanted);
      client = found
        ? { key: found.key, name: found.name, rfc: found.rfc, priceList: found.priceList, email: found.email, phones: found.phones }
        : null;
    } catch (error) {
      if (!isIntegrationError(error)) throw error;
      return { ok: false, reason: "integration", message: error.message };
    }
  }
  if (!client) return { ok: false, reason: "missing", message: MESSAGES.noMatch };
  const chosen = client;
  return changeDraft(userId, expected, `cliente ${chosen.key}`, (data) => ({
    ...data,
    client: chosen,
    clientEmail: chosen.email ?? "",
    clientPhone: (chosen.phones ?? "").replace(/\D/g, "").slice(0, 10),
    // Precio 3 clients never carry a global discount.
    globalDiscount: chosen.priceList === "Precio 3" ? 0 : data.globalDiscount,
  }));
}

/** Typeahead: up to 40 ERP clients, the query upper-cased; V always offered when it matches. */
export async function searchClients(query: string) {
  const q = query.trim().toUpperCase();
  if (q.length < 1) return { ok: true as const, clients: [] as DraftClient[] };
  try {
    const found = await getIntegrations().erp.searchClients({ query: q, limit: 40 });
    const clients: DraftClient[] = found.map((c) => ({
      key: c.key,
      name: c.name,
      rfc: c.rfc,
      priceList: c.priceList,
      email: c.email,
      phones: c.phones,
    }));
    const counterMatches = COUNTER_CLIENT.key === q || COUNTER_CLIENT.name.includes(q);
    if (counterMatches && !clients.some((c) => c.key === COUNTER_CLIENT.key)) clients.unshift(COUNTER_CLIENT);
    return { ok: true as const, clients: clients.slice(0, 40) };
  } catch (error) {
    if (!isIntegrationError(error)) throw error;
    return { ok: false as const, clients: [] as DraftClient[], message: error.message };
  }
}
