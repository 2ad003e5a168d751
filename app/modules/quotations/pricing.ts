/**
 * The quotation maths of both quoting screens (spec 2 §5 "Quotation tools", §9), in integer cents so
 * no float drift reaches a total. Pure: used by the server, the PDF, the Excel file and the browser.
 */

import { articlePrice, discountedCents, type PricedArticle, type PriceList } from "~/modules/pricing/price";

export const VAT_RATE_PERCENT = 16;
export const GLOBAL_DISCOUNT_MAX = 6;
export const VALIDITY_BUSINESS_DAYS = 5;

export { toCents, priceListOf, type Currency, type PriceList, type PricedArticle } from "~/modules/pricing/price";
export type ListingType = "gold_special" | "gold_pro";

export const MESSAGES = {
  badQuantity: "No se agregó el articulo, revisa valor ingresado",
  noLines: "Aún no hay artículos en la lista",
  noMatch: "No se ha encontrado ninguna coincidencia.",
  noMatchTitle: "Lo sentimos.",
  discountCap: `El descuento global máximo es ${GLOBAL_DISCOUNT_MAX} %: se guardó ${GLOBAL_DISCOUNT_MAX} %.`,
  discountPrecio3: "Los clientes con Precio 3 no tienen descuento global: se guardó 0 %.",
  badNumber: "Revisa el valor ingresado: solo se aceptan números y punto decimal.",
  tooLarge: "La cotización supera el importe que se puede guardar: revisa cantidades y precios.",
  needCategory: "Elige la categoría de Mercado Libre para ver los totales.",
  erpUserMissingTitle: "Datos insuficientes",
  erpUserMissing: "Debes completar la información para continuar",
} as const;

export function fromCents(cents: number): number {
  return cents / 100;
}

/**
 * Unit price in pesos (cents) for the client's list, through the one pricing function
 * (app/modules/pricing/price.ts, decision 0038); null when it cannot be worked out (a dollar price
 * with no exchange rate, an unknown currency): the caller shows why instead of a figure.
 */
export function unitPriceCents(article: PricedArticle, priceList: PriceList, exchangeRate: number | null): number | null {
  const price = articlePrice(article, priceList, exchangeRate);
  return price.ok ? price.cents : null;
}

/**
 * The value typed into a quantity, price, discount or shipment box: characters other than digits
 * and a dot are stripped (as the spec's inputs do); null when nothing usable is left.
 */
export function parseDecimal(raw: string | null | undefined): number | null {
  const cleaned = String(raw ?? "").replace(/[^0-9.]/g, "");
  if (cleaned === "" || cleaned === "." || (cleaned.match(/\./g) ?? []).length > 1) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}

/**
 * A quantity to add: digits and a dot only, above 0, at most 3 decimals. A minus sign or letters
 * make it invalid rather than silently changing the number ("-5" is not 5).
 */
export function parseQuantity(raw: string | null | undefined): number | null {
  const text = String(raw ?? "").trim();
  if (!/^[0-9]*\.?[0-9]*$/.test(text)) return null;
  const n = parseDecimal(text);
  if (n === null || n <= 0 || n > 1_000_000) return null;
  return Math.round(n * 1000) / 1000;
}

/**
 * Strict non-negative decimal for money and percentage inputs (no sign, letters or commas), with at
 * most ten digits before the point: a stored quote's money columns hold twelve.
 */
export function parseAmount(raw: string | null | undefined): number | null {
  const text = String(raw ?? "").trim();
  if (text === "") return 0;
  if (!/^[0-9]{0,10}(\.[0-9]*)?$/.test(text)) return null;
  return parseDecimal(text);
}

/** The percent stored, and `notice` when it is not the one asked for (shown to the user). */
export type DiscountDecision = { percent: number; notice?: string };

/**
 * The global discount a quote may carry (spec 2 §5): forced to 0 for Precio 3 clients, capped at 6 %
 * otherwise. The value is lowered, not refused, so the rest of the form is saved with it; the notice
 * tells the user what was stored.
 */
export function decideGlobalDiscount(requested: number, priceList: PriceList): DiscountDecision {
  if (!Number.isFinite(requested) || requested <= 0) return { percent: 0 };
  if (priceList === "Precio 3") return { percent: 0, notice: MESSAGES.discountPrecio3 };
  if (requested > GLOBAL_DISCOUNT_MAX) return { percent: GLOBAL_DISCOUNT_MAX, notice: MESSAGES.discountCap };
  return { percent: Math.round(requested * 100) / 100 };
}

/**
 * A line discount (v4): a value other than 0 lowers the price by that percentage of the original,
 * which is remembered; back at 0 the original price returns.
 */
export function applyLineDiscount(line: { priceCents: number; originalPriceCents: number | null }, percent: number) {
  const original = line.originalPriceCents ?? line.priceCents;
  if (!percent) return { priceCents: original, originalPriceCents: null, discount: 0 };
  const p = Math.min(100, Math.max(0, percent));
  return { priceCents: discountedCents(original, p), originalPriceCents: original, discount: p };
}

/** The quotation screen a figure is for: Cotizador v3 (/products) or v4 (/quotations). */
export type QuoteScreen = "v3" | "v4";

/**
 * The screen a document was asked from (`screen` of its URL; v3 unless it says v4) and the page a
 * refusal is said on: the screen the button is on.
 */
export function documentScreen(param: string | null): { screen: QuoteScreen; back: string } {
  return param === "v4" ? { screen: "v4", back: "/quotations" } : { screen: "v3", back: "/products/quotation" };
}

/** A Mercado Libre quote's terms: the category's fee rate for the listing type, and the screen. */
export type MarketplaceTerms = { feeRate: number; screen: QuoteScreen };

/** Shipment constant (spec 1 §9, 2 §9) and the amount v3 adds under the threshold, in cents. */
export const MARKETPLACE_SHIPMENT_CONSTANT_CENTS = 29850;
export const MARKETPLACE_FLAT_CENTS = 2500;
/** The totals row that shows what the Mercado Libre order type adds. */
export const MARKETPLACE_ADJUSTMENT_LABEL = "Ajuste Mercado Libre";

// Rates are exact to the millionth; the factor 1/(1 − rate) stays a fraction, so each money step
// below is one exact division rounded once (half up) to the cent.
const RATE_SCALE = 1_000_000n;
const scaledRate = (feeRate: number) => (feeRate > 0 && feeRate < 1 ? BigInt(Math.round(feeRate * 1_000_000)) : 0n);
const divRound = (n: bigint, d: bigint) => Number((2n * n + d) / (2n * d));

/**
 * Mercado Libre order type (spec 2 §9 "Marketplace quotation", docs/decisions/0007), read word by
 * word: factor = 1/(1 − rate); the amount is subtotal × factor, or (subtotal + shipment) × factor
 * when the shipment cost is above 0; threshold = 298.5 / factor − 25 pesos; v3 adds 25 pesos when
 * the amount is at or under the threshold, v4 adds nothing. Cents in, cents out.
 */
export function marketplaceSubtotalCents(subtotalCents: number, shipmentCents: number, terms: MarketplaceTerms): number {
  const rate = scaledRate(terms.feeRate);
  const base = BigInt(subtotalCents + (shipmentCents > 0 ? shipmentCents : 0));
  const amount = divRound(base * RATE_SCALE, RATE_SCALE - rate);
  if (terms.screen !== "v3") return amount;
  return amount <= marketplaceThresholdCents(terms.feeRate) ? amount + MARKETPLACE_FLAT_CENTS : amount;
}

/** 298.5 / factor − 25 pesos, in cents: 298.5 × (1 − rate) rounded once, less 25. */
export function marketplaceThresholdCents(feeRate: number): number {
  const rate = scaledRate(feeRate);
  return divRound(BigInt(MARKETPLACE_SHIPMENT_CONSTANT_CENTS) * (RATE_SCALE - rate), RATE_SCALE) - MARKETPLACE_FLAT_CENTS;
}

export function feeRateFor(category: { goldPro: number; goldSpecial: number }, listingType: ListingType): number {
  return listingType === "gold_pro" ? category.goldPro : category.goldSpecial;
}

export type TotalsLine = { priceCents: number; qty: number };
/**
 * `marketplaceCents`: what the Mercado Libre order type adds (its own row in every totals block, so
 * Importe − Descuento + Envío + ajuste = Subtotal); 0 for a normal quote.
 */
export type Totals = {
  linesCents: number;
  discountCents: number;
  shipmentCents: number;
  marketplaceCents: number;
  subtotalCents: number;
  ivaCents: number;
  totalCents: number;
};

/** Line amount: unit price × quantity, rounded once to the cent. */
export function lineAmountCents(line: TotalsLine): number {
  return Math.round((line.priceCents * Math.round(line.qty * 1000)) / 1000);
}

/**
 * Totals: Σ line amounts; the global discount on them; the shipment cost added after the discount
 * (a Mercado Libre quote instead takes (subtotal + shipment) × factor, see marketplaceSubtotalCents);
 * IVA 16 % of that subtotal; total = subtotal + IVA. Each step rounds once, to the cent.
 */
export function computeTotals(
  lines: TotalsLine[],
  discountPercent: number,
  shipmentCents = 0,
  marketplace: MarketplaceTerms | null = null,
): Totals {
  const linesCents = lines.reduce((sum, l) => sum + lineAmountCents(l), 0);
  const discountCents = Math.round((linesCents * Math.round(discountPercent * 100)) / 10000);
  const plain = linesCents - discountCents + shipmentCents;
  const subtotalCents = marketplace ? marketplaceSubtotalCents(linesCents - discountCents, shipmentCents, marketplace) : plain;
  const ivaCents = Math.round((subtotalCents * VAT_RATE_PERCENT) / 100);
  return {
    linesCents,
    discountCents,
    shipmentCents,
    marketplaceCents: subtotalCents - plain,
    subtotalCents,
    ivaCents,
    totalCents: subtotalCents + ivaCents,
  };
}

/** Phone typed as digits, shown 3-3-4 with dashes (up to 10 digits). */
export function formatPhone(raw: string | null | undefined): string {
  const digits = String(raw ?? "")
    .replace(/\D/g, "")
    .slice(0, 10);
  return [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 10)].filter(Boolean).join("-");
}

/** The ERP's quoationId: the quotation date as YYMMDD (Mexico City day). */
export function erpQuotationId(date: Date): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City", year: "2-digit", month: "2-digit", day: "2-digit" })
    .formatToParts(date)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return `${parts.year}${parts.month}${parts.day}`;
}

/** Adds business days (Monday–Friday) to a Mexico City calendar day given as YYYY-MM-DD. */
export function addBusinessDays(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) left -= 1;
  }
  return d.toISOString().slice(0, 10);
}

/** COT-2026-000123, and -R2… for later revisions. */
export function quotationFolio(year: number, seq: number, revision = 1): string {
  const base = `COT-${year}-${String(seq).padStart(6, "0")}`;
  return revision > 1 ? `${base}-R${revision}` : base;
}

// One formatter for every amount: building an Intl.NumberFormat per cell cost more than the cell.
const CENTS = new Intl.NumberFormat("es-MX", { style: "currency", currency: "MXN" });

export function formatCents(cents: number): string {
  // `|| 0`: a zero discount shown negated is −0, which Intl prints as "-$0.00".
  return CENTS.format(cents / 100 || 0);
}
