/**
 * The one way an article's price becomes pesos (spec 2 §5 "Quotation tools", "Prices"; decision
 * 0038): the price list picks the figure (Precio 3 uses precio3, otherwise precio2), a figure in
 * "Dolares" is multiplied by the dollar price (settings.dollar_price) and fixed to 2 decimals, and a
 * discount lowers the result by its percentage, rounded once to the cent. Pure: the server, the
 * documents and the browser all price with it, in integer cents.
 *
 * A price it cannot work out (a currency other than Pesos or Dolares, a dollar price with no rate or
 * a rate that is not a positive number) is refused with a Spanish message, never guessed.
 */

export type Currency = "Pesos" | "Dolares";
export type PriceList = "Precio 2" | "Precio 3";

export const PRICING_MESSAGES = {
  noRate: "No hay tipo de cambio del dólar: no se puede calcular el precio en pesos.",
  unknownCurrency: (currency: string) =>
    `La moneda del precio del artículo («${currency || "vacía"}») no es Pesos ni Dolares: no se puede calcular el precio en pesos.`,
  /** What a list shows in place of a price it cannot work out (with the reason as its title). */
  unavailable: "—",
} as const;

/** A figure in the article's own currency. */
export type ForeignPrice = { amount: number; currency: string };

export type PesoPrice =
  | {
      ok: true;
      /** Pesos, after the discount. */
      cents: number;
      /** Pesos before the discount (the list figure converted). */
      listCents: number;
      currency: Currency;
      /** The figure in the article's currency, and the rate it was converted at (dollar articles only). */
      amount: number;
      rate: number | null;
    }
  | { ok: false; reason: "currency" | "rate"; message: string };

/** Money in a decimal unit (pesos, dollars) to integer cents, rounding half away from zero. */
export function toCents(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value) * 100 + 1e-7);
}

/** "(Precio 3)" / "Precio 3" / anything else → the list the prices follow. */
export function priceListOf(raw: string | null | undefined): PriceList {
  return raw && /3/.test(raw) ? "Precio 3" : "Precio 2";
}

/** The dollar price as kept in settings (a number or a numeric text); null when missing or not positive. */
export function exchangeRateOf(raw: unknown): number | null {
  if (raw === null || raw === undefined || raw === "" || typeof raw === "boolean") return null;
  const n = typeof raw === "number" ? raw : typeof raw === "string" ? Number(raw.trim()) : NaN;
  return Number.isFinite(n) && n > 0 ? n : null;
}

export function isCurrency(raw: unknown): raw is Currency {
  return raw === "Pesos" || raw === "Dolares";
}

/** An amount lowered by `percent` (0–100) of itself, rounded once, half up, to the cent. */
export function discountedCents(cents: number, percent: number): number {
  if (!percent) return cents;
  const p = Math.min(100, Math.max(0, percent));
  return Math.round((cents * (100 - p)) / 100);
}

/**
 * THE pricing function: a figure in its currency → pesos (cents), at `rate` pesos per dollar,
 * less `discountPercent`. Dollars: the fixed-point product (both to 1/10000) rounded once to the
 * cent, half up, so 1.005 × 20 is 20.10 and 21.50 × 18.35 = 394.525 is 394.53.
 */
export function pesoPrice(price: ForeignPrice, rate: number | null, discountPercent = 0): PesoPrice {
  const amount = Number(price.amount) || 0;
  if (!isCurrency(price.currency))
    return { ok: false, reason: "currency", message: PRICING_MESSAGES.unknownCurrency(String(price.currency ?? "")) };
  let listCents: number;
  if (price.currency === "Pesos") {
    listCents = toCents(amount);
  } else {
    if (rate === null || !Number.isFinite(rate) || rate <= 0) return { ok: false, reason: "rate", message: PRICING_MESSAGES.noRate };
    const raw = Math.round(amount * 10000) * Math.round(rate * 10000);
    listCents = Math.sign(raw) * Math.round(Math.abs(raw) / 1_000_000);
  }
  return {
    ok: true,
    cents: discountedCents(listCents, discountPercent),
    listCents,
    currency: price.currency,
    amount,
    rate: price.currency === "Dolares" ? rate : null,
  };
}

/** An article as the ERP prices it: both lists, in its currency. */
export type PricedArticle = { price2: number; price3: number; currency: string };

/** The figure a client's list takes: Precio 3 uses precio3, anything else precio2. */
export function listAmount(article: Pick<PricedArticle, "price2" | "price3">, priceList: PriceList): number {
  return priceList === "Precio 3" ? article.price3 : article.price2;
}

/** An article's price for a client's list, in pesos. */
export function articlePrice(article: PricedArticle, priceList: PriceList, rate: number | null, discountPercent = 0): PesoPrice {
  return pesoPrice({ amount: listAmount(article, priceList), currency: article.currency }, rate, discountPercent);
}

/** Thrown by the callers that must have a price (the till, a stored quote) when there is none. */
export class PricingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PricingError";
  }
}

/** The peso cents of a price already known to be computable; a refusal throws PricingError. */
export function centsOrThrow(price: PesoPrice): number {
  if (!price.ok) throw new PricingError(price.message);
  return price.cents;
}

/** Pesos as a number with 2 decimals (for money columns and views that carry pesos). */
export const pesosOf = (cents: number) => cents / 100;

const DOLLARS = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The dollar figure and rate a peso price came from, e.g. "US$21.50 × 18.35"; null for a peso article. */
export function dollarHint(price: { currency: string; amount: number; rate: number | null }): string | null {
  if (price.currency !== "Dolares" || price.rate === null) return null;
  return `US$${DOLLARS.format(price.amount)} × ${formatRate(price.rate)}`;
}

/** A rate as shown: at least 2 decimals, up to 4 ("18.35", "18.1234"). */
export function formatRate(rate: number): string {
  return RATE.format(rate);
}
const RATE = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 4, useGrouping: false });

/**
 * A price as a screen shows it: `price` in pesos, or null when it cannot be worked out; `priceNote`
 * the dollar hint ("US$21.50 × 18.35") of a dollar price, or why there is no price.
 */
export type PriceView = { price: number | null; priceNote: string | null };

export function priceView(price: ForeignPrice, rate: number | null): PriceView {
  return viewOf(pesoPrice(price, rate));
}

/** A price already worked out, as a screen shows it (see `PriceView`). */
export function viewOf(priced: PesoPrice): PriceView {
  return priced.ok ? { price: priced.cents / 100, priceNote: dollarHint(priced) } : { price: null, priceNote: priced.message };
}
