import { getDb } from "@server/db/client";
import { brands, categories, productCounts, products, taxonomyVersions } from "@server/db/schema";
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { packOptions } from "~/lib/escape-html";
import { countOf, totalOf } from "~/lib/list.server";
import { priceView } from "~/modules/pricing/price";
import { currentDollarRate } from "~/modules/pricing/rate.server";
import { COMPLETENESS_MAX, INVENTORY_PAGE_SIZE, type InventoryListQuery, type InventoryRow, type InventorySort } from "./inventory";
import { containsPattern } from "~/lib/like-pattern";

/**
 * The search matches SKU, manufacturer key, name and descripcion1 (the trigram-indexed search
 * text), case-insensitively; category 0 is the virtual "Sin categoría" (spec 3); "Solo incompletos"
 * keeps the products below the full score (decision 0015).
 */
export function inventoryWhere(query: Partial<Pick<InventoryListQuery, "search" | "brand" | "category" | "incomplete">>): SQL | undefined {
  const parts: SQL[] = [];
  if (query.search) parts.push(sql`${products.searchText} like ${containsPattern(query.search.toUpperCase())}`);
  if (query.brand !== undefined) parts.push(query.brand === 0 ? isNull(products.brandId) : eq(products.brandId, query.brand));
  if (query.category !== undefined)
    parts.push(query.category === 0 ? isNull(products.categoryId) : eq(products.categoryId, query.category));
  if (query.incomplete) parts.push(sql`${products.completeness} < ${COMPLETENESS_MAX}`);
  return parts.length ? and(...parts) : undefined;
}

const SORT_COLUMNS: Record<InventorySort, string> = {
  id: "id",
  manufacturer_sku: "manufacturer_sku",
  stock: "stock_total",
  name: "name",
  completeness: "completeness",
};

/** The page's columns, read from `products` (first image and score included). */
const PAGE_COLUMNS = sql.raw(
  `products.id, products.manufacturer_sku, products.name, products.descripcion1, products.stock_total, products.price, products.moneda_precio,
   products.is_combo, products.gallery -> 0 ->> 'fileId' as first_image, products.completeness`,
);

/** `column dir` then the SKU ascending (the SKU alone when it is the sort), on `table`. */
function orderSql(query: Pick<InventoryListQuery, "sortName" | "sortValue">, table: string, column = SORT_COLUMNS[query.sortName ?? "id"]) {
  const dir = query.sortValue === "desc" ? "desc" : "asc";
  return sql.raw((query.sortName ?? "id") === "id" ? `${table}.${column} ${dir}` : `${table}.${column} ${dir}, ${table}.id asc`);
}

/**
 * One statement per page, the total riding along (docs/decisions/0030). The page's SKUs and sort keys
 * are found first, from narrow index entries, and only those 20 rows are read whole (so page 100 does
 * not read 2 000 wide rows to skip them).
 * - No search and at most one of brand / category: the page is the first entries of one index (the
 *   sort's own, or the brand's or category's composite with it). The total is the kept count
 *   (product_counts) when only "Solo incompletos" or nothing filters, else an index-only count of the
 *   brand or category.
 * - A search, or brand and category together: the matches come from their indexes (trigram, or both
 *   filters'), and are counted and sorted as narrow rows. Walking the sort's index with the search as
 *   a filter read every non-matching row before the first match when matches cluster (a rare word
 *   sorted by SKU).
 */
export function inventoryPageSql(query: InventoryListQuery): SQL {
  const where = inventoryWhere(query);
  const offset = (query.page - 1) * INVENTORY_PAGE_SIZE;
  const key = SORT_COLUMNS[query.sortName ?? "id"];
  const hitColumns = sql.raw(`products.id, products.${key} as k`);
  const filter = where ? sql`where ${where}` : sql``;
  const page = sql`order by ${orderSql(query, "products")} limit ${INVENTORY_PAGE_SIZE} offset ${offset}`;
  const narrow = Boolean(query.search) || (query.brand !== undefined && query.category !== undefined);
  if (narrow) {
    return sql`with hit as (select ${hitColumns}, count(*) over () as total from ${products} ${filter} ${page})
      select ${PAGE_COLUMNS}, hit.total from hit join ${products} on products.id = hit.id order by ${orderSql(query, "hit", "k")}`;
  }
  const total =
    query.brand !== undefined || query.category !== undefined
      ? sql`(select count(*) from ${products} ${filter})`
      : query.incomplete
        ? sql`coalesce((select n from ${productCounts} where not complete), (select count(*) from ${products} ${filter}))`
        : sql`coalesce((select sum(n) from ${productCounts} having count(*) = 2), (select count(*) from ${products}))`;
  return sql`with hit as (select ${hitColumns} from ${products} ${filter} ${page})
    select ${PAGE_COLUMNS}, ${total} as total from hit join ${products} on products.id = hit.id order by ${orderSql(query, "hit", "k")}`;
}

type PageRow = {
  id: string;
  manufacturer_sku: string;
  name: string;
  descripcion1: string | null;
  stock_total: number | string;
  price: number | string;
  moneda_precio: string;
  is_combo: boolean;
  first_image: string | null;
  completeness: number | string;
  total: number | string;
};

/**
 * One page of the inventory and its total. Prices are pesos, through the one pricing function at the
 * dollar price read once for the page (decision 0038); a price it cannot work out is null with the
 * reason, and the list shows "—".
 */
export async function listInventory(query: InventoryListQuery) {
  const db = getDb();
  const [page, rate] = await Promise.all([db.execute(inventoryPageSql(query)), currentDollarRate(db)]);
  const found = (page as unknown as { rows: PageRow[] }).rows.map((r) => ({ ...r, total: Number(r.total) }));
  const where = inventoryWhere(query);
  const total = await totalOf(found, query.page, countOf(products, where));
  const rows: InventoryRow[] = found.map((r) => ({
    id: r.id,
    manufacturerSku: r.manufacturer_sku,
    name: r.name,
    descripcion1: r.descripcion1,
    stockTotal: Number(r.stock_total),
    ...priceView({ amount: Number(r.price), currency: r.moneda_precio }, rate),
    isCombo: r.is_combo,
    thumb: r.first_image ? `/files/${r.first_image}?w=150` : null,
    completeness: Number(r.completeness),
  }));
  return { rows, total, page: query.page, pageSize: INVENTORY_PAGE_SIZE };
}

export type TaxonomyOption = { id: number; name: string; depth: number };

/** A tree's options in reading order, read from the database (see treeOptions for the cached form). */
async function walkTree(kind: "categories" | "brands"): Promise<TaxonomyOption[]> {
  const table = kind === "categories" ? categories : brands;
  const result = (await getDb().execute(sql`
    with recursive walk(id, name, depth, path) as (
      select id, name, 0, array[lower(name), id::text] from ${table} where parent_id is null or parent_id not in (select id from ${table})
      union all
      select c.id, c.name, w.depth + 1, w.path || array[lower(c.name), c.id::text]
        from ${table} c join walk w on c.parent_id = w.id where w.depth < 50
    )
    select id, name, depth from walk order by path`)) as unknown as { rows: Array<{ id: number; name: string; depth: number }> };
  return result.rows.map((r) => ({ id: Number(r.id), name: r.name, depth: Number(r.depth) }));
}

type TreeCache = { stamp: string; options: TaxonomyOption[]; packed: string };
/** Per database handle: versions are only comparable within one database (tests open many). */
const treeCaches = new WeakMap<object, Map<string, TreeCache>>();

/**
 * The tree as it is now, rebuilt only when its table changed. The stamp is the table's version
 * (taxonomy_versions, bumped by a trigger on every write, whichever process wrote): one row instead
 * of the recursive walk over 2k nodes. Without a version row it is a hash of every id, parent and
 * name (one scan of the small table).
 */
async function currentTree(kind: "categories" | "brands"): Promise<TreeCache> {
  const table = kind === "categories" ? categories : brands;
  const db = getDb();
  let treeCache = treeCaches.get(db);
  if (!treeCache) treeCaches.set(db, (treeCache = new Map()));
  const result = (await db.execute(sql`
    select coalesce(
      (select 'v' || version::text from ${taxonomyVersions} where table_name = ${kind}),
      (select count(*)::text || ':' || coalesce(sum(hashtext(id::text || ':' || coalesce(parent_id, 0)::text || ':' || name)::bigint), 0)::text
         from ${table})) as stamp`)) as unknown as { rows: Array<{ stamp: string }> };
  const stamp = result.rows[0]?.stamp ?? "";
  const cached = treeCache.get(kind);
  if (cached?.stamp === stamp) return cached;
  // Read after the stamp: a write in between leaves a newer tree under an older stamp, which the
  // next request rebuilds; never an older tree under a newer stamp.
  // Frozen: every request shares it (a mutation would throw instead of leaking into other pages).
  const options = Object.freeze((await walkTree(kind)).map((o) => Object.freeze(o))) as TaxonomyOption[];
  const fresh = {
    stamp,
    options,
    packed: packOptions(options.map((o) => [String(o.id), "\u00a0\u00a0".repeat(o.depth) + o.name] as const)),
  };
  treeCache.set(kind, fresh);
  return fresh;
}

/**
 * A tree's options in reading order (each parent followed by its children, indented by depth); nodes
 * under a broken chain still show, at the top level. Shared between requests: read-only (frozen).
 */
export async function treeOptions(kind: "categories" | "brands"): Promise<TaxonomyOption[]> {
  return (await currentTree(kind)).options;
}

/**
 * The inventory's brand / category filter choices, packed (`packOptions`): the tree in reading
 * order, indented by depth. 2k categories and 500 brands as elements and objects cost the list more
 * than its page of products, so they travel as one string.
 */
export async function filterOptions(kind: "categories" | "brands"): Promise<string> {
  return (await currentTree(kind)).packed;
}

export async function flatOptions(kind: "sectors" | "applications") {
  const result = (await getDb().execute(sql`select id, name from ${sql.identifier(kind)} order by lower(name), id`)) as unknown as {
    rows: Array<{ id: number; name: string }>;
  };
  return result.rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

/** The choices of the four selectors of the product and combo dialogs. */
export async function taxonomyChoices() {
  const [categories, brands, sectors, applications] = await Promise.all([
    treeOptions("categories"),
    treeOptions("brands"),
    flatOptions("sectors"),
    flatOptions("applications"),
  ]);
  return { categories, brands, sectors, applications };
}
