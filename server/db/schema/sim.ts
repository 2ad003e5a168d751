/**
 * State of the legacy-system simulator (ERP, marketplace, AI, invoicing). It lives in its own
 * Postgres schema so the app never reads it by accident and a reset can empty it without touching
 * business data. Only server/integrations/simulator/** writes here.
 */
import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, date, index, integer, jsonb, numeric, pgSchema, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { money, timestampTz, stampedNow } from "./columns";

export const simSchema = pgSchema("sim");

const qty = (name: string) => numeric(name, { precision: 14, scale: 3, mode: "number" });

// ---------------------------------------------------------------- control

/** Failures queued for upcoming calls (one row = one failed call), consumed oldest first. */
export const simFailures = simSchema.table(
  "failures",
  {
    id: serial("id").primaryKey(),
    system: text("system").notNull(),
    /** Port method name, or "*" for any call of the system. */
    call: text("call").notNull(),
    kind: text("kind").notNull(),
    status: integer("status"),
    /** When set, only a call whose key (movement, order id, sku…) equals it fails. */
    match: text("match"),
    createdAt: stampedNow("created_at"),
  },
  (t) => [index("sim_failures_lookup_idx").on(t.system, t.call, t.id)],
);

/** Small facts about the last seed (scale, time), for diagnostics. */
export const simMeta = simSchema.table("meta", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
});

// ---------------------------------------------------------------- ERP (intelisis)

export type SimStock = { name: string; qty: number };

export const simErpArticles = simSchema.table(
  "erp_articles",
  {
    sku: text("sku").primaryKey(),
    manufacturerSku: text("manufacturer_sku").notNull().default(""),
    description: text("description").notNull(),
    stocks: jsonb("stocks").$type<SimStock[]>().notNull().default([]),
    stockTotal: integer("stock_total").notNull().default(0),
    precio2: money("precio2").notNull().default(0),
    precio3: money("precio3").notNull().default(0),
    currency: text("currency").notNull().default("Pesos"),
    syncedAt: timestampTz("synced_at"),
    /**
     * The three searchable fields upper-cased in one text, each after a unit separator (U+001F, which
     * no search can contain): a "contains" search is one LIKE on one trigram index instead of three
     * LIKEs and two upper() calls per candidate row (server/integrations/erp/simulator-articles.ts).
     */
    searchText: text("search_text").generatedAlwaysAs(
      sql`(chr(31) || sku || chr(31) || upper(manufacturer_sku) || chr(31) || upper(description))`,
    ),
  },
  (t) => [
    index("sim_erp_articles_search_idx").on(t.manufacturerSku),
    // Cotizador v3: "contains" searches on the trigram index, "starts with" (a leading *) on one
    // exact range per field, and every sortable column answers from an index.
    index("sim_erp_articles_search_trgm").using("gin", sql`${t.searchText} gin_trgm_ops`),
    index("sim_erp_articles_sku_prefix").using("btree", sql`${t.sku} text_pattern_ops`),
    index("sim_erp_articles_mfr_prefix").using("btree", sql`upper(${t.manufacturerSku}) text_pattern_ops`),
    index("sim_erp_articles_desc_prefix").using("btree", sql`upper(${t.description}) text_pattern_ops`),
    index("sim_erp_articles_stock_idx").on(t.stockTotal, t.sku),
    index("sim_erp_articles_description_idx").on(t.description, t.sku),
  ],
);

/**
 * How many articles the ERP has: Cotizador v3's title shows it on every unfiltered page, and a
 * count over 50k rows cost more than the page. Kept by statement triggers on erp_articles
 * (migration 0019); one row.
 */
export const simErpArticleCount = simSchema.table("erp_article_count", {
  one: boolean("one").primaryKey().default(true),
  n: integer("n").notNull(),
});

export const simErpClients = simSchema.table("erp_clients", {
  cliente: text("cliente").primaryKey(),
  nombre: text("nombre").notNull(),
  rfc: text("rfc").notNull().default(""),
  /** "(Precio 2)" or "(Precio 3)", as the ERP spells it. */
  listaPrecios: text("lista_precios").notNull().default("(Precio 2)"),
  email: text("email"),
  telefonos: text("telefonos"),
});

export const simErpUsers = simSchema.table("erp_users", {
  usuario: text("usuario").primaryKey(),
  nombre: text("nombre").notNull(),
  departamento: text("departamento").notNull(),
  almacenes: text("almacenes")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});

/**
 * ERP movements (pre-invoices). order_id/scenario mark the candidates the seed built for an
 * unassigned order so a user can try each outcome; both are NULL for ordinary movements.
 */
export const simErpMovements = simSchema.table(
  "erp_movements",
  {
    movement: text("movement").primaryKey(),
    mov: text("mov").notNull().default("Pedido"),
    orderId: bigint("order_id", { mode: "bigint" }),
    scenario: text("scenario"),
    createdAt: stampedNow("created_at"),
  },
  (t) => [
    index("sim_erp_movements_scenario_idx")
      .on(t.scenario)
      .where(sql`${t.scenario} is not null`),
  ],
);

export const simErpMovementLines = simSchema.table(
  "erp_movement_lines",
  {
    movement: text("movement").notNull(),
    line: integer("line").notNull(),
    articulo: text("articulo").notNull(),
    cantidad: qty("cantidad").notNull(),
    /** Unit price before VAT; more decimals than money so Σ precio×cantidad×1.16 lands on the balance. */
    precio: numeric("precio", { precision: 18, scale: 6, mode: "number" }).notNull(),
    cantidadReservada: qty("cantidad_reservada").notNull(),
    almacen: text("almacen").notNull(),
    cliente: text("cliente").notNull(),
  },
  (t) => [primaryKey({ columns: [t.movement, t.line] })],
);

export type SimCreditNoteLine = { articulo: string; cantidad: number };

export const simErpCreditNotes = simSchema.table("erp_credit_notes", {
  note: text("note").primaryKey(),
  movement: text("movement").notNull(),
  orderId: bigint("order_id", { mode: "bigint" }),
  /** "match" or "mismatch" for the demo notes. */
  scenario: text("scenario"),
  lines: jsonb("lines").$type<SimCreditNoteLine[]>().notNull().default([]),
  createdAt: stampedNow("created_at"),
});

export type SimDocumentItem = { sku: string; price: number; qty: number; subtotal: number };

/** Quotations and point-of-sale orders created in the ERP, with their movement chain. */
export const simErpDocuments = simSchema.table(
  "erp_documents",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    reference: text("reference").notNull(),
    mov: text("mov").notNull(),
    movId: text("mov_id").notNull().unique(),
    usuario: text("usuario"),
    almacen: text("almacen"),
    cliente: text("cliente"),
    items: jsonb("items").$type<SimDocumentItem[]>().notNull().default([]),
    total: money("total").notNull().default(0),
    cancelDetail: text("cancel_detail"),
    createdAt: stampedNow("created_at"),
  },
  (t) => [index("sim_erp_documents_reference_idx").on(t.reference)],
);

export const simErpInvoices = simSchema.table("erp_invoices", {
  id: serial("id").primaryKey(),
  orderId: text("order_id").notNull(),
  movement: text("movement").notNull(),
  folio: text("folio").notNull().unique(),
  createdAt: stampedNow("created_at"),
});

export type SimSurtidoLine = {
  renglonid: number;
  articulo: string;
  ubicacion: string;
  existencia: number;
  cantidadpendiente: number;
  cantidadSeleccionada: number;
  mensaje: string;
};

export const simErpSurtido = simSchema.table("erp_surtido", {
  id: serial("id").primaryKey(),
  fechaRegistro: timestampTz("fecha_registro").notNull(),
  fecha: date("fecha", { mode: "string" }).notNull(),
  articulos: jsonb("articulos").$type<SimSurtidoLine[]>().notNull().default([]),
});

// ---------------------------------------------------------------- marketplace (Mercado Libre)

export type SimCategoryAttribute = {
  id: string;
  name: string;
  tags: { required?: boolean; catalog_required?: boolean; allow_variations?: boolean };
  value_type: string;
  values?: Array<{ id: string; name: string }>;
  allowed_units?: string[];
};

export const simMktCategories = simSchema.table("mkt_categories", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  parentId: text("parent_id"),
  pathFromRoot: jsonb("path_from_root").$type<Array<{ id: string; name: string }>>().notNull(),
  leaf: boolean("leaf").notNull().default(false),
  goldSpecial: numeric("gold_special", { precision: 6, scale: 4, mode: "number" }),
  goldPro: numeric("gold_pro", { precision: 6, scale: 4, mode: "number" }),
  attributes: jsonb("attributes").$type<SimCategoryAttribute[]>().notNull().default([]),
  keywords: text("keywords")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});

/** The marketplace's own view of each order (the app keeps its copy in public.orders). */
export const simMktOrders = simSchema.table(
  "mkt_orders",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey(),
    account: text("account").notNull().default("main"),
    buyerId: bigint("buyer_id", { mode: "number" }),
    buyerNickname: text("buyer_nickname"),
    buyerFirstName: text("buyer_first_name"),
    buyerLastName: text("buyer_last_name"),
    orderStatus: text("order_status").notNull(),
    statusHistory: text("status_history").notNull().default(""),
    shipmentId: bigint("shipment_id", { mode: "number" }),
    shipmentStatus: text("shipment_status"),
    logisticType: text("logistic_type"),
    trackingNumber: text("tracking_number"),
    shippingInfo: jsonb("shipping_info").$type<Record<string, unknown> | null>(),
    /** The order items as the app imported them (id, title, price, qty, sellerSku…). */
    items: jsonb("items").$type<Array<Record<string, unknown>>>().notNull().default([]),
    totalAmount: money("total_amount").notNull().default(0),
    orderDate: timestampTz("order_date").notNull(),
    active: boolean("active").notNull().default(true),
    labelPrintedAt: timestampTz("label_printed_at"),
    dispatchedAt: timestampTz("dispatched_at"),
    updatedAt: stampedNow("updated_at"),
  },
  // Reports read a month of orders in keyset pages along (order_date, id).
  (t) => [index("sim_mkt_orders_date_id_idx").on(t.orderDate, t.id)],
);

export const simMktPublications = simSchema.table("mkt_publications", {
  id: text("id").primaryKey(),
  account: text("account").notNull().default("main"),
  /** The official store the listing is sold under (5139, 4981, 4979); null for the account itself. */
  officialStoreId: text("official_store_id"),
  title: text("title").notNull(),
  price: money("price").notNull().default(0),
  originalPrice: money("original_price"),
  categoryId: text("category_id"),
  listingType: text("listing_type").notNull().default("gold_special"),
  status: text("status").notNull().default("active"),
  description: text("description").notNull().default(""),
  attributes: jsonb("attributes").$type<Array<{ id: string; name: string; value_name: string | null }>>().notNull().default([]),
  pictureUrl: text("picture_url"),
  sellerSku: text("seller_sku"),
  linkedProducts: jsonb("linked_products").$type<Array<{ sku: string; qty: number; discount?: number }>>().notNull().default([]),
  variations: jsonb("variations")
    .$type<Array<{ id: number; name: string; linked_products: Array<{ sku: string; qty: number }> }>>()
    .notNull()
    .default([]),
  soldQuantity: integer("sold_quantity").notNull().default(0),
  visits: integer("visits").notNull().default(0),
  channels: text("channels")
    .array()
    .notNull()
    .default(sql`'{marketplace}'::text[]`),
  lastSyncUp: timestampTz("last_sync_up"),
  updatedAt: stampedNow("updated_at"),
});

export const simMktQuestions = simSchema.table("mkt_questions", {
  id: bigint("id", { mode: "number" }).primaryKey(),
  account: text("account").notNull().default("main"),
  clientId: bigint("client_id", { mode: "number" }),
  status: text("status").notNull().default("UNANSWERED"),
  answer: text("answer"),
  answeredBy: integer("answered_by"),
  answeredAt: timestampTz("answered_at"),
  deletedAt: timestampTz("deleted_at"),
});

export const simMktBlockedUsers = simSchema.table(
  "mkt_blocked_users",
  {
    account: text("account").notNull(),
    clientId: bigint("client_id", { mode: "number" }).notNull(),
    questionId: bigint("question_id", { mode: "number" }),
    createdAt: stampedNow("created_at"),
  },
  (t) => [primaryKey({ columns: [t.account, t.clientId] })],
);

export type SimAttachment = { filename: string; original_filename: string; size: number; content_type: string };

export const simMktMessages = simSchema.table(
  "mkt_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    account: text("account").notNull().default("main"),
    orderId: bigint("order_id", { mode: "bigint" }).notNull(),
    clientId: bigint("client_id", { mode: "number" }),
    fromSeller: boolean("from_seller").notNull(),
    text: text("text").notNull().default(""),
    attachments: jsonb("attachments").$type<SimAttachment[]>().notNull().default([]),
    updatedBy: integer("updated_by"),
    createdAt: stampedNow("created_at"),
  },
  (t) => [index("sim_mkt_messages_order_idx").on(t.orderId, t.createdAt)],
);

export type SimFeedback = { id: number; date_created: string; error_info: string };

export const simMktInvoiceFeedback = simSchema.table(
  "mkt_invoice_feedback",
  {
    orderId: bigint("order_id", { mode: "bigint" }).primaryKey(),
    permalink: text("permalink").notNull(),
    dateCreated: timestampTz("date_created").notNull(),
    errorInfo: text("error_info").notNull(),
    invoiceData: jsonb("invoice_data").$type<Record<string, string>>().notNull(),
    feedbacks: jsonb("feedbacks").$type<SimFeedback[]>().notNull().default([]),
  },
  (t) => [index("sim_mkt_invoice_feedback_date_idx").on(t.dateCreated)],
);

// ---------------------------------------------------------------- AI service

export const simAiAssistants = simSchema.table("ai_assistants", {
  name: text("name").primaryKey(),
  createdAt: stampedNow("created_at"),
});

export const simAiDocuments = simSchema.table(
  "ai_documents",
  {
    assistant: text("assistant").notNull(),
    documentId: text("document_id").notNull(),
    productId: text("product_id"),
    fileName: text("file_name").notNull(),
    fileUrl: text("file_url").notNull(),
    pages: jsonb("pages").$type<string[]>().notNull().default([]),
    createdAt: stampedNow("created_at"),
  },
  (t) => [primaryKey({ columns: [t.assistant, t.documentId] })],
);

// ---------------------------------------------------------------- invoicing service

export const simInvoiceResends = simSchema.table("invoice_resends", {
  id: serial("id").primaryKey(),
  saleId: text("sale_id").notNull(),
  emails: jsonb("emails").$type<Array<{ email: string; isDefault: boolean; role: string }>>().notNull(),
  answer: text("answer").notNull(),
  createdAt: stampedNow("created_at"),
});

// ---------------------------------------------------------------- content back end

/**
 * The content back end's `items/*` collections as the simulator serves them (the legacy back end
 * fills them from the marketplace and the ERP). `data` is the record in the spec's field names;
 * `changed_at` is what a feed's cursor follows; `id_key` sorts numeric ids as numbers.
 */
export const simContentItems = simSchema.table(
  "content_items",
  {
    collection: text("collection").notNull(),
    id: text("id").notNull(),
    idKey: text("id_key").generatedAlwaysAs(sql`lpad(id, 40, '0')`),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    changedAt: timestampTz("changed_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.collection, t.id] }), index("sim_content_items_changed_idx").on(t.collection, t.changedAt, t.idKey)],
);

/** Every write the content back end received (PATCH/POST), kept by idempotency key: a repeat is a no-op. */
export const simContentWrites = simSchema.table(
  "content_writes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    collection: text("collection").notNull(),
    itemId: text("item_id").notNull(),
    method: text("method").notNull(),
    body: jsonb("body").$type<Record<string, unknown>>().notNull(),
    idempotencyKey: text("idempotency_key").unique(),
    receivedAt: stampedNow("received_at"),
  },
  (t) => [index("sim_content_writes_item_idx").on(t.collection, t.itemId, t.id)],
);
