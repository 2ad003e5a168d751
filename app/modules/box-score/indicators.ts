import { can, canAccessPath, type AccessUser } from "~/lib/access";

/**
 * The box-score's indicators (docs/box-score.md gives each formula, source and unit). Pure: the
 * table's rows, how a (num, den) pair becomes a value, the month/year rules of the URL.
 */
export const BOX_SCORE_PATH = "/box-score";

export type Unit = "money" | "count" | "percent" | "minutes";
/** sum: the value is num. ratio: num / den. percent: 100 × num / den. */
export type Kind = "sum" | "ratio" | "percent";

export type Indicator = {
  key: string;
  label: string;
  unit: Unit;
  kind: Kind;
  /** Why there is no value yet (the source this system does not have); such a row shows "sin datos". */
  missing?: string;
};

export const INDICATORS: readonly Indicator[] = [
  { key: "net_sales", label: "Ventas netas", unit: "money", kind: "sum" },
  { key: "ml_sales", label: "Ventas marketplace", unit: "money", kind: "sum" },
  { key: "shop_sales", label: "Ventas tienda en línea", unit: "money", kind: "sum" },
  { key: "pdv_sales", label: "Ventas PDV", unit: "money", kind: "sum" },
  { key: "quoter_orders", label: "Pedidos del cotizador", unit: "count", kind: "sum" },
  { key: "ml_orders", label: "Pedidos marketplace", unit: "count", kind: "sum" },
  { key: "ml_ticket", label: "Ticket promedio marketplace", unit: "money", kind: "ratio" },
  { key: "pdv_tickets", label: "Tickets PDV", unit: "count", kind: "sum" },
  { key: "pdv_ticket", label: "Ticket promedio PDV", unit: "money", kind: "ratio" },
  { key: "units_sold", label: "Unidades vendidas", unit: "count", kind: "sum" },
  { key: "ml_fee_pct", label: "Comisión marketplace %", unit: "percent", kind: "percent" },
  { key: "seller_shipping", label: "Envío pagado por el vendedor", unit: "money", kind: "sum" },
  { key: "cancelled_pct", label: "Pedidos cancelados %", unit: "percent", kind: "percent" },
  { key: "open_claims", label: "Reclamos abiertos", unit: "count", kind: "sum" },
  { key: "late_orders", label: "Pedidos atrasados", unit: "count", kind: "sum" },
  { key: "no_movement_24h", label: "Pedidos sin movimiento después de 24 h", unit: "count", kind: "sum" },
  { key: "pdv_discount_pct", label: "Descuento PDV %", unit: "percent", kind: "percent" },
  { key: "pdv_cancelled", label: "Cancelaciones PDV", unit: "count", kind: "sum" },
  { key: "cash_share", label: "Pago en efectivo %", unit: "percent", kind: "percent" },
  { key: "debit_share", label: "Pago con débito %", unit: "percent", kind: "percent" },
  { key: "credit_share", label: "Pago con crédito %", unit: "percent", kind: "percent" },
  { key: "cash_cut_diff", label: "Diferencia en corte de caja", unit: "money", kind: "sum" },
  { key: "pdv_not_in_erp", label: "Ventas PDV sin registrar en ERP", unit: "count", kind: "sum" },
  { key: "quotes_created", label: "Cotizaciones creadas", unit: "count", kind: "sum" },
  { key: "amount_quoted", label: "Monto cotizado", unit: "money", kind: "sum" },
  { key: "quote_to_order_pct", label: "Cotizaciones convertidas en pedido % (30 días)", unit: "percent", kind: "percent" },
  { key: "questions", label: "Preguntas recibidas", unit: "count", kind: "sum" },
  { key: "answer_minutes", label: "Tiempo promedio de respuesta en horario laboral (min)", unit: "minutes", kind: "ratio" },
  { key: "answered_in_target_pct", label: "Preguntas respondidas dentro del objetivo %", unit: "percent", kind: "percent" },
  { key: "urgent_messages", label: "Mensajes urgentes pendientes", unit: "count", kind: "sum" },
  {
    key: "invoices_stamped_pct",
    label: "Facturas timbradas ÷ solicitadas %",
    unit: "percent",
    kind: "percent",
    missing: "Las solicitudes y timbrados viven en el servicio de facturación, no en esta base.",
  },
];

export const NO_DATA = "sin datos";

/** A (num, den) pair as the indicator's value; null when there is nothing to divide by. */
export function valueOf(kind: Kind, num: number, den: number | null): number | null {
  if (kind === "sum") return num;
  if (!den) return null;
  return kind === "percent" ? (100 * num) / den : num / den;
}

const money = new Intl.NumberFormat("es-MX", { style: "currency", currency: "MXN", minimumFractionDigits: 2, maximumFractionDigits: 2 });
const count = new Intl.NumberFormat("es-MX", { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat("es-MX", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function formatIndicator(unit: Unit, value: number | null): string {
  if (value === null) return "—";
  if (unit === "money") return money.format(value);
  if (unit === "count") return count.format(value);
  if (unit === "percent") return `${decimal.format(value)} %`;
  return decimal.format(value);
}

export const MONTH_NAMES = [
  "Enero",
  "Febrero",
  "Marzo",
  "Abril",
  "Mayo",
  "Junio",
  "Julio",
  "Agosto",
  "Septiembre",
  "Octubre",
  "Noviembre",
  "Diciembre",
];

/** The first and last year with data; a single year when there is none. */
export type YearRange = { first: number; last: number };

export type MonthChoice = { year: number; month: number; adjusted: boolean };

/**
 * The month the URL asks for, moved to the nearest valid page: no year or month → the current
 * month (within the years with data); a year outside the range → its nearest end; a month outside
 * 1–12 → 1 or 12. `adjusted` says the URL asked for something else, so the page can say so.
 */
export function chooseMonth(params: URLSearchParams, range: YearRange, today: { year: number; month: number }): MonthChoice {
  const rawYear = params.get("year");
  const rawMonth = params.get("month");
  const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
  const int = (s: string | null) => (s !== null && /^-?\d{1,6}$/.test(s.trim()) ? Number(s.trim()) : null);
  const y = int(rawYear);
  const m = int(rawMonth);
  const defaultYear = clamp(today.year, range.first, range.last);
  const year = y === null ? defaultYear : clamp(y, range.first, range.last);
  const month = m === null ? (year === today.year ? today.month : 12) : clamp(m, 1, 12);
  const adjusted = (rawYear !== null && y !== year) || (rawMonth !== null && m !== month);
  return { year, month, adjusted };
}

export const ADJUSTED_MESSAGE = "El año o mes pedido no existe; se muestra el más cercano con datos.";

// Calendar days, not instants: plain UTC arithmetic on the date is exact in any zone, and keeps a
// date library out of the page's script.
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The month's days as Mexico City dates: yyyy-MM-dd. */
export function daysOf(year: number, month: number): string[] {
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return Array.from({ length }, (_, i) => isoDay(new Date(Date.UTC(year, month - 1, 1 + i))));
}

/** The calendar day after yyyy-MM-dd. */
export function dayAfter(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return isoDay(new Date(Date.UTC(y, m - 1, d + 1)));
}

/**
 * The list behind a cell, filtered as the indicator counts it (null when its source has no list):
 * - orders: that day's orders (the orders list reads yyyy/MM/dd and its end date is inclusive);
 * - PDV: the point of sale's history of box sessions opened that day, with their sales (its end date
 *   is exclusive: the day after, as the spec's ranges send it);
 * - quotations: the saved quotations created that day (end exclusive too);
 * - questions: that day's question history; the history reads one day, so a month total has no link.
 * Days are yyyy-MM-dd (Mexico City).
 */
export function drillDownHref(key: string, from: string, to: string): string | null {
  const slash = (day: string) => day.replace(/-/g, "/");
  const range = `start_date=${slash(from)}&end_date=${slash(to)}`;
  const exclusive = `start_date=${slash(from)}&end_date=${slash(dayAfter(to))}`;
  switch (key) {
    // The orders each cell counts: marketplace ones, and in every case not cancelled.
    case "ml_sales":
    case "ml_orders":
    case "ml_ticket":
    case "ml_fee_pct":
      return `/orders?${range}&filterLogisticType=marketplace&order_status_filter=not_cancelled`;
    case "seller_shipping":
    case "units_sold":
    case "net_sales":
    case "late_orders":
      return `/orders?${range}&order_status_filter=not_cancelled`;
    case "shop_sales":
      return `/orders?${range}&filterLogisticType=ecommerce&order_status_filter=not_cancelled`;
    case "quoter_orders":
      return `/orders?${range}&filterLogisticType=cotizador&order_status_filter=not_cancelled`;
    case "cancelled_pct":
      return `/orders?${range}&order_status_filter=cancelled`;
    case "open_claims":
      return `/orders?${range}&claim_return_status_filter=opened`;
    case "no_movement_24h":
      return `/orders?${range}&assigned_move_filter=unassigned`;
    case "pdv_sales":
    case "pdv_tickets":
    case "pdv_ticket":
    case "pdv_discount_pct":
    case "pdv_cancelled":
    case "cash_share":
    case "debit_share":
    case "credit_share":
    case "pdv_not_in_erp":
    case "cash_cut_diff":
      return `/pdv?tab=historial&${exclusive}`;
    case "quote_to_order_pct":
    case "quotes_created":
    case "amount_quoted":
      return `/products/quotes?${exclusive}`;
    case "urgent_messages":
      return `/messages?message_status_filter=urgent&${exclusive}`;
    case "questions":
    case "answer_minutes":
    case "answered_in_target_pct":
      return from === to ? `/questions?tab=history&date=${slash(from)}` : null;
    default:
      return null;
  }
}

/**
 * The days a month's total links to: the month up to today (the lists refuse a future end date and
 * would then show every date); none for a month that has not begun. Days are yyyy-MM-dd.
 */
export function monthLinkRange(days: readonly string[], today: string): { from: string; to: string } | null {
  const from = days[0];
  const last = days[days.length - 1];
  if (!from || today < from) return null;
  return { from, to: last < today ? last : today };
}

/**
 * A cell's link for this user: the list behind it only when the user may open that list. Box score
 * is open to roles that may not see orders, the point of sale or questions; a link there would send
 * them to their home page without a word, so such a cell shows its number alone.
 */
export function drillDownFor(user: AccessUser, key: string, from: string, to: string): string | null {
  const href = drillDownHref(key, from, to);
  if (!href) return null;
  const url = new URL(href, "http://localhost");
  if (!canAccessPath(user, url.pathname)) return null;
  // The point of sale's history tab is a feature of its own inside the screen.
  if (url.searchParams.get("tab") === "historial" && !can(user, "pdv.history")) return null;
  return href;
}
