import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, numeric, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { money, timestampTz, stampedNow, ownedBy } from "./columns";
import { users } from "./auth";
import { storedQuotationColumns, storedQuotationIndexes, storedQuotationLineColumns } from "./quotes";

export const quotations = pgTable(
  "quotations",
  {
    id: serial("id").primaryKey(),
    /** YYMMDD plus a daily sequence, as printed on the PDF. */
    folio: text("folio").notNull().unique(),
    clientKey: text("client_key"),
    clientName: text("client_name").notNull().default(""),
    clientEmail: text("client_email"),
    clientPhone: text("client_phone"),
    priceList: text("price_list"),
    agent: text("agent"),
    department: text("department"),
    warehouse: text("warehouse"),
    reference: text("reference"),
    globalDiscount: numeric("global_discount", { precision: 5, scale: 2, mode: "number" }).notNull().default(0),
    notes: text("notes"),
    orderType: text("order_type").notNull().default("normal"),
    listingType: text("listing_type"),
    intelisis: boolean("intelisis").notNull().default(false),
    intelisisId: text("intelisis_id"),
    subtotal: money("subtotal").notNull().default(0),
    iva: money("iva").notNull().default(0),
    total: money("total").notNull().default(0),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: stampedNow("created_at"),
    updatedAt: stampedNow("updated_at"),
    ...storedQuotationColumns,
  },
  (t) => [
    index("quotations_created_idx").on(t.createdAt.desc()),
    index("quotations_client_idx").on(t.clientKey),
    ...storedQuotationIndexes(t),
  ],
);

export const quotationLines = pgTable(
  "quotation_lines",
  {
    id: serial("id").primaryKey(),
    quotationId: ownedBy("quotation_id", () => quotations.id),
    position: integer("position").notNull(),
    sku: text("sku"),
    type: text("type").notNull().default("product"),
    description: text("description").notNull(),
    note: text("note"),
    price: money("price").notNull(),
    originalPrice: money("original_price"),
    qty: numeric("qty", { precision: 12, scale: 3, mode: "number" }).notNull(),
    discount: numeric("discount", { precision: 5, scale: 2, mode: "number" }).notNull().default(0),
    ...storedQuotationLineColumns,
  },
  (t) => [index("quotation_lines_quotation_idx").on(t.quotationId, t.position)],
);

export const pdvSessions = pgTable(
  "pdv_sessions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    amountOpen: money("amount_open").notNull(),
    dateOpen: stampedNow("date_open"),
    dateClose: timestampTz("date_close"),
    amountCash: money("amount_cash"),
    amountBoxCut: money("amount_box_cut"),
    amountCardDebit: money("amount_card_debit"),
    amountCardCredit: money("amount_card_credit"),
    amountClose: money("amount_close"),
    amountDetail: jsonb("amount_detail").$type<Record<string, number> | null>(),
    /** The cart's discount (0, 2, 4, 8 or 10): the cart lives on the open session, not in a browser. */
    cartDiscount: integer("cart_discount").notNull().default(0),
    /** Set when a manager's code opened delete mode; cleared by a wrong code or a sale. */
    deleteModeBy: integer("delete_mode_by").references(() => users.id),
    /** Set when a manager's code let the cashier see the expected close-box amounts. */
    expectedShownBy: integer("expected_shown_by").references(() => users.id),
    codeFailures: integer("code_failures").notNull().default(0),
    codeLockedUntil: timestampTz("code_locked_until"),
    closeDifference: money("close_difference"),
    closeReason: text("close_reason"),
    closeApprovedBy: integer("close_approved_by").references(() => users.id),
  },
  (t) => [
    index("pdv_sessions_user_open_idx")
      .on(t.userId)
      .where(sql`${t.dateClose} is null`),
    index("pdv_sessions_date_idx").on(t.dateOpen.desc()),
    index("pdv_sessions_user_close_idx").on(t.userId, t.dateClose.desc()),
    uniqueIndex("pdv_sessions_one_open_uq")
      .on(t.userId)
      .where(sql`${t.dateClose} is null`),
  ],
);

export const pdvSales = pgTable(
  "pdv_sales",
  {
    id: serial("id").primaryKey(),
    sessionId: integer("session_id")
      .notNull()
      .references(() => pdvSessions.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    boxId: integer("box_id").notNull().default(1),
    total: money("total").notNull(),
    subtotal: money("subtotal").notNull(),
    totalDiscount: money("total_discount").notNull().default(0),
    ivaTotal: money("iva_total").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    amountCash: money("amount_cash").notNull().default(0),
    amountCardDebit: money("amount_card_debit").notNull().default(0),
    amountCardCredit: money("amount_card_credit").notNull().default(0),
    changeMoney: money("change_money").notNull().default(0),
    discountApplied: integer("discount_applied").notNull().default(0),
    invoiceCode: text("invoice_code").notNull(),
    paymentWay: text("payment_way").notNull(),
    paymentCondition: text("payment_condition").notNull(),
    saleCode: text("sale_code").notNull().unique(),
    intelisisAgent: text("intelisis_agent"),
    intelisisStatus: boolean("intelisis_status").notNull().default(false),
    intelisisMovs: jsonb("intelisis_movs").$type<Array<{ mov: string; movid: string; ultimocambio: string }>>().notNull().default([]),
    cancelDetail: text("cancel_detail"),
    dateCreated: stampedNow("date_created"),
    lastUpdated: stampedNow("last_updated"),
    /** Pesos per dollar its dollar-priced lines were charged at (null: none of them was in dollars); a reprint shows it. */
    exchangeRate: numeric("exchange_rate", { precision: 10, scale: 4, mode: "number" }),
    /** The payment form's one-time token: a second submit of the same form finds this sale. */
    paymentToken: text("payment_token").unique(),
  },
  (t) => [
    index("pdv_sales_session_idx").on(t.sessionId, t.dateCreated.desc()),
    index("pdv_sales_session_active_idx").on(t.sessionId, t.isActive.desc(), t.dateCreated.desc()),
    index("pdv_sales_user_idx").on(t.userId, t.dateCreated.desc()),
    // The box score's monthly roll-up and its year range read sales by date alone.
    index("pdv_sales_date_idx").on(t.dateCreated),
  ],
);

/**
 * A product as the point of sale rings it up: the cart keeps these columns while the sale is open
 * and the sale's lines keep the same ones once paid. A function so each table gets its own columns.
 */
export const pdvProductLineColumns = () => ({
  productId: text("product_id").notNull(),
  sku: text("sku").notNull(),
  description: text("description").notNull(),
  /** Unit price in pesos before VAT, as the one pricing function gave it when scanned (decision 0038). */
  price: money("price").notNull(),
  /** The article's price in its own currency when scanned, that currency, and the rate a dollar price was converted at. */
  listPrice: money("list_price"),
  currency: text("currency").notNull().default("Pesos"),
  exchangeRate: numeric("exchange_rate", { precision: 10, scale: 4, mode: "number" }),
  qty: integer("qty").notNull(),
  barcode: text("barcode"),
});

export const pdvSaleLines = pgTable(
  "pdv_sale_lines",
  {
    id: serial("id").primaryKey(),
    saleId: ownedBy("sale_id", () => pdvSales.id),
    ...pdvProductLineColumns(),
    amount: money("amount").notNull(),
    isActive: boolean("is_active").notNull().default(true),
  },
  (t) => [index("pdv_sale_lines_sale_idx").on(t.saleId)],
);
