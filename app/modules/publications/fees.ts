import {
  DEFAULT_COMMISSION,
  DISCOUNT_MAX,
  DISCOUNT_MIN,
  FLAT_FEE_DEDUCTION,
  IVA,
  QTY_MIN,
  SHIPMENT_CONSTANT,
  SHIPMENT_FALLBACK,
} from "./constants";

/**
 * The cost summary of a publication (spec 1 §9), the same maths on the server and, live, in the browser.
 *
 * - each linked product: unit price after its discount × qty, plus IVA on that discounted line price;
 * - subtotal = Σ lines, rounded to cents;
 * - commission rate: the category's (from the marketplace) when positive, otherwise 0.2;
 * - shipment: the publication's shipment cost when positive, otherwise the fallback 30;
 * - fee = (subtotal + shipment) / (1 − rate) − subtotal, less a flat 25 when the subtotal is at or
 *   below the shipment constant 298.5 (below it the buyer pays the shipping), never negative;
 * - total = subtotal + fee, rounded to cents. See docs/publications.md for why this reading.
 */
export type CostLine = { price: number; qty: number; discount: number };
export type CostInput = {
  lines: CostLine[];
  commission: number | null | undefined;
  shipmentCost?: number | null;
  shipmentConstant?: number | null;
  iva?: number | null;
};
export type CostSummary = { subtotal: number; rate: number; shipment: number; fee: number; total: number };

export function round2(n: number): number {
  return Math.round((n + Number.EPSILON) * 100) / 100;
}

export function clampDiscount(value: unknown): number {
  const n = Number(value);
  if (!Number.isFinite(n)) return DISCOUNT_MIN;
  return Math.min(DISCOUNT_MAX, Math.max(DISCOUNT_MIN, n));
}

export function clampQty(value: unknown): number {
  const n = Math.floor(Number(value));
  return Number.isFinite(n) && n >= QTY_MIN ? n : QTY_MIN;
}

export function commissionRate(commission: number | null | undefined): number {
  return typeof commission === "number" && Number.isFinite(commission) && commission > 0 && commission < 1
    ? commission
    : DEFAULT_COMMISSION;
}

/** IVA applies to the discounted line price. */
export function lineTotal(line: CostLine, iva = IVA): number {
  const unit = (Number(line.price) || 0) * (1 - clampDiscount(line.discount) / 100);
  return unit * clampQty(line.qty) * (1 + iva);
}

export function computeCost(input: CostInput): CostSummary {
  const iva = typeof input.iva === "number" && input.iva >= 0 ? input.iva : IVA;
  const constant = typeof input.shipmentConstant === "number" && input.shipmentConstant > 0 ? input.shipmentConstant : SHIPMENT_CONSTANT;
  const subtotal = round2(input.lines.reduce((sum, l) => sum + lineTotal(l, iva), 0));
  if (subtotal <= 0) return { subtotal: 0, rate: commissionRate(input.commission), shipment: 0, fee: 0, total: 0 };
  const rate = commissionRate(input.commission);
  const shipment = typeof input.shipmentCost === "number" && input.shipmentCost > 0 ? input.shipmentCost : SHIPMENT_FALLBACK;
  let fee = (subtotal + shipment) / (1 - rate) - subtotal;
  if (subtotal <= constant) fee -= FLAT_FEE_DEDUCTION;
  fee = round2(Math.max(0, fee));
  return { subtotal, rate, shipment, fee, total: round2(subtotal + fee) };
}

/** The rate a commission answer implies: its percentage, or the fee over the price without the fixed part. */
export function rateFromCommission(
  answer: { saleFeeAmount: number; percentageFee: number | null; fixedFee: number | null } | null,
  price: number,
): number | null {
  if (!answer) return null;
  if (answer.percentageFee != null && answer.percentageFee > 0) return answer.percentageFee / 100;
  if (price > 0) return Math.max(0, answer.saleFeeAmount - (answer.fixedFee ?? 0)) / price;
  return null;
}
