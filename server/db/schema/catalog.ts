import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { money, stampedNow, timestampTz } from "./columns";
import { files } from "./system";

/** A picture as stored on a catalogue entity: the file plus the resized variants and its alt text. */
export type ImageRef = { fileId: string; url: string; alt?: string | null; origin?: string; name?: string };
export type GalleryItem = ImageRef & { sort: number };
export type WarehouseStock = { name: string; qty: number };
export type ComboComponent = { id: string; name: string; price: number; stock: number; qty: number };

/**
 * Categories and brands are the same kind of record: a tree of named entries with a picture and a
 * cover, found by name. A function so each table gets its own columns.
 */
const pictureTreeColumns = (parent: () => AnyPgColumn) => ({
  id: integer("id").primaryKey().generatedByDefaultAsIdentity({ startWith: 1 }),
  name: text("name").notNull(),
  slug: text("slug").notNull(),
  parentId: integer("parent_id").references(parent, { onDelete: "set null" }),
  image: jsonb("image").$type<ImageRef | null>(),
  cover: jsonb("cover").$type<ImageRef | null>(),
});

/** Children by parent, the list's sort by name, and the search by part of the name. */
const pictureTreeIndexes = (table: string, t: { parentId: AnyPgColumn; name: AnyPgColumn }) => [
  index(`${table}_parent_idx`).on(t.parentId),
  index(`${table}_name_idx`).on(t.name),
  index(`${table}_name_trgm`).using("gin", sql`lower(${t.name}) gin_trgm_ops`),
];

export const categories = pgTable(
  "categories",
  {
    ...pictureTreeColumns((): AnyPgColumn => categories.id),
    updatedAt: stampedNow("updated_at"),
  },
  (t) => pictureTreeIndexes("categories", t),
);

export const brands = pgTable(
  "brands",
  {
    ...pictureTreeColumns((): AnyPgColumn => brands.id),
    imgProduct: jsonb("img_product").$type<ImageRef | null>(),
    isFeatured: boolean("is_featured").notNull().default(false),
    updatedAt: stampedNow("updated_at"),
  },
  (t) => pictureTreeIndexes("brands", t),
);

export const sectors = pgTable("sectors", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull(),
});

export const applications = pgTable("applications", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull(),
});

/**
 * A version per category and brand table, bumped by statement triggers on every write (migration
 * 0021): the inventory filters and the product dialogs keep the 2k-node trees they draw in memory
 * and rebuild them only when their table's version moved, whichever process wrote.
 */
export const taxonomyVersions = pgTable("taxonomy_versions", {
  tableName: text("table_name").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull(),
});

/**
 * A version per table the shop's API reads (banners, sections, blogs, promotions, locations,
 * catalogues, products and their properties, categories, brands), bumped from a sequence by
 * statement triggers on every write (migration 0034), whichever process wrote: the API's ETag is
 * these versions, so a conditional request is answered 304 without reading the records.
 */
export const contentVersions = pgTable("content_versions", {
  tableName: text("table_name").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull(),
});

export const products = pgTable(
  "products",
  {
    /** The SKU is the business key. */
    id: text("id").primaryKey(),
    idNew: integer("id_new").generatedAlwaysAsIdentity().notNull().unique(),
    manufacturerSku: text("manufacturer_sku").notNull().default(""),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    descripcion1: text("descripcion1"),
    intelisisName: text("intelisis_name"),
    intelisisCategory: text("intelisis_category"),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    brandId: integer("brand_id").references(() => brands.id, { onDelete: "set null" }),
    sectorId: integer("sector_id").references(() => sectors.id, { onDelete: "set null" }),
    applicationId: integer("application_id").references(() => applications.id, { onDelete: "set null" }),
    description: text("description").notNull().default(""),
    tall: numeric("tall", { precision: 10, scale: 2, mode: "number" }).notNull().default(0),
    wide: numeric("wide", { precision: 10, scale: 2, mode: "number" }).notNull().default(0),
    long: numeric("long", { precision: 10, scale: 2, mode: "number" }).notNull().default(0),
    weight: numeric("weight", { precision: 10, scale: 3, mode: "number" }).notNull().default(0),
    eanUpc: text("ean_upc"),
    dataSheetId: uuid("data_sheet_id").references(() => files.id, { onDelete: "set null" }),
    gallery: jsonb("gallery").$type<GalleryItem[]>().notNull().default([]),
    isActive: boolean("is_active").notNull().default(false),
    /** "Descripción global": the shop shows the brand's shared description instead of this product's own. */
    globalDescription: boolean("global_description").notNull().default(false),
    isCombo: boolean("is_combo").notNull().default(false),
    comboProducts: jsonb("combo_products").$type<ComboComponent[]>().notNull().default([]),
    claveSat: text("clave_sat").notNull().default("0"),
    price: money("price").notNull().default(0),
    precio2: money("precio2").notNull().default(0),
    precio3: money("precio3").notNull().default(0),
    monedaPrecio: text("moneda_precio").notNull().default("Pesos"),
    stockTotal: integer("stock_total").notNull().default(0),
    stocks: jsonb("stocks").$type<WarehouseStock[]>().notNull().default([]),
    /**
     * Whether the product has at least one property: kept by statement triggers on
     * product_properties (migration 0020), so the completeness score below is one stored column.
     */
    hasProperties: boolean("has_properties").notNull().default(false),
    /**
     * Completeness out of 8 (docs/decisions/0015): gallery of 3+, data sheet, a description of 200+
     * characters, all four dimensions, category, brand, EAN/UPC, and at least one property.
     * Inventario v3 sorts and filters on it and keeps a count of the incomplete (product_counts).
     */
    completeness: smallint("completeness").generatedAlwaysAs(
      sql`((jsonb_array_length(gallery) >= 3)::int + (data_sheet_id is not null)::int + (char_length(description) >= 200)::int
        + (tall > 0 and wide > 0 and long > 0 and weight > 0)::int + (category_id is not null)::int + (brand_id is not null)::int
        + (coalesce(ean_upc, '') not in ('', '0'))::int + has_properties::int)::smallint`,
    ),
    searchText: text("search_text").generatedAlwaysAs(
      sql`upper(id || ' ' || manufacturer_sku || ' ' || name || ' ' || coalesce(descripcion1, ''))`,
    ),
    createdAt: stampedNow("created_at"),
    updatedAt: stampedNow("updated_at"),
    /** When the ERP feed last changed this product's stock, prices or currency (docs/live-data.md). */
    erpSyncedAt: timestampTz("erp_synced_at"),
    /**
     * The shop's price in peso cents, for ordering and paging only (the shop API's price sort): kept
     * by triggers (migration 0034) when the price or its currency changes and when the dollar rate
     * (settings.dollar_price) does; null when it cannot be worked out. What an answer shows is always
     * `pesoPrice` (app/modules/pricing/price.ts), which the triggers' arithmetic follows.
     */
    shopPriceCents: bigint("shop_price_cents", { mode: "number" }),
  },
  (t) => [
    index("products_search_trgm").using("gin", sql`${t.searchText} gin_trgm_ops`),
    // SKUs are compared without regard to case (the duplicate check on save, the publication
    // editor's linked products, the combo id): without it each of those reads the whole table.
    index("products_upper_id_idx").on(sql`upper(${t.id})`),
    // The shop API's product detail finds it by slug or by SKU (slug = … or upper(id) = upper(…)):
    // with both indexed it is two index probes, not a read of every product.
    index("products_slug_idx").on(t.slug),
    // Inventario v3's sorts (each then by SKU), alone or within one brand or one category: a page is
    // the first 20 entries of one index, and a brand's or category's count an index-only scan.
    index("products_manufacturer_idx").on(t.manufacturerSku, t.id),
    index("products_stock_idx").on(t.stockTotal, t.id),
    index("products_name_idx").on(t.name, t.id),
    // The shop API's product list (enabled products by name, and their count) reads
    // products_active_name_search_idx: (name, id) INCLUDE (search_text) WHERE is_active, made by hand
    // in migration 0039 (Drizzle's builder has no INCLUDE). A page is the first entries of it, the
    // count an index-only scan, and a search by name tests search_text on its entries alone.
    // Its newest-first (and oldest-first) sort.
    index("products_active_updated_idx")
      .on(t.updatedAt, t.id)
      .where(sql`${t.isActive}`),
    // Its price sort, each direction with the prices it cannot work out last: a page is read off one.
    index("products_active_shop_price_idx")
      .on(t.shopPriceCents.asc().nullsLast(), t.id)
      .where(sql`${t.isActive}`),
    index("products_active_shop_price_desc_idx")
      .on(t.shopPriceCents.desc().nullsLast(), t.id)
      .where(sql`${t.isActive}`),
    index("products_completeness_idx").on(t.completeness, t.id),
    index("products_brand_idx").on(t.brandId, t.id),
    index("products_brand_manufacturer_idx").on(t.brandId, t.manufacturerSku, t.id),
    index("products_brand_stock_idx").on(t.brandId, t.stockTotal, t.id),
    index("products_brand_name_idx").on(t.brandId, t.name, t.id),
    index("products_brand_completeness_idx").on(t.brandId, t.completeness, t.id),
    index("products_category_idx").on(t.categoryId, t.id),
    index("products_category_manufacturer_idx").on(t.categoryId, t.manufacturerSku, t.id),
    index("products_category_stock_idx").on(t.categoryId, t.stockTotal, t.id),
    index("products_category_name_idx").on(t.categoryId, t.name, t.id),
    index("products_category_completeness_idx").on(t.categoryId, t.completeness, t.id),
    // Deleting a sector or an application counts and clears its products.
    index("products_sector_idx").on(t.sectorId),
    index("products_application_idx").on(t.applicationId),
    index("products_combo_idx").on(t.isCombo),
    uniqueIndex("products_ean_uq")
      .on(t.eanUpc)
      .where(sql`${t.eanUpc} is not null and ${t.eanUpc} <> '' and ${t.eanUpc} <> '0'`),
  ],
);

export const productProperties = pgTable(
  "product_properties",
  {
    id: serial("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade", onUpdate: "cascade" }),
    name: text("name").notNull(),
    value: text("value").notNull().default(""),
    isSelector: boolean("is_selector").notNull().default(false),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("product_properties_product_idx").on(t.productId)],
);

/**
 * How many products there are, complete (8 of 8) or not: Inventario v3's title total without a
 * filter or with only "Solo incompletos", which would otherwise count 50k rows per page. Kept by
 * triggers on products (migration 0020); two rows at most.
 */
export const productCounts = pgTable("product_counts", {
  complete: boolean("complete").primaryKey(),
  n: integer("n").notNull(),
});
