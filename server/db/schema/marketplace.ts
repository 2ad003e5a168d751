import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, numeric, pgTable, serial, text } from "drizzle-orm/pg-core";
import { money, timestampTz, stampedNow } from "./columns";
import type { GalleryItem } from "./catalog";
import { users } from "./auth";

export type LinkedProduct = {
  sku: string;
  name: string;
  intelisisName?: string | null;
  price: number;
  stock: number;
  qty: number;
  discount: number;
  warehouses?: string[];
};

/** A gallery picture of a publication: up to eight per linked product (its SKU). */
export type PublicationGalleryItem = GalleryItem & { sku?: string | null };

/** Marketplace publications (mercadolibre_posts). */
export const publications = pgTable(
  "publications",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    permalink: text("permalink"),
    price: money("price").notNull().default(0),
    /** Pesos per dollar its dollar-priced linked products were converted at when the price was worked out (decision 0038). */
    exchangeRate: numeric("exchange_rate", { precision: 10, scale: 4, mode: "number" }),
    autosync: boolean("autosync").notNull().default(false),
    priceSync: boolean("price_sync").notNull().default(false),
    stockSync: boolean("stock_sync").notNull().default(false),
    ownPost: boolean("own_post").notNull().default(true),
    special: boolean("special").notNull().default(false),
    premium: boolean("premium").notNull().default(false),
    listingType: text("listing_type").notNull().default("gold_special"),
    logisticType: text("logistic_type"),
    linkedProducts: jsonb("linked_products").$type<LinkedProduct[]>().notNull().default([]),
    /** Upper-cased, space separated SKUs of every linked product (flat and per variation) for SKU search. */
    linkedProductsString: text("linked_products_string").notNull().default(""),
    syncWarehouses: text("sync_warehouses")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    categoryId: text("category_id"),
    categoryPath: jsonb("category_path").$type<Array<{ id: string; name: string }>>().notNull().default([]),
    categoryCommission: numeric("category_commission", { precision: 6, scale: 4, mode: "number" }),
    categoryAttributes: jsonb("category_attributes").$type<unknown[]>().notNull().default([]),
    categoryVariations: jsonb("category_variations").$type<unknown[]>().notNull().default([]),
    description: jsonb("description")
      .$type<{ intro: string; body: string; closing: string }>()
      .notNull()
      .default({ intro: "", body: "", closing: "" }),
    status: text("status").notNull().default("active"),
    /** Marketplace store id: 5139 official, 4981 SE Residencial, 4979 Square D, anything else Meli 1. */
    mlStore: text("ml_store"),
    /** Empty for the main account; the brand name marks the second account. */
    officialStore: text("official_store"),
    channels: text("channels")
      .array()
      .notNull()
      .default(sql`'{marketplace}'::text[]`),
    soldQuantity: integer("sold_quantity").notNull().default(0),
    visits: integer("visits").notNull().default(0),
    stockNow: integer("stock_now").notNull().default(0),
    stockLater: integer("stock_later").notNull().default(0),
    shipmentCost: money("shipment_cost").notNull().default(25),
    shipmentConstant: money("shipment_constant").notNull().default(298.5),
    defaultShipmentCost: money("default_shipment_cost").notNull().default(25),
    iva: numeric("iva", { precision: 5, scale: 4, mode: "number" }).notNull().default(0.16),
    gallery: jsonb("gallery").$type<PublicationGalleryItem[]>().notNull().default([]),
    lastSyncUp: timestampTz("last_sync_up"),
    lastSyncDown: timestampTz("last_sync_down"),
    lastUpdate: timestampTz("last_update"),
    createdAt: stampedNow("created_at"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    version: integer("version").notNull().default(1),
    /** When the content back end last changed this record, as its feed read it (docs/live-data.md); NULL if never read. */
    upstreamUpdatedAt: timestampTz("upstream_updated_at"),
  },
  (t) => [
    index("publications_status_idx").on(t.status, t.id),
    // One index per list sort, in the sort's own order with the id tie-break, so a page reads eight entries.
    index("publications_last_sync_idx").on(t.lastSyncDown.desc().nullsLast(), t.id.desc()),
    index("publications_sold_idx").on(t.soldQuantity, t.id),
    index("publications_visits_idx").on(t.visits, t.id),
    index("publications_title_idx").on(t.title, t.id),
    index("publications_price_sync_idx").on(t.priceSync, t.id),
    index("publications_stock_sync_idx").on(t.stockSync, t.id),
    // The 'Por stock' and 'Sin sincronizar' reports read their publications in keyset pages along these.
    index("publications_low_stock_idx")
      .on(t.stockNow, t.stockLater, t.id)
      .where(sql`${t.autosync}`),
    index("publications_unsynced_idx")
      .on(t.id)
      .where(sql`not ${t.autosync} and not ${t.priceSync} and not ${t.stockSync}`),
    index("publications_title_trgm").using("gin", sql`${t.title} gin_trgm_ops`),
    index("publications_skus_trgm").using("gin", sql`${t.linkedProductsString} gin_trgm_ops`),
  ],
);

export const publicationVariations = pgTable(
  "publication_variations",
  {
    id: bigint("id", { mode: "number" }).primaryKey(),
    postId: text("post_id")
      .notNull()
      .references(() => publications.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    attributes: jsonb("attributes").$type<Array<{ id: string; name: string; value: string }>>().notNull().default([]),
    linkedProducts: jsonb("linked_products").$type<LinkedProduct[]>().notNull().default([]),
    lastUpdate: timestampTz("last_update"),
    lastSyncDown: timestampTz("last_sync_down"),
  },
  (t) => [index("publication_variations_post_idx").on(t.postId)],
);

export const questions = pgTable(
  "questions",
  {
    id: bigint("id", { mode: "number" }).primaryKey(),
    status: text("status").notNull().default("UNANSWERED"),
    message: text("message").notNull(),
    publicationId: text("publication_id").references(() => publications.id, { onDelete: "set null" }),
    answer: text("answer"),
    draft: text("draft"),
    clientId: bigint("client_id", { mode: "number" }).notNull(),
    clientNickname: text("client_nickname").notNull(),
    store: text("store"),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    dateCreated: timestampTz("date_created").notNull(),
    answeredAt: timestampTz("answered_at"),
    updatedAt: stampedNow("updated_at"),
    evaluation: integer("evaluation"),
    suggestion: text("suggestion"),
    /** Set while one request sends the answer to the marketplace, so a second one cannot send it too. */
    answeringUntil: timestampTz("answering_until"),
    /** When the content back end last changed this record, as its feed read it (docs/live-data.md); NULL if never read. */
    upstreamUpdatedAt: timestampTz("upstream_updated_at"),
  },
  (t) => [
    index("questions_pending_idx")
      .on(t.dateCreated, t.id)
      .where(sql`${t.status} = 'UNANSWERED'`),
    index("questions_history_idx")
      .on(t.dateCreated.desc(), t.id.desc())
      .where(sql`${t.status} <> 'UNANSWERED'`),
    // The history's client search is "id contains the digits" (spec 1 §7): a trigram index keeps its per-store counts off a full scan.
    index("questions_history_client_trgm_idx")
      .using("gin", sql`(${t.clientId}::text) gin_trgm_ops`)
      .where(sql`${t.status} <> 'UNANSWERED'`),
    index("questions_client_pub_idx").on(t.clientId, t.publicationId),
    index("questions_store_date_idx").on(t.store, t.dateCreated),
  ],
);

export const fastAnswers = pgTable("fast_answers", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  text: text("text").notNull(),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: stampedNow("updated_at"),
});
