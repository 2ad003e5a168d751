/**
 * The records the online shop reads, as the shop may see them: only what is published, active or
 * enabled, and only the fields of `schemas.ts` — every answer is parsed by its allow-list schema,
 * never returned as a table row. No HTTP here: typed queries in, typed pages out.
 */
import { getDb, type Db } from "@server/db/client";
import {
  bannersHome,
  blogPosts,
  brands,
  catalogs,
  categories,
  productProperties,
  products,
  shopSections,
  storeLocations,
  storePromos,
} from "@server/db/schema";
import { and, asc, count, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { foldedContains } from "~/lib/folded-search";
import { containsPattern } from "~/lib/like-pattern";
import { countOf, totalOf, windowTotal } from "~/lib/list.server";
import { inventoryWhere } from "~/modules/catalog/inventory.server";
import { pesoPrice } from "~/modules/pricing/price";
import { currentDollarRate } from "~/modules/pricing/rate.server";
import type { ImageRef } from "@server/db/schema/catalog";
import type { ListQuery } from "./queries";
import {
  BannerSchema,
  BlogDetailSchema,
  BlogSummarySchema,
  BrandSchema,
  CatalogSchema,
  CategorySchema,
  LocationSchema,
  MEDIA_WIDTHS,
  PromotionSchema,
  ProductDetailSchema,
  ProductSummarySchema,
  SHOP_API_BASE,
  SectionSchema,
  oneSchema,
  pageOfSchema,
  type ProductSummary,
  type SectionProduct,
  type ShopImage,
} from "./schemas";

const MEXICO = "America/Mexico_City";

export type ShopPage<T> = { data: T[]; meta: { total: number; page: number; pageSize: number } };

/** The public address of one size of a stored image (the file id names immutable content). */
export function mediaUrl(fileId: string, width: (typeof MEDIA_WIDTHS)[number]) {
  return `${SHOP_API_BASE}/media/${fileId}/${width}.webp`;
}

export function dataSheetUrl(fileId: string) {
  return `${SHOP_API_BASE}/media/${fileId}/ficha.pdf`;
}

function imageOf(ref: (ImageRef & { alt?: string | null }) | null | undefined, fallbackAlt = ""): ShopImage | null {
  if (!ref?.fileId) return null;
  return { alt: ref.alt ?? fallbackAlt, url400: mediaUrl(ref.fileId, 400), url1200: mediaUrl(ref.fileId, 1200) };
}

const iso = (d: Date) => d.toISOString();
const direction = (order: "asc" | "desc") => (order === "asc" ? asc : desc);
const total = windowTotal();
const offsetOf = (q: { page: number; pageSize: number }) => (q.page - 1) * q.pageSize;

/** The answer's `meta`: the total its rows carry as a window, or a count of its own past the end (`totalOf`). */
async function metaOf(rows: ReadonlyArray<{ total: number }>, q: { page: number; pageSize: number }, countAll: () => Promise<number>) {
  return { total: await totalOf(rows, q.page, countAll), page: q.page, pageSize: q.pageSize };
}

// ---------------------------------------------------------------------------------------------
// Banners

export async function listBanners(q: ListQuery<"banners">): Promise<ShopPage<unknown>> {
  const rows = await getDb()
    .select({
      id: bannersHome.id,
      name: bannersHome.name,
      image: bannersHome.image,
      coverTitle: bannersHome.coverTitle,
      coverSubtitle: bannersHome.coverSubtitle,
      coverContent: bannersHome.coverContent,
      updatedAt: bannersHome.updatedAt,
      total,
    })
    .from(bannersHome)
    .orderBy(direction(q.order)(bannersHome.id))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  const meta = await metaOf(rows, q, countOf(bannersHome, undefined));
  return pageOfSchema(BannerSchema).parse({
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      image: imageOf(r.image, r.name),
      coverTitle: r.coverTitle,
      coverSubtitle: r.coverSubtitle,
      coverContent: r.coverContent,
      updatedAt: iso(r.updatedAt),
    })),
    meta,
  });
}

// ---------------------------------------------------------------------------------------------
// Products

const productColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  manufacturerSku: products.manufacturerSku,
  brandId: brands.id,
  brandName: brands.name,
  brandSlug: brands.slug,
  categoryId: categories.id,
  categoryName: categories.name,
  categorySlug: categories.slug,
  price: products.price,
  monedaPrecio: products.monedaPrecio,
  stockTotal: products.stockTotal,
  gallery: products.gallery,
  isCombo: products.isCombo,
  updatedAt: products.updatedAt,
};
type ProductRow = Awaited<ReturnType<typeof productsFrom>>[number];

/**
 * The shop's price: the catalogue's own price (`products.price` in `moneda_precio`, the figure the
 * product and combo dialogs edit and the till charges) in pesos through the one pricing function
 * (decision 0038), a dollar price at the rate of the day. Null when it cannot be worked out (no
 * dollar rate, an unknown currency): the shop shows no price rather than a wrong one.
 */
export function shopPrice(row: { price: number; monedaPrecio: string }, exchangeRate: number | null) {
  const price = pesoPrice({ amount: row.price, currency: row.monedaPrecio }, exchangeRate);
  return price.ok ? { amount: price.cents / 100, currency: "MXN" as const } : null;
}

function firstImage(gallery: ProductRow["gallery"], name: string) {
  const first = [...gallery].sort((a, b) => a.sort - b.sort)[0];
  return imageOf(first, name);
}

function productSummary(r: ProductRow, exchangeRate: number | null): ProductSummary {
  return {
    sku: r.id,
    slug: r.slug,
    name: r.name,
    manufacturerSku: r.manufacturerSku,
    brand: r.brandId != null ? { id: r.brandId, name: r.brandName ?? "", slug: r.brandSlug ?? "" } : null,
    category: r.categoryId != null ? { id: r.categoryId, name: r.categoryName ?? "", slug: r.categorySlug ?? "" } : null,
    price: shopPrice(r, exchangeRate),
    stock: r.stockTotal > 0 ? "disponible" : "agotado",
    image: firstImage(r.gallery, r.name),
    isCombo: r.isCombo,
    updatedAt: iso(r.updatedAt),
  };
}

function productsFrom(db: Pick<Db, "select"> = getDb()) {
  return db
    .select({ ...productColumns })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(categories, eq(categories.id, products.categoryId));
}

/** Enabled products, narrowed as Inventario v3 narrows its list (the same search, category and brand). */
function productWhere(q: ListQuery<"products">) {
  return and(eq(products.isActive, true), inventoryWhere({ search: q.search, category: q.category, brand: q.brand }));
}

function productOrder(q: ListQuery<"products">) {
  const dir = direction(q.order);
  switch (q.sort) {
    case "price":
      // The stored peso price (products.shop_price_cents: the pricing function's cents at the day's
      // rate, kept by triggers when the price, the currency or the rate changes), written as its
      // indexes are built (products_active_shop_price_idx, …_desc_idx): a page is read off one. A
      // price that cannot be worked out (a dollar price with no rate) is last, whichever the direction.
      return [
        q.order === "asc" ? sql`${products.shopPriceCents} asc nulls last` : sql`${products.shopPriceCents} desc nulls last`,
        asc(products.id),
      ];
    // The others end with the SKU in the same direction, so a page either way is read off one index
    // (products_active_name_search_idx, products_active_updated_idx, the key), forward or backward.
    case "sku":
      return [dir(products.id)];
    case "updatedAt":
      return [dir(products.updatedAt), dir(products.id)];
    default:
      return [dir(products.name), dir(products.id)];
  }
}

/**
 * The builder the list and the bench both run. No window total: with one, every enabled product is
 * read and sorted before the first page (150 ms at 50 k products); without it, a page by name is
 * the first rows of `products_active_name_search_idx`, and the total is a count of its own.
 */
export function shopProductsPageQuery(db: Pick<Db, "select">, q: ListQuery<"products">) {
  if (q.search) return searchedProductsPageQuery(db, q);
  return db
    .select({ ...productColumns })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(productWhere(q))
    .orderBy(...productOrder(q))
    .limit(q.pageSize)
    .offset(offsetOf(q));
}

/**
 * A search's page in two steps: its SKUs first, from narrow index entries (by name, the default,
 * an index-only scan of products_active_name_search_idx that tests search_text on each entry; a
 * rare word, the trigram index), then only those rows read whole. In one step, a common word
 * sorted by name read the wide row of every product before its first match.
 */
function searchedProductsPageQuery(db: Pick<Db, "select">, q: ListQuery<"products">) {
  const page = db
    .select({ sku: products.id })
    .from(products)
    .where(productWhere(q))
    .orderBy(...productOrder(q))
    .limit(q.pageSize)
    .offset(offsetOf(q))
    .as("page");
  return db
    .select({ ...productColumns })
    .from(page)
    .innerJoin(products, eq(products.id, page.sku))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .orderBy(...productOrder(q));
}

/** The count of the enabled products the list's filters keep (unfiltered: an index-only scan of one of their partial indexes). */
export function shopProductsCountQuery(db: Pick<Db, "select">, q: ListQuery<"products">) {
  return db.select({ n: count() }).from(products).where(productWhere(q));
}

/**
 * The totals of the products list by filters, per database handle (tests open many) and content
 * version: the count of ~46 k enabled products is most of a page's time, and it cannot change while
 * the version (content_versions, bumped by every write to products) has not. Read after the version:
 * a write in between leaves a newer total under an older version, never the reverse.
 */
const productTotals = new WeakMap<object, Map<string, number>>();
const TOTALS_KEPT = 1000;

async function productsTotal(q: ListQuery<"products">, version: string | undefined) {
  const db = getDb();
  let totals = productTotals.get(db);
  if (!totals) productTotals.set(db, (totals = new Map()));
  const key = version === undefined ? undefined : JSON.stringify([version, q.search ?? null, q.category ?? null, q.brand ?? null]);
  const known = key === undefined ? undefined : totals.get(key);
  if (known !== undefined) return known;
  const [row] = await shopProductsCountQuery(db, q);
  const total = row?.n ?? 0;
  if (key !== undefined) {
    if (totals.size >= TOTALS_KEPT) totals.clear();
    totals.set(key, total);
  }
  return total;
}

/**
 * A page of enabled products; the prices shown are the pricing function's, at the rate read with the
 * page. `version`: the content version read before it (versions.server.ts), which keys its total.
 */
export async function listProducts(q: ListQuery<"products">, version?: string) {
  const [exchangeRate, rows, total] = await Promise.all([
    currentDollarRate(),
    shopProductsPageQuery(getDb(), q),
    productsTotal(q, version),
  ]);
  const meta = { total, page: q.page, pageSize: q.pageSize };
  return pageOfSchema(ProductSummarySchema).parse({ data: rows.map((r) => productSummary(r, exchangeRate)), meta });
}

/** The enabled product a slug or a SKU (any case) names, a slug first: two index probes (products_slug_idx, products_upper_id_idx). */
export function shopProductByKeyQuery(db: Pick<Db, "select">, key: string) {
  return productsFrom(db)
    .where(and(eq(products.isActive, true), or(eq(products.slug, key), sql`upper(${products.id}) = upper(${key})`)))
    .orderBy(sql`(${products.slug} = ${key}) desc`, asc(products.id))
    .limit(1);
}

/** One enabled product by its slug or its SKU (any case); null when there is none or it is disabled. */
export async function productDetail(key: string) {
  const rows = await shopProductByKeyQuery(getDb(), key);
  const row = rows[0];
  if (!row) return null;
  const [extra] = await getDb()
    .select({
      description: products.description,
      eanUpc: products.eanUpc,
      claveSat: products.claveSat,
      tall: products.tall,
      wide: products.wide,
      long: products.long,
      weight: products.weight,
      dataSheetId: products.dataSheetId,
    })
    .from(products)
    .where(eq(products.id, row.id));
  const properties = await getDb()
    .select({ name: productProperties.name, value: productProperties.value })
    .from(productProperties)
    .where(eq(productProperties.productId, row.id))
    .orderBy(asc(productProperties.sort), asc(productProperties.id));
  const exchangeRate = await currentDollarRate();
  return oneSchema(ProductDetailSchema).parse({
    data: {
      ...productSummary(row, exchangeRate),
      description: extra.description,
      eanUpc: extra.eanUpc && extra.eanUpc !== "0" ? extra.eanUpc : null,
      claveSat: extra.claveSat,
      dimensions: { tall: extra.tall, wide: extra.wide, long: extra.long, weight: extra.weight },
      gallery: [...row.gallery]
        .sort((a, b) => a.sort - b.sort)
        .map((g) => imageOf(g, row.name)!)
        .filter(Boolean),
      dataSheetUrl: extra.dataSheetId ? dataSheetUrl(extra.dataSheetId) : null,
      properties,
    },
  });
}

/** The enabled products among `skus` (case-insensitive), keyed by upper-case SKU. */
async function enabledProducts(skus: string[], exchangeRate: number | null) {
  const found = new Map<string, ProductSummary>();
  const wanted = [...new Set(skus.map((s) => s.toUpperCase()))];
  if (wanted.length === 0) return found;
  const rows = await productsFrom().where(and(eq(products.isActive, true), inArray(sql`upper(${products.id})`, wanted)));
  for (const r of rows) found.set(r.id.toUpperCase(), productSummary(r, exchangeRate));
  return found;
}

function listed(items: Array<{ id: string; qty: number }>, found: Map<string, ProductSummary>): SectionProduct[] {
  return items.flatMap((item) => {
    const product = found.get(String(item.id).toUpperCase());
    return product ? [{ ...product, qty: item.qty }] : [];
  });
}

// ---------------------------------------------------------------------------------------------
// Sections and catalogues

export async function listSections(q: ListQuery<"sections">) {
  const rows = await getDb()
    .select({ id: shopSections.id, title: shopSections.title, products: shopSections.products, updatedAt: shopSections.updatedAt, total })
    .from(shopSections)
    .where(eq(shopSections.status, true))
    .orderBy(direction(q.order)(shopSections.id))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  const meta = await metaOf(rows, q, countOf(shopSections, eq(shopSections.status, true)));
  const exchangeRate = await currentDollarRate();
  const found = await enabledProducts(
    rows.flatMap((r) => r.products.map((p) => p.id)),
    exchangeRate,
  );
  return pageOfSchema(SectionSchema).parse({
    data: rows.map((r) => ({ id: r.id, title: r.title, products: listed(r.products, found), updatedAt: iso(r.updatedAt) })),
    meta,
  });
}

function catalogWhere(q: ListQuery<"catalogs">) {
  return q.search ? foldedContains(catalogs.title, q.search) : undefined;
}

export async function listCatalogs(q: ListQuery<"catalogs">) {
  const rows = await getDb()
    .select({
      id: catalogs.id,
      title: catalogs.title,
      images: catalogs.images,
      subtitles: catalogs.subtitles,
      updatedAt: catalogs.updatedAt,
      total,
    })
    .from(catalogs)
    .where(catalogWhere(q))
    .orderBy(q.sort === "title" ? direction(q.order)(catalogs.title) : direction(q.order)(catalogs.id), asc(catalogs.id))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  const meta = await metaOf(rows, q, countOf(catalogs, catalogWhere(q)));
  const exchangeRate = await currentDollarRate();
  const found = await enabledProducts(
    rows.flatMap((r) => r.subtitles.flatMap((s) => s.products.map((p) => p.id))),
    exchangeRate,
  );
  return pageOfSchema(CatalogSchema).parse({
    data: rows.map((r) => ({
      id: r.id,
      title: r.title,
      images: r.images.map((i) => imageOf(i, r.title)).filter((i): i is ShopImage => i !== null),
      subtitles: r.subtitles.map((s) => ({ title: s.title, products: listed(s.products, found) })),
      updatedAt: iso(r.updatedAt),
    })),
    meta,
  });
}

// ---------------------------------------------------------------------------------------------
// Blogs

/** A post the shop shows: published, and its date (if any) reached. */
export function visibleBlog(now: Date) {
  return and(eq(blogPosts.status, true), or(isNull(blogPosts.publishAt), lte(blogPosts.publishAt, now)))!;
}

function blogWhere(q: ListQuery<"blogs">, now: Date) {
  return and(visibleBlog(now), q.search ? foldedContains(blogPosts.title, q.search) : undefined);
}

const publishedAt = sql<Date>`coalesce(${blogPosts.publishAt}, ${blogPosts.createdAt})`.mapWith(blogPosts.createdAt);

const blogColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  image: blogPosts.featuredImage,
  publishedAt,
  updatedAt: blogPosts.updatedAt,
};
const blogSummary = (r: {
  id: number;
  slug: string;
  title: string;
  image: (ImageRef & { alt: string }) | null;
  publishedAt: Date;
  updatedAt: Date;
}) => ({
  id: r.id,
  slug: r.slug,
  title: r.title,
  image: imageOf(r.image, r.title),
  publishedAt: iso(new Date(r.publishedAt)),
  updatedAt: iso(r.updatedAt),
});

export async function listBlogs(q: ListQuery<"blogs">, now: Date) {
  const dir = direction(q.order);
  const rows = await getDb()
    .select({ ...blogColumns, total })
    .from(blogPosts)
    .where(blogWhere(q, now))
    .orderBy(
      q.sort === "title" ? dir(blogPosts.title) : dir(sql`coalesce(${blogPosts.publishAt}, ${blogPosts.createdAt})`),
      asc(blogPosts.id),
    )
    .limit(q.pageSize)
    .offset(offsetOf(q));
  const meta = await metaOf(rows, q, countOf(blogPosts, blogWhere(q, now)));
  return pageOfSchema(BlogSummarySchema).parse({ data: rows.map(blogSummary), meta });
}

export async function blogDetail(slug: string, now: Date) {
  const [row] = await getDb()
    .select({ ...blogColumns, content: blogPosts.content })
    .from(blogPosts)
    .where(and(visibleBlog(now), eq(blogPosts.slug, slug)))
    .limit(1);
  if (!row) return null;
  return oneSchema(BlogDetailSchema).parse({ data: { ...blogSummary(row), content: row.content } });
}

// ---------------------------------------------------------------------------------------------
// Promotions and locations

/** A promotion the shop shows: visible, and today (Mexico City) within its dates when it has them. */
export function currentPromotion(now: Date) {
  const today = DateTime.fromJSDate(now).setZone(MEXICO).toISODate()!;
  return and(
    eq(storePromos.visible, true),
    or(isNull(storePromos.startDate), lte(storePromos.startDate, today)),
    or(isNull(storePromos.endDate), sql`${storePromos.endDate} >= ${today}`),
  )!;
}

function promotionWhere(q: ListQuery<"promotions">, now: Date) {
  return and(currentPromotion(now), q.search ? foldedContains(storePromos.title, q.search) : undefined);
}

export async function listPromotions(q: ListQuery<"promotions">, now: Date) {
  const dir = direction(q.order);
  const order = q.sort === "title" ? dir(storePromos.title) : q.sort === "startDate" ? dir(storePromos.startDate) : dir(storePromos.id);
  const rows = await getDb()
    .select({
      id: storePromos.id,
      title: storePromos.title,
      description: storePromos.description,
      link: storePromos.link,
      image: storePromos.image,
      startDate: storePromos.startDate,
      endDate: storePromos.endDate,
      permalink: storePromos.permalink,
      updatedAt: storePromos.updatedAt,
      total,
    })
    .from(storePromos)
    .where(promotionWhere(q, now))
    .orderBy(order, asc(storePromos.id))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  const meta = await metaOf(rows, q, countOf(storePromos, promotionWhere(q, now)));
  return pageOfSchema(PromotionSchema).parse({
    data: rows.map((r) => ({
      id: r.id,
      title: r.title,
      description: r.description,
      link: r.link,
      image: imageOf(r.image, r.title),
      startDate: r.startDate,
      endDate: r.endDate,
      permalink: r.permalink,
      updatedAt: iso(r.updatedAt),
    })),
    meta,
  });
}

function locationWhere(q: ListQuery<"locations">) {
  return and(eq(storeLocations.isActive, true), q.search ? foldedContains(storeLocations.name, q.search) : undefined);
}

export async function listLocations(q: ListQuery<"locations">) {
  const dir = direction(q.order);
  const rows = await getDb()
    .select({
      id: storeLocations.id,
      name: storeLocations.name,
      schedule: storeLocations.schedule,
      phone: storeLocations.phone,
      whatsapp: storeLocations.whatsapp,
      address: storeLocations.address,
      url: storeLocations.url,
      geolocation: storeLocations.geolocation,
      updatedAt: storeLocations.updatedAt,
      total,
    })
    .from(storeLocations)
    .where(locationWhere(q))
    .orderBy(q.sort === "id" ? dir(storeLocations.id) : dir(sql`lower(${storeLocations.name})`), asc(storeLocations.id))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  const meta = await metaOf(rows, q, countOf(storeLocations, locationWhere(q)));
  return pageOfSchema(LocationSchema).parse({
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      schedule: r.schedule,
      phone: r.phone,
      whatsapp: r.whatsapp,
      address: r.address,
      url: r.url,
      geolocation: r.geolocation ? { lat: r.geolocation.lat, lng: r.geolocation.lng } : null,
      updatedAt: iso(r.updatedAt),
    })),
    meta,
  });
}

// ---------------------------------------------------------------------------------------------
// Category and brand trees (flat, with parentId: the shop builds the tree)

export async function listCategories(q: ListQuery<"categories">) {
  const where = q.search ? sql`lower(${categories.name}) like ${containsPattern(q.search.toLowerCase())}` : undefined;
  const dir = direction(q.order);
  const rows = await getDb()
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      parentId: categories.parentId,
      image: categories.image,
      cover: categories.cover,
      updatedAt: categories.updatedAt,
      total,
    })
    .from(categories)
    .where(where)
    .orderBy(q.sort === "id" ? dir(categories.id) : dir(categories.name), asc(categories.id))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  const meta = await metaOf(rows, q, countOf(categories, where));
  return pageOfSchema(CategorySchema).parse({
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      slug: r.slug,
      parentId: r.parentId,
      image: imageOf(r.image, r.name),
      cover: imageOf(r.cover, r.name),
      updatedAt: iso(r.updatedAt),
    })),
    meta,
  });
}

export async function listBrands(q: ListQuery<"brands">) {
  const where = q.search ? sql`lower(${brands.name}) like ${containsPattern(q.search.toLowerCase())}` : undefined;
  const dir = direction(q.order);
  const rows = await getDb()
    .select({
      id: brands.id,
      name: brands.name,
      slug: brands.slug,
      parentId: brands.parentId,
      image: brands.image,
      cover: brands.cover,
      imgProduct: brands.imgProduct,
      isFeatured: brands.isFeatured,
      updatedAt: brands.updatedAt,
      total,
    })
    .from(brands)
    .where(where)
    .orderBy(q.sort === "id" ? dir(brands.id) : dir(brands.name), asc(brands.id))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  const meta = await metaOf(rows, q, countOf(brands, where));
  return pageOfSchema(BrandSchema).parse({
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      slug: r.slug,
      parentId: r.parentId,
      image: imageOf(r.image, r.name),
      cover: imageOf(r.cover, r.name),
      productImage: imageOf(r.imgProduct, r.name),
      isFeatured: r.isFeatured,
      updatedAt: iso(r.updatedAt),
    })),
    meta,
  });
}
