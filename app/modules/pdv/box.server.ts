import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@server/db/client";
import { pdvCartLines, pdvSessions, products, users } from "@server/db/schema";
import { audit } from "~/modules/logs/audit.server";
import type { Reason } from "~/modules/results";
import { dollarHint, pesoPrice } from "~/modules/pricing/price";
import { currentDollarRate } from "~/modules/pricing/rate.server";
import { checkCode } from "./codes.server";
import { discountNeedsCode, isDiscount, saleTotals, toCents, toggleDiscount, type Discount, type Totals } from "./rules";

export const INVALID_AMOUNT = "Por favor ingresa un monto válido.";
export const NOT_FOUND = "No se encontró el producto solicitado.";
export const NO_PRICE = "Lo sentimos, no se ha podido agregar el producto debido a que no cuenta con la información suficiente.";
export const BOX_CLOSED = "Tu caja está cerrada: abre la caja para continuar.";

export type Box = typeof pdvSessions.$inferSelect;
/** `priceCents` is pesos; `priceHint` the dollar figure and rate it came from ("US$21.50 × 18.35"), for a dollar article. */
export type CartLine = {
  id: number;
  productId: string;
  sku: string;
  description: string;
  priceCents: number;
  qty: number;
  amountCents: number;
  barcode: string | null;
  currency: string;
  listPrice: number | null;
  exchangeRate: number | null;
  priceHint: string | null;
};
export type Cart = { lines: CartLine[]; discount: Discount; totals: Totals };

/**
 * Why the till refused (app/modules/results.ts); the route turns it into its status.
 * invalid: the input cannot be read; missing: the product, line or sale is gone; conflict: the box or
 * the sale is no longer in the state the request assumed; refused: a rule says no; throttled: too many
 * wrong confirmation codes.
 */
export type PdvRefusalReason = Extract<Reason, "invalid" | "missing" | "conflict" | "refused" | "throttled">;

export type PdvResult<T = null> = { ok: true; value: T; message?: string } | { ok: false; message: string; reason: PdvRefusalReason };

const fail = (message: string, reason: PdvRefusalReason = "refused") => ({ ok: false as const, message, reason });

/** The user's open cash-box session, if any (a session is open while date_close is null). */
export async function openBoxOf(userId: number, tx: Tx = getDb()): Promise<Box | null> {
  const [row] = await openBoxQuery(tx, userId);
  return row ?? null;
}

/** The statement behind `openBoxOf` (the bench times it as every /pdv request runs it). */
export function openBoxQuery(db: Pick<Db, "select">, userId: number) {
  return db
    .select()
    .from(pdvSessions)
    .where(and(eq(pdvSessions.userId, userId), isNull(pdvSessions.dateClose)))
    .limit(1);
}

/** The statement behind `loadCart`. */
export function cartLinesQuery(db: Pick<Db, "select">, sessionId: number) {
  return db.select().from(pdvCartLines).where(eq(pdvCartLines.sessionId, sessionId)).orderBy(asc(pdvCartLines.id));
}

/** A manager's own confirmation code, shown on the till so they can read it to a cashier. */
export function ownCodeQuery(db: Pick<Db, "select">, userId: number) {
  return db.select({ code: users.confirmCodePdv }).from(users).where(eq(users.id, userId)).limit(1);
}

export async function ownCodeOf(userId: number): Promise<string | null> {
  const [me] = await ownCodeQuery(getDb(), userId);
  return me?.code ?? null;
}

/** Locks the user's open session for the rest of the transaction (one writer per till at a time). */
export async function lockOpenBox(tx: Tx, userId: number): Promise<Box | null> {
  const [row] = await tx
    .select()
    .from(pdvSessions)
    .where(and(eq(pdvSessions.userId, userId), isNull(pdvSessions.dateClose)))
    .for("update")
    .limit(1);
  return row ?? null;
}

export async function openBox(userId: number, amountCents: number | null): Promise<PdvResult<{ sessionId: number }>> {
  if (amountCents === null || !Number.isFinite(amountCents) || amountCents <= 0) return fail(INVALID_AMOUNT, "invalid");
  return getDb().transaction(async (tx) => {
    const existing = await lockOpenBox(tx, userId);
    if (existing) return { ok: true as const, value: { sessionId: existing.id } };
    const [row] = await tx
      .insert(pdvSessions)
      .values({ userId, amountOpen: amountCents / 100 })
      .onConflictDoNothing()
      .returning({ id: pdvSessions.id });
    const id = row?.id ?? (await openBoxOf(userId, tx))!.id;
    await audit(
      {
        message: `PDV: caja abierta con ${(amountCents / 100).toFixed(2)}`,
        type: "create",
        tags: ["pdv", "session"],
        identifier: id,
        userId,
      },
      tx,
    );
    return { ok: true as const, value: { sessionId: id } };
  });
}

export async function loadCart(box: Pick<Box, "id" | "cartDiscount">, tx: Tx = getDb()): Promise<Cart> {
  const rows = await cartLinesQuery(tx, box.id);
  const lines = rows.map((r) => {
    const priceCents = toCents(r.price);
    const priceHint = r.listPrice === null ? null : dollarHint({ currency: r.currency, amount: r.listPrice, rate: r.exchangeRate });
    return {
      id: r.id,
      productId: r.productId,
      sku: r.sku,
      description: r.description,
      priceCents,
      qty: r.qty,
      amountCents: priceCents * r.qty,
      barcode: r.barcode,
      currency: r.currency,
      listPrice: r.listPrice,
      exchangeRate: r.exchangeRate,
      priceHint,
    };
  });
  const discount = isDiscount(box.cartDiscount) ? box.cartDiscount : 0;
  return { lines, discount, totals: saleTotals(lines, discount) };
}

/** Product id (upper-cased) first, then EAN/UPC. */
export async function findProductForScan(raw: string, tx: Tx = getDb()) {
  const text = raw.trim();
  const fields = {
    id: products.id,
    name: products.name,
    descripcion1: products.descripcion1,
    intelisisName: products.intelisisName,
    price: products.price,
    monedaPrecio: products.monedaPrecio,
    eanUpc: products.eanUpc,
  };
  const [byId] = await tx.select(fields).from(products).where(eq(products.id, text.toUpperCase())).limit(1);
  if (byId) return byId;
  if (text === "" || text === "0") return null;
  const [byEan] = await tx
    .select(fields)
    .from(products)
    .where(and(eq(products.eanUpc, text), sql`${products.eanUpc} is not null and ${products.eanUpc} <> '' and ${products.eanUpc} <> '0'`))
    .limit(1);
  return byEan ?? null;
}

/**
 * Scanning adds the product with quantity 1, or one more of it when it is already in the cart. The
 * line is priced in pesos by the one pricing function (decision 0038) at the current dollar price,
 * and keeps the article's own figure, currency and rate; a dollar article with no usable rate, or a
 * currency the till does not know, is refused with the reason (never charged at its dollar figure).
 * The cart's dollar lines all follow the rate of the latest scan, so a sale has one rate.
 */
export async function scanProduct(userId: number, raw: string): Promise<PdvResult<{ sku: string }>> {
  const text = raw.trim();
  if (!text) return fail("Escanea o escribe un producto.", "invalid");
  if (text.length > 60) return fail(NOT_FOUND, "missing");
  return getDb().transaction(async (tx) => {
    const box = await lockOpenBox(tx, userId);
    if (!box) return fail(BOX_CLOSED, "conflict");
    const product = await findProductForScan(text, tx);
    if (!product) return fail(NOT_FOUND, "missing");
    if (!(product.price > 0)) return fail(NO_PRICE, "refused");
    const rate = product.monedaPrecio === "Dolares" ? await currentDollarRate(tx) : null;
    const priced = pesoPrice({ amount: product.price, currency: product.monedaPrecio }, rate);
    if (!priced.ok) return fail(priced.message, "refused");
    if (priced.rate !== null) await followRate(tx, box.id, priced.rate);
    await tx
      .insert(pdvCartLines)
      .values({
        sessionId: box.id,
        productId: product.id,
        sku: product.id,
        description: product.descripcion1 || product.intelisisName || product.name,
        price: priced.cents / 100,
        listPrice: product.price,
        currency: priced.currency,
        exchangeRate: priced.rate,
        qty: 1,
        barcode: product.eanUpc && product.eanUpc === text ? product.eanUpc : null,
      })
      .onConflictDoUpdate({
        target: [pdvCartLines.sessionId, pdvCartLines.productId],
        set: { qty: sql`least(${pdvCartLines.qty} + 1, 9999)` },
      });
    return { ok: true as const, value: { sku: product.id } };
  });
}

/** The cart's dollar lines re-priced at `rate` when they were priced at another (the dollar price changed meanwhile). */
async function followRate(tx: Tx, sessionId: number, rate: number) {
  const stale = await tx
    .select({ id: pdvCartLines.id, listPrice: pdvCartLines.listPrice })
    .from(pdvCartLines)
    .where(
      and(
        eq(pdvCartLines.sessionId, sessionId),
        eq(pdvCartLines.currency, "Dolares"),
        sql`${pdvCartLines.exchangeRate} is distinct from ${rate}`,
      ),
    );
  for (const line of stale) {
    const priced = pesoPrice({ amount: line.listPrice ?? 0, currency: "Dolares" }, rate);
    if (priced.ok)
      await tx
        .update(pdvCartLines)
        .set({ price: priced.cents / 100, exchangeRate: rate })
        .where(eq(pdvCartLines.id, line.id));
  }
}

/** Typed quantity (already parsed by the rules: at least 1). */
export async function setLineQty(userId: number, lineId: number, qty: number): Promise<PdvResult> {
  return getDb().transaction(async (tx) => {
    const box = await lockOpenBox(tx, userId);
    if (!box) return fail(BOX_CLOSED, "conflict");
    const rows = await tx
      .update(pdvCartLines)
      .set({ qty })
      .where(and(eq(pdvCartLines.id, lineId), eq(pdvCartLines.sessionId, box.id)))
      .returning({ id: pdvCartLines.id });
    if (rows.length === 0) return fail("El producto ya no está en el carrito.", "missing");
    return { ok: true as const, value: null };
  });
}

/** Minus: one less; at 1 it asks to remove the line, which needs delete mode. */
export async function stepLineQty(userId: number, lineId: number, step: 1 | -1): Promise<PdvResult<{ needsCode?: boolean }>> {
  return getDb().transaction(async (tx) => {
    const box = await lockOpenBox(tx, userId);
    if (!box) return fail(BOX_CLOSED, "conflict");
    const [line] = await tx
      .select()
      .from(pdvCartLines)
      .where(and(eq(pdvCartLines.id, lineId), eq(pdvCartLines.sessionId, box.id)))
      .limit(1);
    if (!line) return fail("El producto ya no está en el carrito.", "missing");
    const next = line.qty + step;
    if (next < 1) {
      if (!box.deleteModeBy) return { ok: true as const, value: { needsCode: true } };
      await removeLineTx(tx, box, line.id, userId);
      return { ok: true as const, value: {} };
    }
    await tx
      .update(pdvCartLines)
      .set({ qty: Math.min(next, 9999) })
      .where(eq(pdvCartLines.id, line.id));
    return { ok: true as const, value: {} };
  });
}

async function removeLineTx(tx: Tx, box: Box, lineId: number, userId: number) {
  const [removed] = await tx
    .delete(pdvCartLines)
    .where(and(eq(pdvCartLines.id, lineId), eq(pdvCartLines.sessionId, box.id)))
    .returning({ sku: pdvCartLines.sku, qty: pdvCartLines.qty });
  if (!removed) return false;
  await audit(
    {
      message: `PDV: producto ${removed.sku} eliminado del carrito`,
      type: "delete",
      tags: ["pdv", "cart"],
      identifier: box.id,
      userId,
      detail: { ...removed, approvedBy: box.deleteModeBy },
    },
    tx,
  );
  await resetDiscountIfEmpty(tx, box.id);
  return true;
}

/** The discount resets when the cart empties. */
async function resetDiscountIfEmpty(tx: Tx, sessionId: number) {
  await tx
    .update(pdvSessions)
    .set({ cartDiscount: 0 })
    .where(
      and(eq(pdvSessions.id, sessionId), sql`not exists (select 1 from ${pdvCartLines} where ${pdvCartLines.sessionId} = ${sessionId})`),
    );
}

export async function removeLine(userId: number, lineId: number): Promise<PdvResult<{ needsCode?: boolean }>> {
  return getDb().transaction(async (tx) => {
    const box = await lockOpenBox(tx, userId);
    if (!box) return fail(BOX_CLOSED, "conflict");
    if (!box.deleteModeBy) return { ok: true as const, value: { needsCode: true } };
    const removed = await removeLineTx(tx, box, lineId, userId);
    if (!removed) return fail("El producto ya no está en el carrito.", "missing");
    return { ok: true as const, value: {} };
  });
}

export type Authorization = { kind: "discount"; discount: 8 | 10 } | { kind: "delete" } | { kind: "expected" };

export const AUTHORIZATION_LABEL: Record<Authorization["kind"], string> = {
  discount: "un descuento",
  delete: "eliminar productos",
  expected: "mostrar los montos esperados",
};

/** 2 % and 4 % apply at once; 8 % and 10 % come through authorize(). Pressing the active one clears it. */
export async function pressDiscount(userId: number, pressed: Discount): Promise<PdvResult<{ needsCode?: boolean; discount: Discount }>> {
  return getDb().transaction(async (tx) => {
    const box = await lockOpenBox(tx, userId);
    if (!box) return fail(BOX_CLOSED, "conflict");
    const current = isDiscount(box.cartDiscount) ? box.cartDiscount : 0;
    const next = toggleDiscount(current, pressed);
    if (next !== 0 && discountNeedsCode(next)) return { ok: true as const, value: { needsCode: true, discount: current } };
    const [line] = await tx.select({ id: pdvCartLines.id }).from(pdvCartLines).where(eq(pdvCartLines.sessionId, box.id)).limit(1);
    if (!line && next !== 0) return fail("Agrega productos antes de aplicar un descuento.", "refused");
    await tx.update(pdvSessions).set({ cartDiscount: next }).where(eq(pdvSessions.id, box.id));
    return { ok: true as const, value: { discount: next } };
  });
}

/** A manager's code approving one of the gated cart actions. */
export async function authorize(userId: number, what: Authorization, code: string): Promise<PdvResult<{ approver: string }>> {
  return getDb().transaction(async (tx) => {
    const box = await lockOpenBox(tx, userId);
    if (!box) return fail(BOX_CLOSED, "conflict");
    const purpose = what.kind === "discount" ? `el descuento de ${what.discount} %` : AUTHORIZATION_LABEL[what.kind];
    if (what.kind === "discount") {
      const [line] = await tx.select({ id: pdvCartLines.id }).from(pdvCartLines).where(eq(pdvCartLines.sessionId, box.id)).limit(1);
      if (!line) return fail("Agrega productos antes de aplicar un descuento.", "refused");
    }
    const check = await checkCode(tx, box.id, code, purpose, userId);
    if (!check.ok) return fail(check.message, check.message.startsWith("Demasiados") ? "throttled" : "refused");
    const approverId = check.approver.id;
    if (what.kind === "discount") await tx.update(pdvSessions).set({ cartDiscount: what.discount }).where(eq(pdvSessions.id, box.id));
    if (what.kind === "delete") await tx.update(pdvSessions).set({ deleteModeBy: approverId }).where(eq(pdvSessions.id, box.id));
    if (what.kind === "expected") await tx.update(pdvSessions).set({ expectedShownBy: approverId }).where(eq(pdvSessions.id, box.id));
    return { ok: true as const, value: { approver: check.approver.name } };
  });
}

export async function endDeleteMode(userId: number) {
  await getDb()
    .update(pdvSessions)
    .set({ deleteModeBy: null })
    .where(and(eq(pdvSessions.userId, userId), isNull(pdvSessions.dateClose)));
}
