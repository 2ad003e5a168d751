import { DateTime } from "luxon";
import { z } from "zod";
import { ZONE } from "@common/format";
import { parseQueryDate, withinQueryYears } from "~/lib/mexico-time";
import { keysOf, parseQuery, q } from "~/lib/query";
import { QUICK_RANGES, quickRange, RANGE_MESSAGES, validateRange, type RangeError } from "~/modules/reports/date-range";

export { quickRange, RANGE_MESSAGES, validateRange, type DayRange, type RangeError } from "~/modules/reports/date-range";

/**
 * The orders list's URL (spec 1 §2 "Orders list"): every parameter parsed on its own, a bad value
 * dropped and the others kept. Pure: the loader and the filter forms share these tables.
 */

/** On-screen management types (filterLogisticType); the URL also accepts ML-PLACES and quoter orders. */
export const MANAGEMENT_TYPES = [
  ["fulfillment", "Fulfillment"],
  ["drop_off", "Regular"],
  ["not_specified", "A acordar"],
  ["cross_docking", "Colecta"],
  ["ecommerce", "Ecommerce"],
] as const;
/**
 * Values only a link brings (the box score's drill-downs): the select shows them while they are in
 * the URL, so the list says what it is filtered by. "marketplace" is every order that is neither the
 * shop's nor a quotation's, as the box score's marketplace indicators count them.
 */
export const URL_ONLY_TYPES = [
  ["xd_drop_off", "ML-Places"],
  ["cotizador", "Cotizador"],
  ["marketplace", "Marketplace (todas)"],
] as const;
/** A filter's choices, plus the link-only one the URL holds (so the control shows the filter in force). */
export function choicesWith<T extends readonly [string, string]>(
  base: ReadonlyArray<T>,
  urlOnly: ReadonlyArray<readonly [string, string]>,
  value: string | undefined,
) {
  const extra = urlOnly.find(([k]) => k === value);
  return extra ? [...base, extra] : base;
}
/** Orders of the shop and of the quoter: what "marketplace" leaves out. */
export const NOT_MARKETPLACE = ["ecommerce", "cotizador"] as const;
const LOGISTIC_VALUES = keysOf([...MANAGEMENT_TYPES, ...URL_ONLY_TYPES]);

/** Claim/return quick filter (filterStatus). */
export const QUICK_STATUSES = [
  ["return", "Devolución"],
  ["claim", "Reclamo"],
  ["cancelled", "Cancelada"],
  ["to_send", "Por enviar"],
] as const;

export const ORDER_STATUS_FILTERS = [
  ["confirmed", "Confirmada"],
  ["payment_required", "Pago requerido"],
  ["payment_in_process", "Pago en proceso"],
  ["partially_paid", "Pago parcial"],
  ["paid", "Pagada"],
  ["cancelled", "Cancelada"],
] as const;
/** A link-only status (the box score counts orders that were not cancelled). */
export const URL_ONLY_ORDER_STATUSES = [["not_cancelled", "Todas menos canceladas"]] as const;

export const SHIPMENT_STATUS_FILTERS = [
  ["to_be_agreed", "A acordar"],
  ["pending", "Pendiente"],
  ["ready_to_ship", "Listo para enviar"],
  ["shipped", "Enviado"],
  ["delivered", "Entregado"],
  ["not_delivered", "No entregado"],
  ["closed", "Cerrado"],
  ["printed", "Etiqueta impresa"],
  ["ready_to_print", "Etiqueta lista para imprimir"],
  ["in_packing_list", "En lista de empaque"],
  ["in_warehouse", "En bodega"],
  ["out_for_delivery", "En reparto"],
  ["delayed", "Demorado"],
  ["receiver_absent", "Destinatario ausente"],
  ["waiting_for_withdrawal", "Esperando retiro"],
  ["ready_to_pack", "Listo para empacar"],
] as const;

export const CLAIM_STATUS_FILTERS = [["opened", "Abierto"]] as const;

export const MOVEMENT_FILTERS = [
  ["assigned", "Con movimiento"],
  ["unassigned", "Sin movimiento"],
] as const;

/** Quick date picks (day_filter): the reports' quick ranges. */
export const DAY_FILTERS = QUICK_RANGES;

const dateParam = () =>
  z
    .string()
    .max(12)
    .refine((s) => parseQueryDate(s) !== null)
    .optional()
    .catch(undefined);

export const OrdersListQuery = {
  page: q.page(),
  search: q.search(),
  sortName: q.oneOf(["date"]).catch(undefined),
  sortValue: q.sortValue().catch(undefined),
  filterLogisticType: z.enum(LOGISTIC_VALUES).optional().catch(undefined),
  filterStatus: z.enum(keysOf(QUICK_STATUSES)).optional().catch(undefined),
  order_status_filter: z
    .enum(keysOf([...ORDER_STATUS_FILTERS, ...URL_ONLY_ORDER_STATUSES]))
    .optional()
    .catch(undefined),
  shipment_status_filter: z.enum(keysOf(SHIPMENT_STATUS_FILTERS)).optional().catch(undefined),
  claim_return_status_filter: z.enum(keysOf(CLAIM_STATUS_FILTERS)).optional().catch(undefined),
  day_filter: z.enum(keysOf(DAY_FILTERS)).optional().catch(undefined),
  assigned_move_filter: z.enum(keysOf(MOVEMENT_FILTERS)).optional().catch(undefined),
  start_date: dateParam(),
  end_date: dateParam(),
};

export type OrdersQuery = ReturnType<typeof parseOrdersQuery>;

export function parseOrdersQuery(source: URL | URLSearchParams) {
  return parseQuery(source, OrdersListQuery);
}

/** The parameters the list's forms own (everything but page/sort). */
export const FILTER_PARAMS = [
  "search",
  "filterLogisticType",
  "filterStatus",
  "order_status_filter",
  "shipment_status_filter",
  "claim_return_status_filter",
  "day_filter",
  "assigned_move_filter",
  "start_date",
  "end_date",
] as const;

/**
 * The sales report's own range: the dialog is drawn over the list, whose URL it carries, so its dates
 * cannot be the list's start_date/end_date (a refused report would filter the list behind it).
 */
export const REPORT_PARAMS = { start: "report_start", end: "report_end" } as const;

/** The list's effective date range: an explicit valid range wins over the quick pick. */
export function listRange(query: Pick<OrdersQuery, "start_date" | "end_date" | "day_filter">, now: Date = new Date()) {
  const checked = validateRange(query.start_date, query.end_date, now);
  if (checked.range) return checked;
  if (query.day_filter) return { range: quickRange(query.day_filter, now), error: checked.error };
  return checked;
}

/** "YYYY/MM" month for the customer report; null when malformed or in the future. */
export function parseMonth(value: string | null | undefined, now: Date = new Date()): { month: string; error: RangeError | null } | null {
  const text = (value ?? "").trim().replace("-", "/");
  if (!/^\d{4}\/\d{2}$/.test(text)) return null;
  const dt = DateTime.fromFormat(text, "yyyy/LL", { zone: ZONE });
  if (!withinQueryYears(dt)) return null;
  const thisMonth = DateTime.fromJSDate(now, { zone: ZONE }).startOf("month");
  return { month: text, error: dt > thisMonth ? RANGE_MESSAGES.future : null };
}

/** Days as `order_counts.day` stores them. */
const isoDay = (d: DateTime) => d.toISODate()!;

/**
 * How a day range splits over the count tables: the whole months inside it (monthly table) and the
 * days at either edge (daily table). Without a range: every month.
 */
export function countSpans(range: { start: string; end: string } | null) {
  if (!range)
    return { months: { from: null, to: null } as { from: string | null; to: string | null } | null, days: [] as Array<[string, string]> };
  const start = DateTime.fromFormat(range.start, "yyyy/LL/dd");
  const end = DateTime.fromFormat(range.end, "yyyy/LL/dd");
  const firstFull = start.day === 1 ? start : start.plus({ months: 1 }).startOf("month");
  const lastFull = end.plus({ days: 1 }).day === 1 ? end.startOf("month") : end.startOf("month").minus({ months: 1 });
  if (firstFull > lastFull) return { months: null, days: [[isoDay(start), isoDay(end)]] as Array<[string, string]> };
  const days: Array<[string, string]> = [];
  if (start < firstFull) days.push([isoDay(start), isoDay(firstFull.minus({ days: 1 }))]);
  const afterLast = lastFull.plus({ months: 1 });
  if (afterLast <= end) days.push([isoDay(afterLast), isoDay(end)]);
  return { months: { from: isoDay(firstFull), to: isoDay(lastFull) }, days };
}
