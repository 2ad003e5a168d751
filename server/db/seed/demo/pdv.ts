import type { DateTime } from "luxon";
import { pdvSaleLines, pdvSales, pdvSessions } from "../../schema";
import type { Catalog } from "./catalog";
import { VAT } from "./constants";
import { insertChunks, type SeedContext } from "./context";
import { rngFor, round2 } from "./random";
import { iso, js } from "./time";

export const DENOMINATIONS = [1000, 500, 200, 100, 50, 20, 10, 5, 2, 1, 0.5];

/** Counts per denomination that add up to `amount` (greedy, as a cashier would count). */
export function denominationCount(amount: number): Record<string, number> {
  let cents = Math.round(amount * 100);
  const out: Record<string, number> = {};
  for (const d of DENOMINATIONS) {
    const dc = Math.round(d * 100);
    const n = Math.floor(cents / dc);
    out[String(d)] = n;
    cents -= n * dc;
  }
  return out;
}

/**
 * Point of sale for the cashier demo user: yesterday's closed session (with its box cut) and today's open
 * one. Line prices include VAT (counter price = precio2 × 1.16). Session amounts: amount_cash, amount_card_*
 * are the sales by payment method; amount_box_cut is their sum; amount_close is the cash counted in the drawer
 * (opening float + cash sales), detailed per denomination in amount_detail.
 */
export async function seedPdv(ctx: SeedContext, catalog: Catalog) {
  const { tx, clock, users } = ctx;
  const cashier = users.cajero;
  const manager = [...users.byEmail.values()].find((u) => u.id === users.gerentePdv);
  const agent = [...users.byEmail.values()].find((u) => u.id === cashier)?.intelisisAgent ?? "CAJA1";
  const counter = catalog.products.filter((p) => p.isActive && !p.isCombo && p.priceMxn < 3000 && p.stockTotal > 0);

  const closedOpen = clock.at(1, 9, 2);
  const closedClose = clock.at(1, 18, 7);
  const openOpen = clock.at(0, 9, 5);
  const sessions = [
    { id: 1, open: closedOpen, close: closedClose as DateTime | null, amountOpen: 1500, sales: 9 },
    { id: 2, open: openOpen, close: null, amountOpen: 1500, sales: 4 },
  ];

  const saleRows: Array<typeof pdvSales.$inferInsert> = [];
  const lineRows: Array<typeof pdvSaleLines.$inferInsert> = [];
  const sessionRows: Array<typeof pdvSessions.$inferInsert> = [];
  let saleId = 0;
  let movId = 3180;

  for (const s of sessions) {
    const end = s.close ?? clock.anchor;
    const span = Math.max(1, end.diff(s.open, "minutes").minutes - 5);
    let cash = 0;
    let debit = 0;
    let credit = 0;
    for (let k = 0; k < s.sales; k++) {
      const r = rngFor("pdv-sale", s.id * 100 + k);
      saleId += 1;
      const date = s.open.plus({ minutes: Math.round(((k + 0.5 + r.next() * 0.4) / s.sales) * span) });
      const items = r.sample(counter, r.int(1, 4));
      let gross = 0;
      items.forEach((p) => {
        const qty = r.pick([1, 1, 2, 3, 5]);
        const price = round2(p.priceMxn * (1 + VAT));
        const amount = round2(price * qty);
        gross += amount;
        lineRows.push({
          saleId,
          productId: p.sku,
          sku: p.sku,
          description: p.intelisisName || p.name,
          price,
          qty,
          amount,
          barcode: null,
          isActive: true,
        });
      });
      gross = round2(gross);
      const discountApplied = r.weighted([
        [0, 70],
        [2, 10],
        [4, 8],
        [8, 7],
        [10, 5],
      ] as const);
      const total = round2(gross * (1 - discountApplied / 100));
      const subtotal = round2(total / (1 + VAT));
      const way = r.weighted([
        ["01", 60],
        ["28", 25],
        ["04", 15],
      ] as const);
      const mixed = way !== "01" && r.chance(0.2);
      let amountCash = 0;
      let amountDebit = 0;
      let amountCredit = 0;
      let change = 0;
      if (way === "01") {
        amountCash = Math.ceil(total / 50) * 50 + (r.chance(0.3) ? 50 : 0);
        change = round2(amountCash - total);
      } else if (mixed) {
        amountCash = Math.min(200, Math.floor(total / 2));
        if (way === "28") amountDebit = round2(total - amountCash);
        else amountCredit = round2(total - amountCash);
      } else if (way === "28") amountDebit = total;
      else amountCredit = total;
      const cancelled = s.id === 1 && k === 4;
      if (!cancelled) {
        cash += amountCash - change;
        debit += amountDebit;
        credit += amountCredit;
      }
      const sent = s.close !== null || k < 2;
      if (sent) movId += r.int(1, 3);
      saleRows.push({
        id: saleId,
        sessionId: s.id,
        userId: cashier,
        boxId: 1,
        total,
        subtotal,
        totalDiscount: round2(gross - total),
        ivaTotal: round2(total - subtotal),
        isActive: !cancelled,
        amountCash,
        amountCardDebit: amountDebit,
        amountCardCredit: amountCredit,
        changeMoney: change,
        discountApplied,
        invoiceCode: rngFor("pdv-invoice", saleId).chars(5),
        paymentWay: way,
        paymentCondition: "CONTADO",
        saleCode: `${cashier}-${rngFor("pdv-code", saleId).chars(5, "abcdefghijklmnopqrstuvwxyz0123456789")}`,
        intelisisAgent: agent,
        intelisisStatus: sent,
        intelisisMovs: sent ? [{ mov: "Nota", movid: `PDV${movId}`, ultimocambio: iso(date.plus({ minutes: 2 })) }] : [],
        cancelDetail: cancelled
          ? `Autorizó: ${manager ? `${manager.firstName} ${manager.lastName}` : "Gerente"}. Motivo: el cliente cambió de opinión antes de pagar.`
          : null,
        dateCreated: js(date),
        lastUpdated: js(cancelled ? date.plus({ minutes: 6 }) : date),
      });
    }
    const cashTotal = round2(cash);
    sessionRows.push({
      id: s.id,
      userId: cashier,
      amountOpen: s.amountOpen,
      dateOpen: js(s.open),
      dateClose: s.close ? js(s.close) : null,
      amountCash: s.close ? cashTotal : null,
      amountCardDebit: s.close ? round2(debit) : null,
      amountCardCredit: s.close ? round2(credit) : null,
      amountBoxCut: s.close ? round2(cashTotal + debit + credit) : null,
      amountClose: s.close ? round2(s.amountOpen + cashTotal) : null,
      amountDetail: s.close ? denominationCount(s.amountOpen + cashTotal) : null,
    });
  }

  await insertChunks(tx, pdvSessions, sessionRows);
  await insertChunks(tx, pdvSales, saleRows);
  await insertChunks(tx, pdvSaleLines, lineRows);
  return { sessions: sessionRows.length, sales: saleRows.length };
}
