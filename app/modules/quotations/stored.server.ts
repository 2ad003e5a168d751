import { and, asc, desc, eq, sql } from "drizzle-orm";
import { getDb, type Db } from "@server/db/client";
import { quotationCounters, quotationDrafts, quotationLines, quotations, type QuotationChange } from "@server/db/schema";
import { audit } from "~/modules/logs/audit.server";
import type { Refused } from "~/modules/results";
import type { SessionUser } from "~/modules/auth/session-user";
import { priceDraft, readDraftData } from "./draft";
import type { QuotationDocumentData } from "./document";
import { STALE_MESSAGE } from "./draft.server";
import { currentDollarRate } from "~/modules/pricing/rate.server";
import { displayStatus, STORED_STATUSES } from "./status";
export { displayStatus, STATUS_LABELS, STORED_STATUSES } from "./status";
import {
  addBusinessDays,
  lineAmountCents,
  MESSAGES,
  priceListOf,
  quotationFolio,
  VALIDITY_BUSINESS_DAYS,
  type QuoteScreen,
} from "./pricing";
import { containsPattern } from "~/lib/like-pattern";

/** numeric(14, 2): amounts below 10^12 pesos. */
const MAX_STORED_CENTS = 100_000_000_000_000;

export type StoreResult = { ok: true; folio: string } | Refused<"missing" | "conflict" | "refused">;

const mxYear = (d: Date) => Number(new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City", year: "numeric" }).format(d));

/**
 * Guardar: the draft becomes an immutable, numbered quotation (COT-2026-000123), or the next revision
 * (-R2…) of the quote it was opened from, with what changed. Client, price list, exchange rate and
 * prices are copied so a reprint shows the same figures. The draft is emptied in the same transaction.
 */
export async function storeDraft(
  user: SessionUser,
  expected: number | null,
  now = new Date(),
  screen: QuoteScreen = "v3",
): Promise<StoreResult> {
  const rate = await currentDollarRate();
  return getDb().transaction(async (tx) => {
    const [row] = await tx.select().from(quotationDrafts).where(eq(quotationDrafts.userId, user.id)).for("update").limit(1);
    if (!row) return { ok: false as const, reason: "refused" as const, message: MESSAGES.noLines };
    if (expected !== null && row.version !== expected) return { ok: false as const, reason: "conflict" as const, message: STALE_MESSAGE };
    const data = readDraftData(row.data);
    if (data.lines.length === 0) return { ok: false as const, reason: "refused" as const, message: MESSAGES.noLines };
    const priced = priceDraft(data, rate, screen);
    if (priced.pricingError) return { ok: false as const, reason: "refused" as const, message: priced.pricingError };
    if (!priced.totals) return { ok: false as const, reason: "refused" as const, message: MESSAGES.needCategory };
    const totals = priced.totals;
    // Money columns hold under 10^12 pesos; a million pieces at a ten-digit price would not fit.
    if ([...Object.values(totals), ...priced.lines.map(lineAmountCents)].some((cents) => Math.abs(cents) >= MAX_STORED_CENTS)) {
      return { ok: false as const, reason: "refused" as const, message: MESSAGES.tooLarge };
    }

    let baseFolio: string;
    let revision = 1;
    let changes: QuotationChange[] = [];
    if (data.sourceId) {
      const [source] = await tx.select().from(quotations).where(eq(quotations.id, data.sourceId)).limit(1);
      if (!source?.baseFolio)
        return { ok: false as const, reason: "missing" as const, message: "La cotización que revisabas ya no existe." };
      baseFolio = source.baseFolio;
      // Revisions of one quote are numbered one after another even when two people revise it.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${baseFolio}))`);
      const [last] = await tx
        .select({ revision: sql<number>`max(${quotations.revision})` })
        .from(quotations)
        .where(eq(quotations.baseFolio, baseFolio));
      revision = Number(last?.revision ?? 1) + 1;
      const oldLines = await tx.select().from(quotationLines).where(eq(quotationLines.quotationId, source.id));
      changes = diffQuote(
        {
          client: source.clientName,
          total: Number(source.total),
          discount: Number(source.globalDiscount),
          lines: oldLines.map((l) => ({ sku: l.sku ?? l.description, qty: Number(l.qty), price: Number(l.price) })),
        },
        {
          client: data.client.name,
          total: totals.totalCents / 100,
          discount: priced.priceList === "Precio 3" ? 0 : data.globalDiscount,
          lines: priced.lines.map((l) => ({ sku: l.sku, qty: l.qty, price: l.priceCents / 100 })),
        },
      );
    } else {
      const year = mxYear(now);
      const [counter] = await tx
        .insert(quotationCounters)
        .values({ year, last: 1 })
        .onConflictDoUpdate({ target: quotationCounters.year, set: { last: sql`${quotationCounters.last} + 1` } })
        .returning();
      baseFolio = quotationFolio(year, counter.last);
    }
    const folio = revision > 1 ? `${baseFolio}-R${revision}` : baseFolio;
    const [stored] = await tx
      .insert(quotations)
      .values({
        folio,
        baseFolio,
        revision,
        status: "borrador",
        clientKey: data.client.key,
        clientName: data.client.name,
        clientEmail: data.clientEmail || null,
        clientPhone: data.clientPhone || null,
        priceList: `(${priced.priceList})`,
        agent: user.intelisisAgent,
        warehouse: data.warehouse,
        reference: data.reference || null,
        globalDiscount: priced.priceList === "Precio 3" ? 0 : data.globalDiscount,
        notes: data.notes || null,
        orderType: data.orderType,
        listingType: data.orderType === "mercadolibre" ? data.listingType : null,
        marketplaceCategory: data.orderType === "mercadolibre" ? (data.category?.title ?? null) : null,
        marketplaceFeeRate: priced.feeRate,
        exchangeRate: rate,
        shipment: totals.shipmentCents / 100,
        discountAmount: totals.discountCents / 100,
        subtotal: totals.subtotalCents / 100,
        iva: totals.ivaCents / 100,
        total: totals.totalCents / 100,
        changes,
        createdBy: user.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: quotations.id });
    await tx.insert(quotationLines).values(
      priced.lines.map((l, position) => ({
        quotationId: stored.id,
        position,
        sku: l.type === "custom" ? null : l.sku,
        type: l.type,
        description: l.description,
        note: l.note || null,
        price: l.priceCents / 100,
        originalPrice: l.discount ? l.listPriceCents / 100 : null,
        qty: l.qty,
        discount: l.discount,
        stock: l.stockTotal,
        currency: l.currency,
      })),
    );
    await tx
      .update(quotationDrafts)
      .set({ data: readDraftData({ client: data.client }), version: sql`${quotationDrafts.version} + 1`, updatedAt: now })
      .where(eq(quotationDrafts.userId, user.id));
    await audit(
      {
        message: `Cotización guardada: ${folio}`,
        type: "create",
        tags: ["quotations"],
        identifier: folio,
        userId: user.id,
        detail: { total: totals.totalCents / 100, changes },
      },
      tx,
    );
    return { ok: true as const, folio };
  });
}

type Comparable = { client: string; total: number; discount: number; lines: Array<{ sku: string; qty: number; price: number }> };
const money = (n: number) => n.toFixed(2);

/** What a revision changed against the previous one: client, discount, each line's quantity and price, total. */
export function diffQuote(before: Comparable, after: Comparable): QuotationChange[] {
  const out: QuotationChange[] = [];
  if (before.client !== after.client) out.push({ field: "Cliente", before: before.client, after: after.client });
  if (before.discount !== after.discount)
    out.push({ field: "Descuento global", before: `${before.discount} %`, after: `${after.discount} %` });
  const old = new Map(before.lines.map((l) => [l.sku, l]));
  const now = new Map(after.lines.map((l) => [l.sku, l]));
  for (const [sku, l] of now) {
    const o = old.get(sku);
    if (!o) out.push({ field: `Artículo ${sku}`, before: "—", after: `${l.qty} × ${money(l.price)}` });
    else {
      if (o.qty !== l.qty) out.push({ field: `Cantidad ${sku}`, before: String(o.qty), after: String(l.qty) });
      if (money(o.price) !== money(l.price)) out.push({ field: `Precio ${sku}`, before: money(o.price), after: money(l.price) });
    }
  }
  for (const [sku, o] of old) if (!now.has(sku)) out.push({ field: `Artículo ${sku}`, before: `${o.qty} × ${money(o.price)}`, after: "—" });
  if (money(before.total) !== money(after.total)) out.push({ field: "Total", before: money(before.total), after: money(after.total) });
  return out;
}

/** The issue day's validity end: 5 business days later, end of that Mexico City day. */
export function expiryFor(issuedAt: Date): Date {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City" }).format(issuedAt);
  const end = addBusinessDays(day, VALIDITY_BUSINESS_DAYS);
  return new Date(`${end}T23:59:59-06:00`);
}

export async function getStoredQuote(folio: string) {
  const [row] = await getDb().select().from(quotations).where(eq(quotations.folio, folio)).limit(1);
  if (!row) return null;
  const [lines, revisions] = await Promise.all([
    getDb().select().from(quotationLines).where(eq(quotationLines.quotationId, row.id)).orderBy(asc(quotationLines.position)),
    row.baseFolio
      ? getDb()
          .select({
            folio: quotations.folio,
            revision: quotations.revision,
            createdAt: quotations.createdAt,
            changes: quotations.changes,
            total: quotations.total,
          })
          .from(quotations)
          .where(eq(quotations.baseFolio, row.baseFolio))
          .orderBy(desc(quotations.revision))
      : Promise.resolve([]),
  ]);
  return { row, lines, revisions };
}
export type StoredQuote = NonNullable<Awaited<ReturnType<typeof getStoredQuote>>>;

/** The stored quote as printed: its own figures, never re-priced. */
export function storedDocument(q: StoredQuote, author: string): QuotationDocumentData {
  const { row, lines } = q;
  const linesCents = lines.reduce((s, l) => s + Math.round(Number(l.price) * 100 * Number(l.qty)), 0);
  const discountCents = Math.round(Number(row.discountAmount) * 100);
  const shipmentCents = Math.round(Number(row.shipment) * 100);
  const subtotalCents = Math.round(Number(row.subtotal) * 100);
  // The Mercado Libre adjustment is what the stored subtotal holds beyond its parts (0 for quotes
  // stored when line prices carried the fee themselves).
  const marketplaceCents = row.orderType === "mercadolibre" ? subtotalCents - (linesCents - discountCents + shipmentCents) : 0;
  return {
    folio: row.folio,
    issuedAt: (row.issuedAt ?? row.createdAt).toISOString(),
    author,
    client: { key: row.clientKey ?? "", name: row.clientName, rfc: "", priceList: priceListOf(row.priceList) },
    email: row.clientEmail ?? "",
    phone: row.clientPhone ?? "",
    reference: row.reference ?? "",
    notes: row.notes ?? "",
    orderType: row.orderType === "mercadolibre" ? "mercadolibre" : "normal",
    listingType: row.listingType,
    category: row.marketplaceCategory,
    discountPercent: Number(row.globalDiscount),
    exchangeRate: row.exchangeRate === null ? null : Number(row.exchangeRate),
    lines: lines.map((l) => ({
      sku: l.sku ?? "",
      description: l.description,
      qty: Number(l.qty),
      priceCents: Math.round(Number(l.price) * 100),
      amountCents: Math.round(Number(l.price) * 100 * Number(l.qty)),
      discount: Number(l.discount),
    })),
    totals: {
      linesCents,
      discountCents,
      shipmentCents,
      marketplaceCents,
      subtotalCents,
      ivaCents: Math.round(Number(row.iva) * 100),
      totalCents: Math.round(Number(row.total) * 100),
    },
  };
}

/** Emitir: a borrador becomes enviada, valid for 5 business days from now. */
export async function issueQuote(user: SessionUser, folio: string, now = new Date()) {
  return getDb().transaction(async (tx) => {
    const [row] = await tx.select().from(quotations).where(eq(quotations.folio, folio)).for("update").limit(1);
    if (!row) return { ok: false as const, reason: "missing" as const, message: "La cotización no existe." };
    if (row.status !== "borrador") return { ok: false as const, reason: "conflict" as const, message: "La cotización ya fue emitida." };
    await tx
      .update(quotations)
      .set({ status: "enviada", issuedAt: now, expiresAt: expiryFor(now), updatedAt: now })
      .where(eq(quotations.id, row.id));
    await audit({ message: `Cotización emitida: ${folio}`, type: "update", tags: ["quotations"], identifier: folio, userId: user.id }, tx);
    return { ok: true as const };
  });
}

/** Editar: the stored quote is copied into the user's draft; Guardar then stores its next revision. */
export async function reviseQuote(user: SessionUser, folio: string) {
  const q = await getStoredQuote(folio);
  if (!q) return { ok: false as const, reason: "missing" as const, message: "La cotización no existe." };
  const { row, lines } = q;
  const data = readDraftData({
    client: {
      key: row.clientKey ?? "V",
      name: row.clientName,
      rfc: "",
      priceList: priceListOf(row.priceList),
      email: row.clientEmail,
      phones: row.clientPhone,
    },
    clientEmail: row.clientEmail ?? "",
    clientPhone: row.clientPhone ?? "",
    globalDiscount: Number(row.globalDiscount),
    orderType: row.orderType === "mercadolibre" ? "mercadolibre" : "normal",
    listingType: row.listingType === "gold_pro" ? "gold_pro" : "gold_special",
    shipmentCents: Math.round(Number(row.shipment) * 100),
    notes: row.notes ?? "",
    reference: row.reference ?? "",
    warehouse: row.warehouse,
    sourceId: row.id,
    sourceFolio: row.folio,
    category: null,
    // Lines come back with their stored price as a fixed price; "what changed since" is shown before.
    lines: lines.map((l) => ({
      sku: l.sku ?? l.description.slice(0, 40),
      type: l.type === "custom" || !l.sku ? "custom" : "product",
      description: l.description,
      qty: Number(l.qty),
      customPriceCents: Math.round(Number(l.originalPrice ?? l.price) * 100),
      discount: Number(l.discount),
      stockTotal: l.stock ?? 0,
      currency: l.currency === "Dolares" ? "Dolares" : "Pesos",
    })),
  });
  await getDb().transaction(async (tx) => {
    await tx
      .insert(quotationDrafts)
      .values({ userId: user.id, version: 1, data })
      .onConflictDoUpdate({
        target: quotationDrafts.userId,
        set: { data, version: sql`${quotationDrafts.version} + 1`, updatedAt: new Date() },
      });
    await audit(
      { message: `Cotización abierta para revisión: ${folio}`, type: "update", tags: ["quotations"], identifier: folio, userId: user.id },
      tx,
    );
  });
  return { ok: true as const };
}

export type StoredQuotesQuery = {
  page: number;
  search?: string;
  status?: (typeof STORED_STATUSES)[number];
  mine?: boolean;
  created?: { from: Date | null; to: Date | null };
};

const STORED_QUOTES_PAGE = 20;

function storedQuotesWhere(query: StoredQuotesQuery, userId: number) {
  const conditions = [sql`true`];
  // Creation days: from inclusive, to exclusive (already the day after the last one shown).
  if (query.created?.from) conditions.push(sql`${quotations.createdAt} >= ${query.created.from.toISOString()}::timestamptz`);
  if (query.created?.to) conditions.push(sql`${quotations.createdAt} < ${query.created.to.toISOString()}::timestamptz`);
  if (query.search) {
    const term = containsPattern(query.search);
    conditions.push(
      sql`(${quotations.folio} || ' ' || ${quotations.clientName} || ' ' || coalesce(${quotations.clientKey}, '')) ilike ${term}`,
    );
  }
  if (query.status === "vencida") conditions.push(sql`${quotations.status} = 'enviada' and ${quotations.expiresAt} < now()`);
  else if (query.status === "enviada")
    conditions.push(sql`${quotations.status} = 'enviada' and (${quotations.expiresAt} is null or ${quotations.expiresAt} >= now())`);
  else if (query.status) conditions.push(eq(quotations.status, query.status));
  if (query.mine) conditions.push(eq(quotations.createdBy, userId));
  return and(...conditions);
}

/** The stored quotes list's page: search by number or client, status, author; newest first; 20 a page. */
export function storedQuotesPageQuery(db: Pick<Db, "select">, query: StoredQuotesQuery, userId: number) {
  return db
    .select({
      id: quotations.id,
      folio: quotations.folio,
      clientName: quotations.clientName,
      clientKey: quotations.clientKey,
      total: quotations.total,
      status: quotations.status,
      expiresAt: quotations.expiresAt,
      createdAt: quotations.createdAt,
      author: sql<string | null>`(select trim(u.first_name || ' ' || u.last_name) from users u where u.id = ${quotations.createdBy})`,
    })
    .from(quotations)
    .where(storedQuotesWhere(query, userId))
    .orderBy(desc(quotations.createdAt), desc(quotations.id))
    .limit(STORED_QUOTES_PAGE)
    .offset((query.page - 1) * STORED_QUOTES_PAGE);
}

/** The stored quotes list's total, counted beside the page. */
export function storedQuotesCountQuery(db: Pick<Db, "select">, query: StoredQuotesQuery, userId: number) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(quotations)
    .where(storedQuotesWhere(query, userId));
}

/** The stored quotes list: the page and its total (two statements, sent together). */
export async function listStoredQuotes(query: StoredQuotesQuery, userId: number) {
  const [rows, [count]] = await Promise.all([
    storedQuotesPageQuery(getDb(), query, userId),
    storedQuotesCountQuery(getDb(), query, userId),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, total: Number(r.total), shownStatus: displayStatus(r) })),
    total: Number(count.n),
    page: query.page,
    pageSize: STORED_QUOTES_PAGE,
  };
}
