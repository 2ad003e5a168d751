/**
 * The content back end's collections the feeds read, and the field each stamps when a record
 * changes (the field a feed's cursor follows). Orders and questions carry the spec's updated_at,
 * publications its last_update; conversations and invoice feedback have no such field in the spec,
 * so the back end's own system stamp (date_updated) is read.
 */
export const CHANGED_FIELD_DEFAULT = "updated_at";

const CHANGED_FIELD: Record<string, string> = {
  mercadolibre_posts: "last_update",
  messages: "date_updated",
  feedback_invoices: "date_updated",
};

export function changedFieldOf(collection: string): string {
  return CHANGED_FIELD[collection] ?? CHANGED_FIELD_DEFAULT;
}

/** items/{product}_orders: the main account's collection, and the brand account's from its segment. */
export function ordersCollection(account: "main" | "brand", brandSegment: string): string {
  return account === "main" ? "mercadolibre_orders" : `${brandSegment.replace(/[^a-z0-9_]/g, "")}_orders`;
}
