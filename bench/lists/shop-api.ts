import { asc, desc, eq } from "drizzle-orm";
import { blogPosts, products } from "../../server/db/schema";
import type { Database } from "../../server/db/client";
import { dollarRateQuery } from "../../app/modules/pricing/rate.server";
import { shopProductsCountQuery, shopProductsPageQuery, visibleBlog } from "../../app/modules/shop-api/content.server";
import { parseListQuery } from "../../app/modules/shop-api/queries";
import { contentVersionQuery, type AnswerName } from "../../app/modules/shop-api/versions.server";
import { builtLine, mock, statementOf } from "./built";
import { queryOf, type BenchList } from "./types";

/**
 * /api/shop/v1 (app/modules/shop-api, app/shop-api-router.server.ts): anonymous, as the shop calls it,
 * every endpoint at 1 and 10 clients. The products list's SQL comes from its builders (the version
 * the ETag is made of, the rate, the page); the other endpoints read small tables and are
 * timed over HTTP only. The 304 lines send If-None-Match with the ETag of a first answer: their one
 * statement is the version (versions.server.ts), which reads no record — and which the embedded
 * database's process keeps until a write announces a new one, so there the HTTP line reads nothing.
 */
const BASE = "/api/shop/v1";

/**
 * The lines ask for answers built afresh (`Cache-Control: no-cache`): the router otherwise keeps an
 * answer by its ETag (server/shop-api/answer-cache.ts), and a repeated request would time the kept one.
 */
const FRESH = { "cache-control": "no-cache" };

const plain = (path: string, shape: Record<string, string | number | undefined> = {}): BenchList => ({
  route: `${BASE}${path}`,
  query: queryOf(shape),
  anonymous: true,
  headers: FRESH,
});

const productsLine = (shape: { search?: string; sort?: string; order?: string; page?: number }): BenchList => {
  const query = queryOf(shape);
  const parsed = parseListQuery("products", new URLSearchParams(query));
  if (!parsed.ok) throw new Error(`bench: ${parsed.field} ${parsed.message}`);
  // The version (the ETag), the rate, the page and the count (a kept answer, or a total kept for the
  // version, skips the last three).
  const also = [contentVersionQuery("products", new Date()), dollarRateQuery(mock), shopProductsCountQuery(mock, parsed.query)].map(
    statementOf,
  );
  return { ...builtLine(`${BASE}/products`, query, shopProductsPageQuery(mock, parsed.query), { also }), anonymous: true, headers: FRESH };
};

/** A 304: the same URL with the ETag of its first answer; its only statement is the version. */
const notModified = (line: BenchList, name: AnswerName): BenchList => ({
  ...builtLine(line.route, line.query, contentVersionQuery(name, new Date())),
  anonymous: true,
  pick: line.pick,
  conditional: true,
});

/** The same URL asked again with no ETag: the answer kept by its tag, after the version statement. */
const kept = (line: BenchList, name: AnswerName): BenchList => ({
  ...builtLine(line.route, line.query, contentVersionQuery(name, new Date())),
  anonymous: true,
  pick: line.pick,
});

type Built = { toSQL(): { sql: string; params: unknown[] } };

/** A built statement's rows as arrays of values, in the select's order (its SQL names no aliases). */
async function valuesOf(database: Database, query: Built): Promise<unknown[][]> {
  const { sql, params } = statementOf(query);
  return (await database.query<Record<string, unknown>>(sql, params)).map((r) => Object.values(r));
}

/** A real record's key, read with the module's own conditions (an enabled product, a visible post). */
const firstOf = (query: Built) => async (database: Database) => {
  const [row] = await valuesOf(database, query);
  if (!row) throw new Error(`Sin registro para el banco: ${statementOf(query).sql}`);
  return encodeURIComponent(String(row[0]));
};
const productDetail: BenchList = {
  route: `${BASE}/products/{key}`,
  query: "",
  anonymous: true,
  headers: FRESH,
  pick: async (db) =>
    `${BASE}/products/${await firstOf(mock.select({ key: products.slug }).from(products).where(eq(products.isActive, true)).orderBy(asc(products.id)).limit(1).offset(1000))(db)}`,
};
const blogDetail: BenchList = {
  route: `${BASE}/blogs/{slug}`,
  query: "",
  anonymous: true,
  headers: FRESH,
  pick: async (db) =>
    `${BASE}/blogs/${await firstOf(mock.select({ key: blogPosts.slug }).from(blogPosts).where(visibleBlog(new Date())).orderBy(desc(blogPosts.id)).limit(1))(db)}`,
};

const byName = productsLine({});
const byPrice = productsLine({ sort: "price", page: 10 });

// Search terms: words of the bench seed's product names and post titles.
export const SHOP_API_LISTS: BenchList[] = [
  byName,
  productsLine({ search: "interruptor" }),
  byPrice,
  productsLine({ sort: "price", order: "desc", page: 10 }),
  productDetail,
  plain("/banners"),
  plain("/sections"),
  plain("/blogs"),
  plain("/blogs", { search: "cable" }),
  blogDetail,
  plain("/promotions"),
  plain("/locations"),
  plain("/catalogs"),
  plain("/categories"),
  plain("/brands"),
  // Conditional requests that still match: the ETag without the records.
  notModified(byName, "products"),
  notModified(byPrice, "products"),
  notModified(productDetail, "product"),
  notModified(plain("/sections"), "sections"),
  notModified(plain("/blogs"), "blogs"),
  notModified(plain("/catalogs"), "catalogs"),
  // The same, asked again without an ETag (another visitor): the kept answer.
  kept(byName, "products"),
  kept(byPrice, "products"),
  kept(productDetail, "product"),
];

// ── Shop traffic for `npm run load`: anonymous requests as the shop's pages make them ─────────────

export type ShopTrafficKind = "lista" | "búsqueda" | "detalle" | "304";

/** Real keys to ask for, read from the bench database before the app starts. */
export type ShopTargets = { products: string[]; blogs: string[]; categories: number[]; brands: number[] };

const SAMPLE = 300;

export async function pickShopTargets(database: Database): Promise<ShopTargets> {
  // Spread over the catalogue (every n-th enabled product), by slug and by SKU as the shop links them.
  const found = await valuesOf(
    database,
    mock.select({ id: products.id, slug: products.slug }).from(products).where(eq(products.isActive, true)).orderBy(asc(products.id)),
  );
  const step = Math.max(1, Math.floor(found.length / SAMPLE));
  const chosen = found.filter((_, i) => i % step === 0).slice(0, SAMPLE);
  const posts = await valuesOf(
    database,
    mock.select({ slug: blogPosts.slug }).from(blogPosts).where(visibleBlog(new Date())).orderBy(desc(blogPosts.id)).limit(100),
  );
  const ids = async (column: typeof products.categoryId | typeof products.brandId) =>
    (await valuesOf(database, mock.selectDistinct({ id: column }).from(products).where(eq(products.isActive, true)).limit(40)))
      .map((r) => r[0])
      .filter((id): id is number => typeof id === "number");
  return {
    products: chosen.map(([id, slug], i) => encodeURIComponent(String(i % 2 ? id : slug))),
    blogs: posts.map(([slug]) => encodeURIComponent(String(slug))),
    categories: await ids(products.categoryId),
    brands: await ids(products.brandId),
  };
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];
/** A popular one more often: a product, post, category or brand early in the list is asked for most (a shop's best sellers). */
const popular = <T>(items: readonly T[]): T => items[Math.floor(Math.random() ** 2 * items.length)];
/** Page 1 half of the time, 2 a quarter, … (up to 50): visitors rarely page deep. */
const pageOf = () => Math.min(50, 1 + Math.floor(-Math.log2(1 - Math.random())));
const SEARCHES = ["interruptor", "cable", "led", "contactor", "centro de carga", "apagador", "conduit", "relevador", "multímetro", "placa"];
const SIMPLE_LISTS = ["/banners", "/sections", "/blogs", "/promotions", "/locations", "/catalogs", "/categories", "/brands"];
const SORTS: Array<[number, { sort: string; order: string }]> = [
  [0.45, { sort: "name", order: "asc" }],
  [0.65, { sort: "price", order: "asc" }],
  [0.8, { sort: "price", order: "desc" }],
  [0.95, { sort: "updatedAt", order: "desc" }],
  [1, { sort: "sku", order: "asc" }],
];

/**
 * One request of the mix: 30 % conditional requests with an ETag the shop already holds (`held`,
 * filled from earlier answers: a CDN or a browser revalidating), 20 % details (products by slug or
 * SKU, posts), 15 % searches, 35 % lists — products by every sort (name most), in a category
 * (40 %) or a brand (15 %), mostly the first pages; the home's lists. Popular records are asked for
 * more often than the rest, as in a shop.
 */
export function shopRequest(
  targets: ShopTargets,
  held: ReadonlyMap<string, string>,
): { kind: ShopTrafficKind; path: string; etag?: string } {
  const roll = Math.random();
  if (roll < 0.3 && held.size) {
    const path = pick([...held.keys()]);
    return { kind: "304", path, etag: held.get(path) };
  }
  if (roll < 0.5) {
    return Math.random() < 0.75 && targets.products.length
      ? { kind: "detalle", path: `${BASE}/products/${popular(targets.products)}` }
      : { kind: "detalle", path: `${BASE}/blogs/${popular(targets.blogs)}` };
  }
  if (roll < 0.65) {
    return Math.random() < 0.8
      ? { kind: "búsqueda", path: `${BASE}/products?${queryOf({ search: popular(SEARCHES), page: pageOf() > 1 ? 2 : undefined })}` }
      : { kind: "búsqueda", path: `${BASE}/blogs?${queryOf({ search: pick(["cable", "led", "tierra", "conduit"]) })}` };
  }
  if (Math.random() < 0.75) {
    const r = Math.random();
    const { sort, order } = SORTS.find(([upTo]) => r < upTo)![1];
    const filter = Math.random();
    const page = pageOf();
    const shape = {
      category: filter < 0.4 && targets.categories.length ? popular(targets.categories) : undefined,
      brand: filter >= 0.4 && filter < 0.55 && targets.brands.length ? popular(targets.brands) : undefined,
      sort: sort === "name" ? undefined : sort,
      order: sort === "name" || order === "asc" ? undefined : order,
      page: page === 1 ? undefined : page,
    };
    return { kind: "lista", path: `${BASE}/products${queryOf(shape) ? `?${queryOf(shape)}` : ""}` };
  }
  return { kind: "lista", path: `${BASE}${pick(SIMPLE_LISTS)}` };
}
