import { z } from "zod";
import { articlePrice } from "~/modules/pricing/price";
import {
  applyLineDiscount,
  computeTotals,
  feeRateFor,
  priceListOf,
  type ListingType,
  type PriceList,
  type QuoteScreen,
  type Totals,
} from "./pricing";

/**
 * The quotation being edited: one per user, kept on the server (quotation_drafts.data). Product lines
 * keep the article's ERP prices (both lists and currency), so a change of client re-prices them.
 */
const LineSchema = z.object({
  sku: z.string(),
  type: z.enum(["product", "custom"]).default("product"),
  description: z.string(),
  qty: z.number().positive(),
  price2: z.number().default(0),
  price3: z.number().default(0),
  currency: z.enum(["Pesos", "Dolares"]).default("Pesos"),
  stockTotal: z.number().default(0),
  /** Custom lines carry their own price; product lines get it from the list. */
  customPriceCents: z.number().int().nullable().default(null),
  discount: z.number().min(0).max(100).default(0),
  note: z.string().default(""),
});
export type DraftLine = z.infer<typeof LineSchema>;

export const ClientSchema = z.object({
  key: z.string(),
  name: z.string(),
  rfc: z.string().default(""),
  priceList: z.enum(["Precio 2", "Precio 3"]),
  email: z.string().nullable().default(null),
  phones: z.string().nullable().default(null),
});
export type DraftClient = z.infer<typeof ClientSchema>;

export const COUNTER_CLIENT: DraftClient = { key: "V", name: "VENTA MOSTRADOR", rfc: "", priceList: "Precio 2", email: null, phones: null };

export const CategorySchema = z.object({ title: z.string(), goldPro: z.number(), goldSpecial: z.number() });

export const DraftDataSchema = z.object({
  client: ClientSchema.default(COUNTER_CLIENT),
  clientEmail: z.string().default(""),
  clientPhone: z.string().default(""),
  globalDiscount: z.number().min(0).default(0),
  orderType: z.enum(["normal", "mercadolibre"]).default("normal"),
  listingType: z.enum(["gold_special", "gold_pro"]).default("gold_special"),
  category: CategorySchema.nullable().default(null),
  shipmentCents: z.number().int().min(0).default(0),
  notes: z.string().default(""),
  reference: z.string().default(""),
  erpUser: z.string().nullable().default(null),
  /** The chosen agent's name and warehouses (Cotizador v4 fills the warehouse select from them). */
  agentName: z.string().nullable().default(null),
  agentWarehouses: z.array(z.string()).default([]),
  warehouse: z.string().nullable().default(null),
  /** The stored quote this draft revises (its next revision is saved on "Guardar"). */
  sourceId: z.number().int().nullable().default(null),
  sourceFolio: z.string().nullable().default(null),
  lines: z.array(LineSchema).default([]),
});
export type DraftData = z.infer<typeof DraftDataSchema>;

export function readDraftData(raw: unknown): DraftData {
  const parsed = DraftDataSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : DraftDataSchema.parse({});
}

/** `unpriced`: the line has no price in pesos (no exchange rate for a dollar article): shown as "—", never as 0. */
export type PricedLine = DraftLine & { priceCents: number; listPriceCents: number; amountCents: number; unpriced: boolean };
export type PricedDraft = {
  lines: PricedLine[];
  priceList: PriceList;
  /** Null while a Mercado Libre quote has no category, or while a line cannot be priced: totals are not shown yet. */
  totals: Totals | null;
  /** Why a line has no price in pesos (decision 0038): the quote cannot be stored or printed until it has one. */
  pricingError: string | null;
  feeRate: number | null;
  itemCount: number;
};

/**
 * Prices every line for the draft's client and adds up the totals; a Mercado Libre quote keeps the
 * list prices on its lines and adjusts the subtotal (pricing.ts), which differs between the screens.
 */
export function priceDraft(data: DraftData, exchangeRate: number | null, screen: QuoteScreen = "v3"): PricedDraft {
  const priceList = priceListOf(data.client.priceList);
  const ml = data.orderType === "mercadolibre";
  const feeRate = ml && data.category ? feeRateFor(data.category, data.listingType as ListingType) : null;
  let pricingError: string | null = null;
  const lines = data.lines.map((line) => {
    // A free-entry line carries its own price in pesos; an article is priced once, by the one function.
    const priced = line.customPriceCents === null ? articlePrice(line, priceList, exchangeRate) : null;
    if (priced && !priced.ok) {
      pricingError ??= priced.message;
      return { ...line, listPriceCents: 0, priceCents: 0, amountCents: 0, unpriced: true };
    }
    const list = priced ? priced.cents : line.customPriceCents!;
    const discounted = applyLineDiscount({ priceCents: list, originalPriceCents: null }, line.discount).priceCents;
    return { ...line, listPriceCents: list, priceCents: discounted, amountCents: Math.round(discounted * line.qty), unpriced: false };
  });
  const discount = priceList === "Precio 3" ? 0 : data.globalDiscount;
  const totals =
    pricingError !== null || (ml && !data.category)
      ? null
      : computeTotals(lines, discount, data.shipmentCents, feeRate !== null ? { feeRate, screen } : null);
  return { lines, priceList, totals, pricingError, feeRate, itemCount: lines.length };
}

/** The draft's own fields as both quotation screens show them: the shipment as typed pesos, the category by its title. */
export function draftFieldsOf(data: DraftData) {
  return {
    clientEmail: data.clientEmail,
    clientPhone: data.clientPhone,
    globalDiscount: data.globalDiscount,
    orderType: data.orderType,
    listingType: data.listingType,
    category: data.category?.title ?? null,
    shipment: data.shipmentCents ? String(data.shipmentCents / 100) : "",
    notes: data.notes,
    reference: data.reference,
    priceList: priceListOf(data.client.priceList),
    sourceFolio: data.sourceFolio,
  };
}

/** Adds an article or, when already present, raises its quantity (v4: "+1, not a second line"). */
export function addLine(data: DraftData, line: DraftLine): DraftData {
  const existing = data.lines.findIndex((l) => l.type === "product" && l.sku === line.sku);
  if (existing === -1 || line.type === "custom") return { ...data, lines: [...data.lines, line] };
  const lines = data.lines.map((l, i) => (i === existing ? { ...l, qty: Math.round((l.qty + line.qty) * 1000) / 1000 } : l));
  return { ...data, lines };
}

/** Free-entry lines are keyed LIBRE-1, LIBRE-2…: never an ERP SKU, and unique within the draft. */
export const CUSTOM_PREFIX = "LIBRE-";
export function nextCustomKey(data: DraftData): string {
  const used = data.lines.filter((l) => l.type === "custom").map((l) => Number(l.sku.slice(CUSTOM_PREFIX.length)) || 0);
  return `${CUSTOM_PREFIX}${Math.max(0, ...used) + 1}`;
}
