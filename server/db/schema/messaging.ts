import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestampTz, stampedNow } from "./columns";

export type ConversationItem = { id: string; title: string; image?: string | null; sold: number };
export type Attachment = { filename: string; originalFilename: string; size?: number; fileId?: string };

export const conversations = pgTable(
  "conversations",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: bigint("order_id", { mode: "bigint" }).notNull(),
    packId: bigint("pack_id", { mode: "bigint" }),
    orderDate: timestampTz("order_date").notNull(),
    orderStatus: text("order_status"),
    orderInfo: jsonb("order_info").$type<{ items: ConversationItem[] }>().notNull().default({ items: [] }),
    store: text("store"),
    clientId: bigint("client_id", { mode: "number" }).notNull(),
    clientInfo: jsonb("client_info").$type<{ nickname?: string; firstName?: string; lastName?: string } | null>(),
    sellerId: bigint("seller_id", { mode: "number" }).notNull(),
    status: text("status").notNull().default("active"),
    lastMessageDate: timestampTz("last_message_date"),
    lastMessageFromSeller: boolean("last_message_from_seller").notNull().default(false),
    /** True when some buyer text mentions 'factura' (accent and case insensitive). */
    asksInvoice: boolean("asks_invoice").notNull().default(false),
    /** The reply being written (the old app's `send`): kept when a send fails or a template is inserted. */
    draft: text("draft"),
    /** Claimed by the reply being sent to the marketplace, so a double submit sends once; expires by itself. */
    sendingUntil: timestampTz("sending_until"),
    /*
     * The order's list-filter attributes, copied by triggers (migration 0008) whenever the order or the
     * conversation's order_id changes, so every section filters and counts without joining orders.
     */
    orderLogisticType: text("order_logistic_type"),
    orderShipmentStatus: text("order_shipment_status"),
    orderHasClaim: boolean("order_has_claim").notNull().default(false),
    orderHasReturn: boolean("order_has_return").notNull().default(false),
    orderMovementAssigned: boolean("order_movement_assigned").notNull().default(false),
    dateCreated: stampedNow("date_created"),
    /** When the content back end last changed this record, as its feed read it (docs/live-data.md); NULL if never read. */
    upstreamUpdatedAt: timestampTz("upstream_updated_at"),
    /** The content back end's id of this conversation (items/messages/{id}); NULL until a feed or the import read it. */
    upstreamId: text("upstream_id"),
    /**
     * The priority flag the content back end holds, or will once the outbox delivers the PATCH the
     * job "message-priority" queued (docs/live-data.md); NULL when never read.
     */
    upstreamPriority: boolean("upstream_priority"),
  },
  (t) => [
    index("conversations_order_idx").on(t.orderId),
    index("conversations_pending_idx")
      .on(t.lastMessageDate.desc())
      .where(sql`${t.lastMessageFromSeller} = false`),
    index("conversations_history_idx").on(t.lastMessageDate.desc()),
    // The buyer search is "nickname contains" (ilike '%…%'): a trigram index instead of reading every conversation's JSON.
    index("conversations_nickname_trgm_idx").using("gin", sql`(${t.clientInfo} ->> 'nickname') gin_trgm_ops`),
    index("conversations_invoice_idx")
      .on(t.lastMessageDate.desc())
      .where(sql`${t.asksInvoice}`),
    index("conversations_logistic_idx").on(t.orderLogisticType, t.lastMessageDate.desc()),
    // Logistic type with movement is the pair staff filter by most: page and count from one index.
    index("conversations_logistic_movement_idx").on(t.orderLogisticType, t.orderMovementAssigned, t.lastMessageDate.desc()),
    index("conversations_shipment_idx").on(t.orderShipmentStatus, t.lastMessageDate.desc()),
    index("conversations_claim_idx")
      .on(t.lastMessageDate.desc())
      .where(sql`${t.orderHasClaim}`),
    index("conversations_return_idx")
      .on(t.lastMessageDate.desc())
      .where(sql`${t.orderHasReturn}`),
    index("conversations_unassigned_idx")
      .on(t.lastMessageDate.desc())
      .where(sql`not ${t.orderMovementAssigned}`),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    conversationId: bigint("conversation_id", { mode: "number" })
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    text: text("text").notNull().default(""),
    fromUserId: bigint("from_user_id", { mode: "number" }).notNull(),
    fromSeller: boolean("from_seller").notNull(),
    messageDate: timestampTz("message_date").notNull(),
    attachments: jsonb("attachments").$type<Attachment[]>().notNull().default([]),
    /** The marketplace's message id, set when the message was imported (or matched) by the sync; NULL for older rows. */
    externalId: text("external_id"),
  },
  (t) => [
    index("messages_conversation_date_idx").on(t.conversationId, t.messageDate),
    uniqueIndex("messages_external_id_idx").on(t.externalId),
  ],
);
