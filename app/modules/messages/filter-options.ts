import { ORDER_STATUS_FILTERS, SHIPMENT_STATUS_FILTERS } from "~/modules/orders/filters";

/**
 * The Messages screen's option tables. Kept apart from its schemas: the screen imports these in the
 * browser, and a module with schemas would bring zod along.
 */

// The order-side filter tables are the orders screen's own: one list of statuses for both screens.
export { ORDER_STATUS_FILTERS, SHIPMENT_STATUS_FILTERS };

export const SECTIONS = ["pending", "history", "invoice"] as const;
export type Section = (typeof SECTIONS)[number];
export const SECTION_LABELS: Record<Section, string> = { pending: "Pendientes", history: "Historial", invoice: "Facturas" };

export const LOGISTIC_FILTERS = [
  ["fulfillment", "Fulfillment"],
  ["drop_off", "Regular"],
  ["acordar", "A acordar"],
  ["cross_docking", "M-E Colecta"],
] as const;
/** The filter value "acordar" is the order-side logistic type not_specified. */
export const LOGISTIC_VALUES: Record<(typeof LOGISTIC_FILTERS)[number][0], string> = {
  fulfillment: "fulfillment",
  drop_off: "drop_off",
  acordar: "not_specified",
  cross_docking: "cross_docking",
};

export const MESSAGE_STATUS_FILTERS = [
  ["urgent", "Urgentes (más de 24 h)"],
  ["active", "Conversación activa"],
  ["blocked", "Conversación bloqueada"],
  ["closed", "Conversación cerrada"],
] as const;

export const CLAIM_RETURN_FILTERS = [
  ["claim", "Con reclamo"],
  ["return", "Con devolución"],
] as const;

export const DAY_FILTERS = [
  ["today", "Hoy"],
  ["yesterday", "Ayer"],
  ["week", "Últimos 7 días"],
  ["month", "Últimos 30 días"],
] as const;

export const ASSIGNED_FILTERS = [
  ["assigned", "Con movimiento"],
  ["unassigned", "Sin movimiento"],
] as const;

export const MESSAGE_SORTS = ["last_message", "order_date"] as const;
