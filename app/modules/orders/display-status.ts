import type { BadgeVariant } from "~/components/Badge";
import { PROCESSING_PREFIX } from "@common/processing-status";
import { hasLabel, labelOf } from "~/lib/labels";

/**
 * The status an order shows (spec 1 §4 "Order display status"): the last meaningful entry of the
 * comma-separated status history, read through the label table. Pure: used by the orders list, the
 * order dialog and the messages screen, on the server and in the browser.
 */

export type DisplayStatus = { key: string; label: string; variant: BadgeVariant };

type Entry = readonly [label: string, variant: BadgeVariant];

/** The spec's table. Two rows give no variant ("En devolución", "Devuelto"): they use primary, like unmapped values. */
export const STATUS_TABLE: Readonly<Record<string, Entry>> = {
  pending: ["Pendiente", "primary"],
  delivered: ["Entregado", "success"],
  returns: ["Devolución", "info"],
  mediations: ["Reclamo", "danger"],
  cancel_purchase: ["Cancelación de compra (comprador)", "danger"],
  cancel_sale: ["Cancelación de compra (vendedor)", "danger"],
  cancelled: ["Cancelada", "danger"],
  ready_to_print: ["Etiqueta lista para imprimir", "orange"],
  regenerating: ["Etiqueta lista para imprimir", "orange"],
  ready_for_pickup: ["Listo para recolección", "orange"],
  printed: ["Etiqueta impresa", "orange"],
  in_packing_list: ["Procesando en la bodega", "gray"],
  in_warehouse: ["Procesando en la bodega", "gray"],
  ready_to_pack: ["Procesando en la bodega", "gray"],
  receiver_absent: ["En camino", "indigo"],
  shipped: ["En camino", "indigo"],
  picked_up: ["En camino", "indigo"],
  out_for_delivery: ["En camino", "indigo"],
  delayed: ["En camino", "indigo"],
  in_hub: ["En camino", "indigo"],
  authorized_by_carrier: ["En camino", "indigo"],
  fraudulent: ["Fraudulento", "danger"],
  unfulfillable: ["Cancelada por Mercado Libre", "danger"],
  returned_to_hub: ["En devolución", "primary"],
  returning_to_sender: ["En devolución", "primary"],
  returning_to_hub: ["En devolución", "primary"],
  returned_to_warehouse: ["Devuelto", "primary"],
  returned: ["Devuelto", "primary"],
  to_review: ["No entregado", "danger"],
  destroyed: ["No entregado", "danger"],
  lost: ["No entregado", "danger"],
  stolen: ["No entregado", "danger"],
  claimed_me: ["Cancelada por el comprador", "danger"],
  manufacturing: ["Esperando disponibilad de stock", "orange"],
  handling: ["En proceso", "primary"],
  creating_route: ["Generando ruta", "primary"],
  shipment_paid: ["Envío reprogramado", "orange"],
};

const NO_SHIPMENT = "Sinenvío";
const DEFAULT_BRAND_SLUG = "electrica";

/** Entries skipped when looking for the last meaningful one, per order_status. */
export function ignoredEntries(orderStatus: string): ReadonlySet<string> {
  if (orderStatus === "paid" || orderStatus === "success") return new Set(["null", "paid", "undefined"]);
  if (orderStatus === "cancelled") return new Set(["null", "undefined", "pack_splitted"]);
  // Other order statuses: the spec names no list; empty and null-ish markers never carry meaning.
  return new Set(["null", "undefined"]);
}

/** "Procesando en {product}": the brand name when known, else the slug read back as words. */
function processingLabel(token: string, brandName?: string): string {
  const slug = token.slice(PROCESSING_PREFIX.length);
  const name =
    brandName ??
    slug
      .split("_")
      .filter(Boolean)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(" ");
  return `Procesando en ${name}`;
}

function lastMeaningful(status: string, orderStatus: string): string | null {
  const ignored = ignoredEntries(orderStatus);
  const entries = status.split(",");
  for (let k = entries.length - 1; k >= 0; k--) {
    const entry = entries[k].trim();
    if (entry && !ignored.has(entry)) return entry;
  }
  return null;
}

/**
 * The label and badge variant of one status token. Tokens the spec's table does not name read the
 * app's label map (primary variant: "paid" reads "Pagada"); a token nobody named shows raw, as the
 * spec says, so a new marketplace status is seen as it came.
 */
export function statusLabel(key: string, brandName?: string): DisplayStatus {
  if (key.startsWith(PROCESSING_PREFIX)) return { key, label: processingLabel(key, brandName), variant: "orange" };
  const entry = STATUS_TABLE[key];
  return entry
    ? { key, label: entry[0], variant: entry[1] }
    : { key, label: hasLabel("historyStatus", key) ? labelOf("historyStatus", key) : key, variant: "primary" };
}

/**
 * The order's display status.
 * - the last history entry not ignored for its order_status;
 * - e-commerce orders with nothing else: procesando_en_{brand};
 * - "Sinenvío" (and an empty history otherwise) falls back to the order status;
 * - anything unmapped: its label from the app's label map, or the raw token, primary.
 * `brandName` (optional) gives the exact "Procesando en {product}" label; without it the slug is read back.
 */
export function displayStatus(
  order: { status: string; orderStatus: string; logisticType: string | null },
  brandSlug: string = DEFAULT_BRAND_SLUG,
  brandName?: string,
): DisplayStatus {
  let key = lastMeaningful(order.status ?? "", order.orderStatus);
  if (key === null && order.logisticType === "ecommerce") key = `${PROCESSING_PREFIX}${brandSlug}`;
  if (key === null || key === NO_SHIPMENT) key = order.orderStatus;
  return statusLabel(key, brandName);
}
