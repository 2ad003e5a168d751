/**
 * Stored, numbered quotations (the columns added to `quotations` / `quotation_lines`), the one draft
 * each user edits on the server, and the per-year numbering counter.
 */
import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestampTz, stampedNow } from "./columns";
import type { ExtraConfigColumn } from "drizzle-orm/pg-core";
import { users } from "./auth";

/** What a revision changed against the one before it (shown with each revision). */
export type QuotationChange = { field: string; before: string; after: string };

export const storedQuotationColumns = {
  /** COT-2026-000123: shared by every revision of the quote. */
  baseFolio: text("base_folio"),
  revision: integer("revision").notNull().default(1),
  /** borrador | enviada | convertida; "vencida" is derived from expires_at. */
  status: text("status").notNull().default("borrador"),
  issuedAt: timestampTz("issued_at"),
  expiresAt: timestampTz("expires_at"),
  /** Pesos per dollar used for the prices (kept so a reprint shows the same figures). */
  exchangeRate: numeric("exchange_rate", { precision: 10, scale: 4, mode: "number" }),
  shipment: numeric("shipment", { precision: 14, scale: 2, mode: "number" }).notNull().default(0),
  discountAmount: numeric("discount_amount", { precision: 14, scale: 2, mode: "number" }).notNull().default(0),
  marketplaceCategory: text("marketplace_category"),
  marketplaceFeeRate: numeric("marketplace_fee_rate", { precision: 6, scale: 4, mode: "number" }),
  changes: jsonb("changes").$type<QuotationChange[]>().notNull().default([]),
  /** ERP quotation: null (not sent), sending, sent, failed. */
  erpState: text("erp_state"),
  erpUser: text("erp_user"),
  erpMessage: text("erp_message"),
  erpSentAt: timestampTz("erp_sent_at"),
  orderId: bigint("order_id", { mode: "bigint" }),
};

export function storedQuotationIndexes(t: {
  baseFolio: ExtraConfigColumn;
  revision: ExtraConfigColumn;
  status: ExtraConfigColumn;
  createdBy: ExtraConfigColumn;
  createdAt: ExtraConfigColumn;
  folio: ExtraConfigColumn;
  clientName: ExtraConfigColumn;
  clientKey: ExtraConfigColumn;
  expiresAt: ExtraConfigColumn;
}) {
  return [
    uniqueIndex("quotations_base_revision_uq").on(t.baseFolio, t.revision),
    index("quotations_status_created_idx").on(t.status, t.createdAt.desc()),
    index("quotations_author_created_idx").on(t.createdBy, t.createdAt.desc()),
    index("quotations_expires_idx").on(t.expiresAt),
    index("quotations_search_trgm").using(
      "gin",
      sql`(${t.folio} || ' ' || ${t.clientName} || ' ' || coalesce(${t.clientKey}, '')) gin_trgm_ops`,
    ),
  ];
}

export const storedQuotationLineColumns = {
  /** Stock total when the quote was stored, to show what changed on reopening. */
  stock: integer("stock"),
  currency: text("currency"),
};

/** Per-year quotation counter: numbers are taken inside the saving transaction, so they never skip. */
export const quotationCounters = pgTable("quotation_counters", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull().default(0),
});

/** One quotation being edited per user, kept on the server (shared office machines). */
export const quotationDrafts = pgTable("quotation_drafts", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Raised by every change; a form posted with an older version is refused (two tabs). */
  version: integer("version").notNull().default(0),
  data: jsonb("data").notNull().default({}),
  updatedAt: stampedNow("updated_at"),
});
