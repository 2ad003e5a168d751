/**
 * Point-of-sale arithmetic, in integer cents (spec section 5 'PDV'). Usable on the client and the
 * server: the server recomputes everything a form posts.
 */

export const VAT_RATE = 16;
export const DISCOUNTS = [2, 4, 8, 10] as const;
export type Discount = 0 | (typeof DISCOUNTS)[number];
export const DENOMINATIONS = [1000, 500, 200, 100, 50, 20, 10, 5, 2, 1, 0.5] as const;
/** Close-box tolerance: 0.5 pesos. */
export const CLOSE_TOLERANCE_CENTS = 50;
export const MAX_QTY = 9999;
/** Cancel detail (spec 2 §5 'Cancel sale', §9): the manager's name and the reason. */
export const CANCEL_MANAGER_MAX = 100;
export const CANCEL_REASON_MAX = 150;
export const CANCEL_TOO_LONG = "El nombre admite 100 caracteres y el motivo 150.";
/** The reason for closing a box that does not add up, as long as a cancel reason. */
export const CLOSE_REASON_MAX = 150;

export const toCents = (pesos: number) => Math.round(pesos * 100);
export const toPesos = (cents: number) => cents / 100;

export function isDiscount(value: number): value is Discount {
  return value === 0 || (DISCOUNTS as readonly number[]).includes(value);
}

/** 8 % and 10 % need a manager's confirmation code; 2 % and 4 % do not. */
export const discountNeedsCode = (discount: Discount) => discount >= 8;

/** Exactly one discount: pressing the active one clears it, pressing another replaces it. */
export function toggleDiscount(current: Discount, pressed: Discount): Discount {
  return pressed === current ? 0 : pressed;
}

export type CartLineInput = { priceCents: number; qty: number };
export type Totals = { baseCents: number; discountCents: number; subtotalCents: number; ivaCents: number; totalCents: number };

/** discount = base × rate; subtotal = base − discount; IVA = 16 % of subtotal; total = subtotal + IVA. */
export function saleTotals(lines: readonly CartLineInput[], discount: Discount): Totals {
  const baseCents = lines.reduce((sum, l) => sum + l.priceCents * l.qty, 0);
  const discountCents = Math.round((baseCents * discount) / 100);
  const subtotalCents = baseCents - discountCents;
  const ivaCents = Math.round((subtotalCents * VAT_RATE) / 100);
  return { baseCents, discountCents, subtotalCents, ivaCents, totalCents: subtotalCents + ivaCents };
}

/**
 * A quantity as typed: empty, non-numeric, decimal, with a leading zero or below 1 becomes 1;
 * above the maximum it is capped.
 */
export function parseQuantity(raw: string | null | undefined): number {
  const text = (raw ?? "").trim();
  if (!/^[1-9]\d*$/.test(text)) return 1;
  return Math.min(Number(text), MAX_QTY);
}

export type PaymentMethod = "cash" | "debit" | "credit";
export type Payment = { active: Record<PaymentMethod, boolean>; cents: Record<PaymentMethod, number> };

export const emptyPayment = (): Payment => ({
  active: { cash: false, debit: false, credit: false },
  cents: { cash: 0, debit: 0, credit: 0 },
});

/** Sum of the active methods' amounts (an inactive method counts as zero). */
export function paidCents(p: Payment): number {
  return (["cash", "debit", "credit"] as const).reduce((s, m) => s + (p.active[m] ? p.cents[m] : 0), 0);
}

/**
 * Turning a method on or off. Off zeroes its amount; a card turned on takes what is left of the
 * total after the other active methods.
 */
export function setMethodActive(p: Payment, method: PaymentMethod, on: boolean, totalCents: number): Payment {
  const next: Payment = { active: { ...p.active, [method]: on }, cents: { ...p.cents, [method]: 0 } };
  if (on && method !== "cash") next.cents[method] = Math.max(0, totalCents - paidCents(next));
  return next;
}

/** A card amount typed: the other active card becomes the remainder of the total. */
export function setCardAmount(p: Payment, method: "debit" | "credit", cents: number, totalCents: number): Payment {
  const next: Payment = { active: { ...p.active }, cents: { ...p.cents, [method]: Math.max(0, cents) } };
  const other = method === "debit" ? "credit" : "debit";
  if (next.active[other]) {
    const cash = next.active.cash ? next.cents.cash : 0;
    next.cents[other] = Math.max(0, totalCents - cash - next.cents[method]);
  }
  return next;
}

/** The paid amount must reach the total (rounded to cents); change is what exceeds it. */
export function paymentCheck(p: Payment, totalCents: number): { enough: boolean; changeCents: number; paidCents: number } {
  const paid = paidCents(p);
  return { enough: paid >= totalCents, changeCents: Math.max(0, paid - totalCents), paidCents: paid };
}

/** The largest amount wins: cash "01", debit "28", otherwise credit "04" (condition CREDITO). */
export function paymentWay(p: Payment): { way: "01" | "28" | "04"; condition: "CONTADO" | "CREDITO" } {
  const cash = p.active.cash ? p.cents.cash : 0;
  const debit = p.active.debit ? p.cents.debit : 0;
  const credit = p.active.credit ? p.cents.credit : 0;
  if (cash >= debit && cash >= credit) return { way: "01", condition: "CONTADO" };
  if (debit >= credit) return { way: "28", condition: "CONTADO" };
  return { way: "04", condition: "CREDITO" };
}

export type DenominationCount = Partial<Record<string, number>>;

/** The drawer's total from a count per denomination (1000 … 0.5), in cents. */
export function denominationCents(count: DenominationCount): number {
  return DENOMINATIONS.reduce((sum, d) => sum + Math.round(d * 100) * Math.max(0, Math.floor(count[String(d)] ?? 0)), 0);
}

export type CloseExpected = { fundCents: number; cashCents: number; debitCents: number; creditCents: number };
export type CloseCounted = { drawerCents: number; fundCents: number; debitCents: number; creditCents: number };

export type CloseCheck = {
  total: { expected: number; counted: number; ok: boolean };
  card: { expected: number; counted: number; ok: boolean };
  cash: { expected: number; counted: number; ok: boolean };
  fund: { expected: number; counted: number; ok: boolean };
  matches: boolean;
  /** Counted minus expected over everything, in cents. */
  differenceCents: number;
};

/**
 * Close-box is allowed when the counted total, card total, cash total and the fixed fund each match
 * the expected values within 0.5. The drawer holds the fund plus the cash sales.
 */
export function closeCheck(expected: CloseExpected, counted: CloseCounted): CloseCheck {
  const within = (a: number, b: number) => Math.abs(a - b) <= CLOSE_TOLERANCE_CENTS;
  const expectedTotal = expected.fundCents + expected.cashCents + expected.debitCents + expected.creditCents;
  const countedTotal = counted.drawerCents + counted.debitCents + counted.creditCents;
  const expectedCard = expected.debitCents + expected.creditCents;
  const countedCard = counted.debitCents + counted.creditCents;
  const countedCash = counted.drawerCents - counted.fundCents;
  const total = { expected: expectedTotal, counted: countedTotal, ok: within(expectedTotal, countedTotal) };
  const card = { expected: expectedCard, counted: countedCard, ok: within(expectedCard, countedCard) };
  const cash = { expected: expected.cashCents, counted: countedCash, ok: within(expected.cashCents, countedCash) };
  const fund = { expected: expected.fundCents, counted: counted.fundCents, ok: within(expected.fundCents, counted.fundCents) };
  return { total, card, cash, fund, matches: total.ok && card.ok && cash.ok && fund.ok, differenceCents: countedTotal - expectedTotal };
}

/** PDV-{sale id} S-{session id}: how the ERP knows a sale. */
export const erpReference = (saleId: number, sessionId: number) => `PDV-${saleId} S-${sessionId}`;

/**
 * A money text as typed ("1,234.50", "$ 100") to cents; null when it is not a non-negative amount.
 * At most ten digits of pesos: the money columns hold twelve, and a box's sums add a few amounts up.
 */
export function parseMoney(raw: string | null | undefined): number | null {
  const text = (raw ?? "").replace(/[\s$,]/g, "");
  if (text === "") return 0;
  if (!/^\d{1,10}(\.\d{0,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}
