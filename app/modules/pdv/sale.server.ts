import crypto from "node:crypto";
import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import { getDb } from "@server/db/client";
import { pdvCartLines, pdvOutbox, pdvSaleLines, pdvSales, pdvSessions, products, users } from "@server/db/schema";
import { getIntegrations } from "@server/integrations";
import { audit } from "~/modules/logs/audit.server";
import { PRICING_MESSAGES } from "~/modules/pricing/price";
import { BOX_CLOSED, loadCart, lockOpenBox, type PdvResult } from "./box.server";
import { erpReference, paymentCheck, paymentWay, type Payment } from "./rules";

export const SHORT_PAYMENT = "El total pagado es insuficiente.";
export const EMPTY_CART = "El carrito está vacío.";
export const OTHER_SESSION = "La venta no corresponde a tu caja abierta.";

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const LOWER = "abcdefghijklmnopqrstuvwxyz0123456789";
function randomChars(n: number, alphabet: string) {
  let out = "";
  while (out.length < n) {
    for (const b of crypto.randomBytes(n * 2)) {
      if (b < 256 - (256 % alphabet.length) && out.length < n) out += alphabet[b % alphabet.length];
    }
  }
  return out;
}

export const newPaymentToken = () => crypto.randomUUID();

export type SaleOutcome = { saleId: number; repeat: boolean };

/**
 * One sale from the open session's cart, exactly once per payment token. The session row is locked,
 * so a second submit of the same form (double click, another tab, a retry) waits, then finds the
 * token already used and answers with the first sale (repeat_sale); a different form finds the
 * cart already sold and empty.
 */
export async function commitSale(
  user: { id: number; intelisisAgent: string | null },
  input: { sessionId: number; token: string; payment: Payment },
): Promise<PdvResult<SaleOutcome>> {
  return getDb().transaction(async (tx) => {
    const repeated = async () => {
      const [done] = await tx
        .select({ id: pdvSales.id, userId: pdvSales.userId })
        .from(pdvSales)
        .where(eq(pdvSales.paymentToken, input.token))
        .limit(1);
      return done && done.userId === user.id ? done.id : null;
    };
    const before = await repeated();
    if (before) return { ok: true as const, value: { saleId: before, repeat: true } };
    const box = await lockOpenBox(tx, user.id);
    if (!box) return { ok: false as const, message: BOX_CLOSED, reason: "conflict" as const };
    const after = await repeated();
    if (after) return { ok: true as const, value: { saleId: after, repeat: true } };
    if (box.id !== input.sessionId) return { ok: false as const, message: OTHER_SESSION, reason: "conflict" as const };
    const cart = await loadCart(box, tx);
    if (cart.lines.length === 0) return { ok: false as const, message: EMPTY_CART, reason: "conflict" as const };
    // A line of an article in dollars must carry the rate it was priced at (decision 0038).
    const unpriced = cart.lines.find((l) => l.currency !== "Pesos" && l.exchangeRate === null);
    if (unpriced) return { ok: false as const, message: `${PRICING_MESSAGES.noRate} (${unpriced.sku})`, reason: "refused" as const };
    const rates = [...new Set(cart.lines.map((l) => l.exchangeRate).filter((r): r is number => r !== null))];
    const { totals } = cart;
    const check = paymentCheck(input.payment, totals.totalCents);
    if (!check.enough) return { ok: false as const, message: SHORT_PAYMENT, reason: "refused" as const };
    const way = paymentWay(input.payment);
    const pay = input.payment;
    const amount = (m: "cash" | "debit" | "credit") => (pay.active[m] ? pay.cents[m] : 0) / 100;
    const [sale] = await tx
      .insert(pdvSales)
      .values({
        sessionId: box.id,
        userId: user.id,
        boxId: 1,
        total: totals.totalCents / 100,
        subtotal: totals.subtotalCents / 100,
        totalDiscount: totals.discountCents / 100,
        ivaTotal: totals.ivaCents / 100,
        amountCash: amount("cash"),
        amountCardDebit: amount("debit"),
        amountCardCredit: amount("credit"),
        changeMoney: check.changeCents / 100,
        discountApplied: cart.discount,
        invoiceCode: randomChars(5, ALNUM),
        paymentWay: way.way,
        paymentCondition: way.condition,
        saleCode: `${user.id}-${randomChars(5, LOWER)}`,
        intelisisAgent: user.intelisisAgent,
        paymentToken: input.token,
        exchangeRate: rates.length ? Math.max(...rates) : null,
      })
      .returning({ id: pdvSales.id });
    await tx.insert(pdvSaleLines).values(
      cart.lines.map((l) => ({
        saleId: sale.id,
        productId: l.productId,
        sku: l.sku,
        description: l.description,
        price: l.priceCents / 100,
        listPrice: l.listPrice,
        currency: l.currency,
        exchangeRate: l.exchangeRate,
        qty: l.qty,
        amount: l.amountCents / 100,
        barcode: l.barcode,
      })),
    );
    for (const l of cart.lines) {
      await tx
        .update(products)
        .set({ stockTotal: sql`${products.stockTotal} - ${l.qty}` })
        .where(eq(products.id, l.productId));
    }
    await tx.delete(pdvCartLines).where(eq(pdvCartLines.sessionId, box.id));
    await tx.update(pdvSessions).set({ cartDiscount: 0, deleteModeBy: null }).where(eq(pdvSessions.id, box.id));
    await tx.insert(pdvOutbox).values({ kind: "sale", saleId: sale.id });
    await audit(
      {
        message: `PDV: venta ${sale.id} por ${(totals.totalCents / 100).toFixed(2)}`,
        type: "create",
        tags: ["pdv", "sale"],
        identifier: sale.id,
        userId: user.id,
        detail: { sessionId: box.id, discount: cart.discount, lines: cart.lines.length, paymentWay: way.way },
      },
      tx,
    );
    return { ok: true as const, value: { saleId: sale.id, repeat: false } };
  });
}

// ------------------------------------------------------------------ outbox to the ERP

const BACKOFF_SECONDS = [5, 30, 120, 600, 1800];
const LEASE_SECONDS = 120;

/** Claims due rows (a lease pushes their next attempt forward, so two workers never send one twice). */
async function claim(limit: number, saleId?: number) {
  return getDb().transaction(async (tx) => {
    const due = await tx
      .select({ id: pdvOutbox.id })
      .from(pdvOutbox)
      .where(and(isNull(pdvOutbox.doneAt), lte(pdvOutbox.nextAttemptAt, new Date()), saleId ? eq(pdvOutbox.saleId, saleId) : undefined))
      .orderBy(asc(pdvOutbox.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(pdvOutbox)
      .set({ attempts: sql`${pdvOutbox.attempts} + 1`, nextAttemptAt: sql`now() + interval '${sql.raw(String(LEASE_SECONDS))} seconds'` })
      .where(sql`${pdvOutbox.id} in ${due.map((d) => d.id)}`)
      .returning();
  });
}

async function saleForErp(saleId: number) {
  const [sale] = await getDb()
    .select({ sale: pdvSales, agent: users.intelisisAgent })
    .from(pdvSales)
    .innerJoin(users, eq(users.id, pdvSales.userId))
    .where(eq(pdvSales.id, saleId))
    .limit(1);
  if (!sale) return null;
  const lines = await getDb().select().from(pdvSaleLines).where(eq(pdvSaleLines.saleId, saleId)).orderBy(asc(pdvSaleLines.id));
  return { ...sale, lines };
}

/** Sends one claimed row; the ERP call runs outside any transaction. */
async function deliver(row: typeof pdvOutbox.$inferSelect): Promise<boolean> {
  const erp = getIntegrations().erp;
  try {
    const found = await saleForErp(row.saleId);
    if (!found) {
      await getDb().update(pdvOutbox).set({ doneAt: new Date(), lastError: "La venta ya no existe" }).where(eq(pdvOutbox.id, row.id));
      return false;
    }
    const { sale, lines } = found;
    const reference = erpReference(sale.id, sale.sessionId);
    if (row.kind === "sale") {
      const movements = await erp.createPdvQuotation({
        reference,
        agent: sale.intelisisAgent ?? found.agent,
        warehouse: "1",
        client: "V",
        items: lines.map((l) => ({ sku: l.sku, price: l.price, qty: l.qty, subtotal: l.amount })),
        total: sale.total,
        paymentWay: sale.paymentWay,
        paymentCondition: sale.paymentCondition === "CREDITO" ? "CREDITO" : "CONTADO",
      });
      await getDb().transaction(async (tx) => {
        await tx
          .update(pdvSales)
          .set({
            intelisisStatus: true,
            intelisisMovs: movements.map((m) => ({ mov: m.mov, movid: m.movId, ultimocambio: m.lastChange })),
            lastUpdated: new Date(),
          })
          .where(eq(pdvSales.id, sale.id));
        await tx.update(pdvOutbox).set({ doneAt: new Date(), lastError: null }).where(eq(pdvOutbox.id, row.id));
      });
    } else {
      await erp.sendCancelDetail({ reference, cancelDetail: String(row.payload.cancelDetail ?? sale.cancelDetail ?? "") });
      await getDb().update(pdvOutbox).set({ doneAt: new Date(), lastError: null }).where(eq(pdvOutbox.id, row.id));
    }
    return true;
  } catch (error) {
    const wait = BACKOFF_SECONDS[Math.min(row.attempts - 1, BACKOFF_SECONDS.length - 1)] ?? 1800;
    await getDb()
      .update(pdvOutbox)
      .set({
        lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
        nextAttemptAt: sql`now() + interval '${sql.raw(String(wait))} seconds'`,
      })
      .where(eq(pdvOutbox.id, row.id));
    return false;
  }
}

/** Sends what is due (every 15 s on one instance: the job runner, server/jobs/app-jobs.ts); returns how many rows reached the ERP. */
export async function drainPdvOutbox(limit = 20): Promise<{ sent: number; failed: number }> {
  const rows = await claim(limit);
  let sent = 0;
  for (const row of rows) if (await deliver(row)) sent++;
  return { sent, failed: rows.length - sent };
}

/** Right after a sale: try its own row once, within a time budget, so the cashier learns the outcome. */
export async function sendSaleNow(saleId: number, budgetMs = 2000): Promise<"sent" | "pending"> {
  const work = (async () => {
    const rows = await claim(5, saleId);
    let ok = rows.length > 0;
    for (const row of rows) ok = (await deliver(row)) && ok;
    return ok ? ("sent" as const) : ("pending" as const);
  })();
  const timeout = new Promise<"pending">((resolve) => setTimeout(() => resolve("pending"), budgetMs).unref?.());
  return Promise.race([work, timeout]);
}
