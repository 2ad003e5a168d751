import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestampTz, stampedNow, ownedBy } from "./columns";
import { pdvProductLineColumns, pdvSales, pdvSessions } from "./sales";

/** The cart of an open cash-box session: one row per product, kept in scan order. */
export const pdvCartLines = pgTable(
  "pdv_cart_lines",
  {
    id: serial("id").primaryKey(),
    sessionId: ownedBy("session_id", () => pdvSessions.id),
    ...pdvProductLineColumns(),
    addedAt: stampedNow("added_at"),
  },
  (t) => [
    uniqueIndex("pdv_cart_lines_session_product_uq").on(t.sessionId, t.productId),
    index("pdv_cart_lines_session_idx").on(t.sessionId, t.id),
  ],
);

/**
 * What must still reach the ERP after a sale or a cancel committed locally. A worker sends due rows
 * and retries with back-off; a row is done when the ERP answered.
 */
export const pdvOutbox = pgTable(
  "pdv_outbox",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").$type<"sale" | "cancel">().notNull(),
    saleId: ownedBy("sale_id", () => pdvSales.id),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: stampedNow("next_attempt_at"),
    lastError: text("last_error"),
    doneAt: timestampTz("done_at"),
    createdAt: stampedNow("created_at"),
  },
  (t) => [
    index("pdv_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.doneAt} is null`),
    index("pdv_outbox_sale_idx").on(t.saleId),
  ],
);
