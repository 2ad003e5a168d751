import { sql } from "drizzle-orm";
import { index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { pdvSales, pdvSessions } from "./sales";

const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: "number" });

/** The cart of an open cash-box session: one row per product, kept in scan order. */
export const pdvCartLines = pgTable(
  "pdv_cart_lines",
  {
    id: serial("id").primaryKey(),
    sessionId: integer("session_id")
      .notNull()
      .references(() => pdvSessions.id, { onDelete: "cascade" }),
    productId: text("product_id").notNull(),
    sku: text("sku").notNull(),
    description: text("description").notNull(),
    /** Unit price before VAT, as the catalogue had it when scanned. */
    price: money("price").notNull(),
    qty: integer("qty").notNull(),
    barcode: text("barcode"),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("pdv_cart_lines_session_product_uq").on(t.sessionId, t.productId), index("pdv_cart_lines_session_idx").on(t.sessionId, t.id)],
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
    saleId: integer("sale_id")
      .notNull()
      .references(() => pdvSales.id, { onDelete: "cascade" }),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    doneAt: timestamp("done_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("pdv_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.doneAt} is null`),
    index("pdv_outbox_sale_idx").on(t.saleId),
  ],
);
