import { ROLES } from "@common/roles";
import { LOG_TYPES } from "~/modules/logs/types";
import { ORDER_STATUS_FILTERS, SHIPMENT_STATUS_FILTERS } from "~/modules/orders/filters";

/**
 * The one place a stored code becomes words on screen: every status, type and role the app shows
 * reads its Spanish label here. A code missing from its table is shown as "Sin traducir" rather than
 * leaked raw, and the label test lists the codes each table must know.
 */

const fromPairs = (pairs: ReadonlyArray<readonly [string, string]>) => Object.fromEntries(pairs) as Record<string, string>;

const ORDER_STATUS: Record<string, string> = {
  ...fromPairs(ORDER_STATUS_FILTERS),
  payment_required: "Pago requerido",
  invalid: "Inválida",
  success: "Pagada",
};

const SHIPMENT_STATUS: Record<string, string> = {
  ...fromPairs(SHIPMENT_STATUS_FILTERS),
  handling: "En preparación",
  cancelled: "Cancelado",
  not_specified: "Sin especificar",
};

/**
 * Entries of an order's status history that the display-status table (spec 1 §4, which comes first)
 * does not name: the marketplace's order and shipment statuses and a few markers.
 */
const HISTORY_STATUS: Record<string, string> = {
  ...ORDER_STATUS,
  ...SHIPMENT_STATUS,
  pack_splitted: "Paquete dividido",
  partially_refunded: "Reembolso parcial",
  refunded: "Reembolsada",
  waiting_for_withdrawal: "Esperando retiro",
};

/** Order-side logistic types with their screen labels (spec 1 §3). */
export const LOGISTIC_LABELS: Readonly<Record<string, string>> = {
  fulfillment: "FULFILLMENT",
  drop_off: "REGULAR",
  not_specified: "A ACORDAR",
  cross_docking: "M-E COLECTA",
  xd_drop_off: "ML-PLACES",
  cotizador: "COTIZADOR",
  ecommerce: "ECOMMERCE",
};

export const LABELS = {
  orderStatus: ORDER_STATUS,
  shipmentStatus: SHIPMENT_STATUS,
  historyStatus: HISTORY_STATUS,
  logisticType: LOGISTIC_LABELS,
  role: ROLES as Record<string, string>,
  logType: Object.fromEntries(Object.entries(LOG_TYPES).map(([code, { label }]) => [code, label])) as Record<string, string>,
} as const;

export type LabelKind = keyof typeof LABELS;

export const UNTRANSLATED = "Sin traducir";

/** Whether the map has a Spanish label for the code. */
export const hasLabel = (kind: LabelKind, code: string) => Object.hasOwn(LABELS[kind], code);

/** The Spanish label of a code; "—" when there is none, never the raw code. */
export function labelOf(kind: LabelKind, code: string | null | undefined): string {
  if (code == null || code === "" || code === "null" || code === "undefined") return "—";
  return LABELS[kind][code] ?? UNTRANSLATED;
}
