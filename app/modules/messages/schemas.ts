import { z } from "zod";
import { queryDay } from "~/lib/day-range";
import { keysOf, q } from "~/lib/query";
import { ORDER_STATUS_FILTERS, SHIPMENT_STATUS_FILTERS } from "~/modules/orders/filters";
import { MESSAGE_MAX } from "./rules";

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

/** Every query parameter of the spec's Messages screen; a bad value falls back, the valid ones stay. */
export const MessagesQuery = {
  section: z.enum(SECTIONS).catch("pending").default("pending"),
  page: q.page(),
  search: q.search(),
  sortName: q.oneOf([...MESSAGE_SORTS]),
  sortValue: q.sortValue(),
  filterLogisticType: q.oneOf(keysOf(LOGISTIC_FILTERS)),
  filterStatus: q.oneOf(keysOf(ORDER_STATUS_FILTERS)),
  message_status_filter: q.oneOf(keysOf(MESSAGE_STATUS_FILTERS)),
  shipment_status_filter: q.oneOf(keysOf(SHIPMENT_STATUS_FILTERS)),
  claim_return_status_filter: q.oneOf(keysOf(CLAIM_RETURN_FILTERS)),
  day_filter: q.oneOf(keysOf(DAY_FILTERS)),
  assigned_move_filter: q.oneOf(keysOf(ASSIGNED_FILTERS)),
  start_date: queryDay(),
  /** Exclusive: the chosen end day plus one. */
  end_date: queryDay(),
};
export type MessagesQueryValue = { [K in keyof typeof MessagesQuery]: z.output<(typeof MessagesQuery)[K]> };

export const ConversationIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const ReplyFields = z.object({
  intent: z.enum(["reply", "insert-template", "save-draft"]),
  conversationId: ConversationIdSchema,
  message: z.string().max(MESSAGE_MAX * 4).optional().default(""),
  templateId: z.coerce.number().int().positive().optional().catch(undefined),
  /** The conversation's last message date when the form was rendered ("" = none yet): a resubmitted form is refused. */
  seenLastMessage: z.union([z.literal(""), z.string().datetime()]).optional().catch(undefined),
});

export const CannedReplySchema = z.object({
  id: z.coerce.number().int().positive(),
  name: z.string({ required_error: "Escribe un nombre." }).trim().min(1, "Escribe un nombre.").max(80, "Máximo 80 caracteres."),
  text: z.string({ required_error: "Escribe el texto." }).trim().min(1, "Escribe el texto.").max(MESSAGE_MAX, `Máximo ${MESSAGE_MAX} caracteres.`),
});
