import { DateTime } from "luxon";
import { ZONE } from "@common/format";
import { LOGISTIC_LABELS } from "~/lib/labels";
import { displayStatus } from "./display-status";

/**
 * Pure rules of the order dialog and list (spec 1 §2 "Order modal rules", §3, §4). No I/O: used by
 * the loaders to decide what to offer and by the actions to refuse what is not allowed.
 */

export const VAT = 0.16;
export const ECOMMERCE_INCREASE = 0.1;
export const INVOICE_LINK_HOURS = 24;

export { LOGISTIC_LABELS };

export function logisticLabel(logisticType: string | null | undefined): string {
  if (!logisticType) return "—";
  return LOGISTIC_LABELS[logisticType] ?? logisticType.toUpperCase();
}

type StatusOrder = { status: string; orderStatus: string; logisticType: string | null };

/** Display keys at which the marketplace hands out a label. */
const LABEL_KEYS = new Set(["ready_to_print", "regenerating", "ready_for_pickup", "printed"]);
const LABEL_READY_KEYS = new Set(["ready_to_print", "regenerating"]);

/**
 * Label print: the status reads "Etiqueta lista para imprimir", "Listo para recolección" or
 * "Etiqueta impresa", never for fulfillment; "reprint" once printed.
 */
export function labelAction(order: StatusOrder & { printedLabel: boolean }): { allowed: boolean; reprint: boolean } {
  const key = displayStatus(order).key;
  const allowed = order.logisticType !== "fulfillment" && LABEL_KEYS.has(key);
  return { allowed, reprint: allowed && (order.printedLabel || key === "printed") };
}

/**
 * The order dialog's "Recibe" row: the shipping recipient's name when it is not the buyer the
 * marketplace names (compared without case); null when they are the same person or it is unknown.
 */
export function separateRecipient(shippingName: string, buyerName: string): string | null {
  return shippingName && shippingName.toLowerCase() !== buyerName.toLowerCase() ? shippingName : null;
}

/** Stages at which the label is printed and the package waits for the carrier. */
const DISPATCH_KEYS = new Set(["printed", "ready_for_pickup"]);
/** Logistic types the seller hands to a carrier (not Full, not "a acordar", not quoter or web-shop orders). */
const DISPATCHED_TYPES = new Set(["drop_off", "cross_docking", "xd_drop_off"]);

/**
 * "Despachar paquete" (sendPackage): offered once the label is printed (the status reads "Etiqueta
 * impresa" or "Listo para recolección", or the label was printed here) and the order is not cancelled.
 */
export function canSendPackage(order: StatusOrder & { printedLabel: boolean }): boolean {
  if (order.orderStatus === "cancelled" || !DISPATCHED_TYPES.has(order.logisticType ?? "")) return false;
  const key = displayStatus(order).key;
  return DISPATCH_KEYS.has(key) || (order.printedLabel && LABEL_KEYS.has(key));
}

/** YYYY-MM-DD of an instant in Mexico City (one cached formatter: this runs for every listed row). */
const mxDay = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
const dayOf = (value: Date | string) => mxDay.format(value instanceof Date ? value : new Date(value));

/** "Estás con demora": the label is ready and today (Mexico City) is after the handling-limit day. */
export function isDelayed(order: StatusOrder & { estimatedHandlingLimit: Date | string | null }, now: Date = new Date()): boolean {
  if (!order.estimatedHandlingLimit) return false;
  if (!LABEL_READY_KEYS.has(displayStatus(order).key)) return false;
  return dayOf(now) > dayOf(order.estimatedHandlingLimit);
}

function toMx(value: Date | string): DateTime {
  return (value instanceof Date ? DateTime.fromJSDate(value) : DateTime.fromISO(value)).setZone(ZONE);
}

/** A carrier's pick-up window: orders placed before `cutoff` (HH:mm, Mexico City) go out that day. */
export type PickupWindow = { cutoff: string; from: string; to: string; weekdays: readonly number[] };

/** The spec's collection window (spec 1 §2): before 11 am, same day 09:30-10:30, otherwise next day. */
export const SPEC_COLLECTION_WINDOW: PickupWindow = { cutoff: "11:00", from: "09:30", to: "10:30", weekdays: [1, 2, 3, 4, 5, 6, 7] };

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return h * 60 + m;
};

/**
 * Collection (cross-docking) pick-up: an order placed before the cut-off (11:00 Mexico City time in
 * the spec) is collected the same day in the window (09:30 to 10:30), otherwise on the next day the
 * carrier collects. The marketplace's schedule (getSchedule) may give other hours and days.
 */
export function collectionPickup(
  orderDate: Date | string,
  window: PickupWindow = SPEC_COLLECTION_WINDOW,
): { day: string; from: string; to: string; sameDay: boolean } {
  const at = toMx(orderDate);
  const days = window.weekdays.length ? window.weekdays : SPEC_COLLECTION_WINDOW.weekdays;
  const sameDay = days.includes(at.weekday) && at.hour * 60 + at.minute < minutesOf(window.cutoff);
  let day = at;
  if (!sameDay) {
    day = at.plus({ days: 1 });
    while (!days.includes(day.weekday)) day = day.plus({ days: 1 });
  }
  return { day: day.toFormat("dd/LL/yyyy"), from: window.from, to: window.to, sameDay };
}

/** The invoicing link is offered for delivered orders and for orders marked delivered by hand. */
export function invoiceLinkAvailable(order: StatusOrder & { manualDelivered: unknown | null }): boolean {
  return !!order.manualDelivered || displayStatus(order).key === "delivered";
}

/** Orders without a marketplace shipment can be marked delivered by hand (once, not cancelled). */
const MANUAL_DELIVERY_TYPES = new Set(["not_specified", "cotizador", "ecommerce"]);
export function canMarkDelivered(order: StatusOrder & { manualDelivered: unknown | null }): boolean {
  if (order.manualDelivered) return false;
  if (order.orderStatus === "cancelled") return false;
  if (!MANUAL_DELIVERY_TYPES.has(order.logisticType ?? "")) return false;
  return displayStatus(order).key !== "delivered";
}

export type ManualDeliveryRecord = {
  date: string;
  email: string;
  orderId: string;
  userId: number;
  username: string;
  linkExpiresAt: string;
};

/** What "Marcar como entregado" records: who, when, and the link's 24-hour end. */
export function manualDeliveryRecord(
  orderId: bigint | string,
  user: { id: number; email: string; firstName: string; lastName: string },
  now: Date = new Date(),
): ManualDeliveryRecord {
  return {
    date: now.toISOString(),
    email: user.email,
    orderId: String(orderId),
    userId: user.id,
    username: `${user.firstName} ${user.lastName}`.trim(),
    linkExpiresAt: new Date(now.getTime() + INVOICE_LINK_HOURS * 3600_000).toISOString(),
  };
}

/** Is a manual-delivery invoicing link still within its 24 hours? */
export function invoiceLinkExpired(manual: { linkExpiresAt?: string | null } | null, now: Date = new Date()): boolean {
  if (!manual?.linkExpiresAt) return false;
  return new Date(manual.linkExpiresAt).getTime() < now.getTime();
}

/** The customer's invoicing link for an order. */
export function invoicingLink(portalUrl: string, orderId: bigint | string): string {
  const base = portalUrl.replace(/\/+$/, "");
  return `${base}?orden=${encodeURIComponent(String(orderId))}`;
}

const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

export type EcommerceBreakdown = {
  /** Catalogue price of the goods (before the e-commerce increase and VAT). */
  listPrice: number;
  /** The 10 % e-commerce increase. */
  increase: number;
  /** Goods before VAT. */
  subtotal: number;
  vat: number;
  /** Goods with VAT (what the item prices add up to). */
  goods: number;
  shipping: number;
  total: number;
};

/**
 * E-commerce price breakdown: shop item prices carry a 10 % increase over the catalogue price and
 * 16 % VAT. From the items (price with VAT × qty) and the shipping the buyer paid.
 */
export function ecommerceBreakdown(
  items: ReadonlyArray<{ price: number; qty: number }>,
  shipping: number | null | undefined,
): EcommerceBreakdown {
  const goods = round2(items.reduce((s, it) => s + it.price * it.qty, 0));
  const subtotal = round2(goods / (1 + VAT));
  const vat = round2(goods - subtotal);
  const listPrice = round2(subtotal / (1 + ECOMMERCE_INCREASE));
  const increase = round2(subtotal - listPrice);
  const ship = round2(shipping ?? 0);
  return { listPrice, increase, subtotal, vat, goods, shipping: ship, total: round2(goods + ship) };
}

/** Badge for an e-commerce payment: approved gives 'Pago aprobado', anything else 'Verificar pago'. */
export function paymentBadge(paymentStatus: string | null | undefined): { label: string; variant: "success" | "warning" } {
  return paymentStatus === "approved" ? { label: "Pago aprobado", variant: "success" } : { label: "Verificar pago", variant: "warning" };
}

/** Carrier of a tracking number, read from its 3-character prefix. */
const CARRIERS: Record<string, { name: string; url: (code: string) => string }> = {
  MEL: { name: "Mercado Envíos", url: (c) => `https://www.mercadolibre.com.mx/envios/seguimiento?tracking=${c}` },
  FDX: { name: "FedEx", url: (c) => `https://www.fedex.com/fedextrack/?trknbr=${c}` },
  EST: { name: "Estafeta", url: (c) => `https://www.estafeta.com/Herramientas/Rastreo?guias=${c}` },
};

/** A tracking number without its 3-character prefix, and the link built from it. */
export function trackingLink(tracking: string | null | undefined): { prefix: string; code: string; carrier: string; url: string } | null {
  const text = (tracking ?? "").trim();
  if (text.length <= 3) return null;
  const prefix = text.slice(0, 3).toUpperCase();
  const code = text.slice(3);
  const carrier = CARRIERS[prefix] ?? CARRIERS.MEL;
  return { prefix, code, carrier: CARRIERS[prefix]?.name ?? prefix, url: carrier.url(encodeURIComponent(code)) };
}

/** Which marketplace account an order belongs to: a store value other than Meli 1 is the brand's. */
export function accountOf(store: string | null | undefined): "main" | "brand" {
  const s = (store ?? "").trim().toLowerCase();
  return s && !["meli1", "meli 1", "main"].includes(s) ? "brand" : "main";
}

/** Store names (spec 1 §1). */
export function storeName(store: string | null | undefined, brandName: string): string {
  switch ((store ?? "").trim()) {
    case "5139":
      return `${brandName} Oficial`;
    case "4981":
      return "SE Residencial";
    case "4979":
      return "Square D";
    case "":
      return "Meli 1";
    default:
      return store === brandName ? brandName : "Meli 1";
  }
}

/** Orders the marketplace knows (quoter and shop orders never reach it). */
export function isMarketplaceOrder(order: { logisticType: string | null }): boolean {
  return order.logisticType !== "cotizador" && order.logisticType !== "ecommerce";
}

/** "Tiempo a listo": from the order to the label being ready, as "2 h 05 min" / "1 d 3 h". */
export function timeToReady(orderDate: Date | string, readyDate: Date | string | null): string | null {
  if (!readyDate) return null;
  const ms = (v: Date | string) => (v instanceof Date ? v.getTime() : Date.parse(v));
  const minutes = Math.max(0, Math.round((ms(readyDate) - ms(orderDate)) / 60000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${String(minutes % 60).padStart(2, "0")} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}
