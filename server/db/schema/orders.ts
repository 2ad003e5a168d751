import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, integer, jsonb, pgTable, text, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { money, timestampTz, stampedNow } from "./columns";
import type { LinkedProduct } from "./marketplace";

export type OrderItem = {
  id: string;
  title: string;
  price: number;
  qty: number;
  picture?: string | null;
  saleFee?: number;
  variationId?: number | null;
  sellerSku?: string | null;
};
export type ProductsOrderEntry = { idPublication: string; title: string; sales: number; linkedProducts: LinkedProduct[] };
export type ManualDelivered = { date: string; email: string; orderId: string; userId: number; username: string; linkExpiresAt: string };

/** Marketplace, e-commerce and quoter orders. */
export const orders = pgTable(
  "orders",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey(),
    relatedOrderId: bigint("related_order_id", { mode: "bigint" }),
    title: text("title").notNull().default(""),
    store: text("store"),
    orderDate: timestampTz("order_date").notNull(),
    createdAt: stampedNow("created_at"),
    updatedAt: stampedNow("updated_at"),
    readyDate: timestampTz("ready_date"),
    logisticType: text("logistic_type"),
    /** Comma-separated status history, newest last. */
    status: text("status").notNull().default(""),
    orderStatus: text("order_status").notNull(),
    activeStatus: text("active_status"),
    claimStatus: text("claim_status"),
    shipmentId: bigint("shipment_id", { mode: "number" }),
    shipmentStatus: text("shipment_status"),
    shipmentParcel: jsonb("shipment_parcel").$type<{ weight: number; length: number; width: number; height: number } | null>(),
    shippingInfo: jsonb("shipping_info").$type<Record<string, string | null> | null>(),
    shipmentInfo: jsonb("shipment_info").$type<{ trackingNumber?: string | null; totalPricing?: number | null } | null>(),
    paymentInfo: jsonb("payment_info").$type<{ paymentWay?: string; paymentTotal?: number; status?: string } | null>(),
    /** NULL while unassigned (the old store used the string "null"). */
    intelisisMovement: text("intelisis_movement"),
    creditNote: text("credit_note"),
    packageManager: text("package_manager"),
    comments: text("comments"),
    splittedOrder: text("splitted_order"),
    printedLabel: boolean("printed_label").notNull().default(false),
    shippingCost: money("shipping_cost"),
    shippingCostBuyer: money("shipping_cost_buyer"),
    shippingCostTotal: money("shipping_cost_total"),
    totalAmount: money("total_amount").notNull().default(0),
    balance: money("balance").notNull().default(0),
    entryAmount: money("entry_amount"),
    documentAmount: money("document_amount"),
    totalCharges: money("total_charges"),
    orderItems: jsonb("order_items").$type<OrderItem[]>().notNull().default([]),
    productsOrder: jsonb("products_order").$type<ProductsOrderEntry[]>().notNull().default([]),
    /** Upper-cased SKUs and publication ids, for search. */
    productsId: text("products_id")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    publicationsId: text("publications_id")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    saleDetail: jsonb("sale_detail").$type<{ title: string; saleFee: number } | null>(),
    manualDelivered: jsonb("manual_delivered").$type<ManualDelivered | null>(),
    invoiceDisabled: boolean("invoice_disabled").notNull().default(false),
    estimatedHandlingLimit: timestampTz("estimated_handling_limit"),
    collectionDay: timestampTz("collection_day"),
    buyerId: bigint("buyer_id", { mode: "number" }),
    buyerNickname: text("buyer_nickname"),
    version: integer("version").notNull().default(1),
    /** When the content back end last changed this record, as its feed read it (docs/live-data.md); NULL if never read. */
    upstreamUpdatedAt: timestampTz("upstream_updated_at"),
  },
  (t) => [
    // Every list index ends in (order_date desc, id desc) nulls last, the list's own ORDER BY, so a page
    // of 20 is read straight off the index whatever filter picks it (see docs/orders.md).
    index("orders_date_idx").on(t.orderDate.desc().nullsLast(), t.id.desc().nullsLast()),
    index("orders_logistic_date_idx").on(t.logisticType, t.orderDate.desc().nullsLast(), t.id.desc().nullsLast()),
    index("orders_order_status_date_idx").on(t.orderStatus, t.orderDate.desc().nullsLast(), t.id.desc().nullsLast()),
    index("orders_shipment_status_date_idx").on(t.shipmentStatus, t.orderDate.desc().nullsLast(), t.id.desc().nullsLast()),
    index("orders_claim_status_idx")
      .on(t.claimStatus, t.orderDate.desc().nullsLast(), t.id.desc().nullsLast())
      .where(sql`${t.claimStatus} is not null`),
    index("orders_movement_idx").on(t.intelisisMovement),
    index("orders_unassigned_date_idx")
      .on(t.orderDate.desc().nullsLast(), t.id.desc().nullsLast())
      .where(sql`${t.intelisisMovement} is null`),
    index("orders_assigned_date_idx")
      .on(t.orderDate.desc().nullsLast(), t.id.desc().nullsLast())
      .where(sql`${t.intelisisMovement} is not null`),
    index("orders_related_idx").on(t.relatedOrderId),
    index("orders_products_gin").using("gin", t.productsId),
    index("orders_publications_gin").using("gin", t.publicationsId),
    index("orders_status_tokens_gin").using("gin", sql`string_to_array(${t.status}, ',')`),
    // The claim and return filters read their page straight off these: the first match in date order
    // can be tens of thousands of orders down (returns come weeks after the sale).
    index("orders_returns_date_idx")
      .on(t.orderDate.desc().nullsLast(), t.id.desc().nullsLast())
      .where(sql`string_to_array(${t.status}, ',') @> array['returns']::text[]`),
    index("orders_claims_date_idx")
      .on(t.orderDate.desc().nullsLast(), t.id.desc().nullsLast())
      .where(sql`string_to_array(${t.status}, ',') @> array['mediations']::text[]`),
  ],
);

/** The filter dimensions (and the count) both roll-ups share; a function so each table gets its own columns. */
const countDimensions = () => ({
  logisticType: text("logistic_type").notNull(),
  orderStatus: text("order_status").notNull(),
  shipmentStatus: text("shipment_status").notNull(),
  claimStatus: text("claim_status").notNull(),
  assigned: boolean("assigned").notNull(),
  hasReturns: boolean("has_returns").notNull(),
  hasMediations: boolean("has_mediations").notNull(),
  n: integer("n").notNull(),
});

/** A roll-up row is one period and one value of every dimension (all but the count). */
const countDimensionKey = (t: Record<Exclude<keyof ReturnType<typeof countDimensions>, "n">, AnyPgColumn>) =>
  [t.logisticType, t.orderStatus, t.shipmentStatus, t.claimStatus, t.assigned, t.hasReturns, t.hasMediations] as const;

/**
 * Order counts per Mexico City day and per value of every list filter, kept by statement-level
 * triggers on `orders` (migration orders_counts). The list's total for any combination of filters
 * without a search is a sum over these few thousand rows instead of a count over 100k orders.
 * NULL dimensions are stored as ''.
 */
export const orderCounts = pgTable(
  "order_counts",
  {
    day: date("day", { mode: "string" }).notNull(),
    ...countDimensions(),
  },
  (t) => [uniqueIndex("order_counts_key").on(t.day, ...countDimensionKey(t))],
);

/** The same counts per calendar month: a total over whole months reads ~30× fewer rows (see countOrders). */
export const orderCountsMonthly = pgTable(
  "order_counts_monthly",
  {
    month: date("month", { mode: "string" }).notNull(),
    ...countDimensions(),
  },
  (t) => [uniqueIndex("order_counts_monthly_key").on(t.month, ...countDimensionKey(t))],
);

/**
 * The invoice feedback of marketplace sales (spec 2 §2 "Feedback invoice record"), as the content
 * back end's items/feedback_invoices holds it, copied by the feed "invoice-feedback". The Facturación
 * v2 screen reads the back end live (spec 2 §7); this copy answers when the back end does not.
 * Every field is the back end's (docs/live-data.md).
 */
export const invoiceFeedback = pgTable(
  "invoice_feedback",
  {
    /** The sale (order) id. */
    id: text("id").primaryKey(),
    permalink: text("permalink").notNull().default(""),
    dateCreated: timestampTz("date_created").notNull(),
    errorInfo: text("error_info").notNull().default(""),
    invoiceData: jsonb("invoice_data").$type<Record<string, string>>().notNull(),
    feedbacks: jsonb("feedbacks").$type<Array<{ id: number; dateCreated: string; errorInfo: string }>>().notNull().default([]),
    /** The back end's change stamp of the version applied; an older one changes nothing. */
    upstreamUpdatedAt: timestampTz("upstream_updated_at").notNull(),
  },
  (t) => [index("invoice_feedback_date_idx").on(t.dateCreated.desc(), t.id.desc())],
);
