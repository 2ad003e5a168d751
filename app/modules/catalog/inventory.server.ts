import { getDb } from "@server/db/client";
import { brands, categories, products } from "@server/db/schema";
import { and, asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { packOptions } from "~/lib/escape-html";
import { totalOf } from "~/lib/list.server";
import { COMPLETENESS_MAX, INVENTORY_PAGE_SIZE, type InventoryListQuery, type InventoryRow } from "./inventory";

/** Properties are the one completeness point outside the products row. */
export const PROPERTIES_POINT = sql<number>`(exists (select 1 from product_properties pp where pp.product_id = ${products.id}))::int`;
export const COMPLETENESS = sql<number>`(${products.completenessRow} + ${PROPERTIES_POINT})`;

/**
 * The search matches SKU, manufacturer key, name and descripcion1 (the trigram-indexed search
 * text), case-insensitively; category 0 is the virtual "Sin categoría" (spec 3).
 */
export function inventoryWhere(query: Pick<InventoryListQuery, "search" | "brand" | "category" | "incomplete">): SQL | undefined {
  const parts: SQL[] = [];
  if (query.search) parts.push(sql`${products.searchText} like ${`%${query.search.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (query.brand !== undefined) parts.push(query.brand === 0 ? isNull(products.brandId) : eq(products.brandId, query.brand));
  if (query.category !== undefined) parts.push(query.category === 0 ? isNull(products.categoryId) : eq(products.categoryId, query.category));
  if (query.incomplete) parts.push(sql`(${products.completenessRow} < ${COMPLETENESS_MAX - 1} or not exists (select 1 from product_properties pp where pp.product_id = ${products.id}))`);
  return parts.length ? and(...parts) : undefined;
}

function orderOf(query: Pick<InventoryListQuery, "sortName" | "sortValue">) {
  const dir = query.sortValue === "desc" ? desc : asc;
  switch (query.sortName) {
    case "manufacturer_sku":
      return [dir(products.manufacturerSku), asc(products.id)];
    case "stock":
      return [dir(products.stockTotal), asc(products.id)];
    case "name":
      return [dir(products.name), asc(products.id)];
    case "completeness":
      return [dir(products.completenessRow), asc(products.id)];
    default:
      return [dir(products.id)];
  }
}

/** One page of the inventory; the total rides along as a window count. */
export async function listInventory(query: InventoryListQuery) {
  const db = getDb();
  const where = inventoryWhere(query);
  const found = await db
    .select({
      id: products.id,
      manufacturerSku: products.manufacturerSku,
      name: products.name,
      descripcion1: products.descripcion1,
      stockTotal: products.stockTotal,
      price: products.price,
      isCombo: products.isCombo,
      firstImage: sql<string | null>`${products.gallery} -> 0 ->> 'fileId'`,
      completeness: COMPLETENESS.mapWith(Number),
      // Unfiltered, the window count made the page read all 50k wide rows; the table's own count
      // comes from a narrow index. Filtered, the window over the matches is the cheaper plan.
      total: (where ? sql<number>`count(*) over()` : sql<number>`(select count(*) from ${products})`).mapWith(Number),
    })
    .from(products)
    .where(where)
    .orderBy(...orderOf(query))
    .limit(INVENTORY_PAGE_SIZE)
    .offset((query.page - 1) * INVENTORY_PAGE_SIZE);
  const total = await totalOf(found, query.page, async () => (await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(products).where(where))[0]?.n ?? 0);
  const rows: InventoryRow[] = found.map(({ total: _t, firstImage, ...row }) => ({ ...row, thumb: firstImage ? `/files/${firstImage}?w=150` : null }));
  return { rows, total, page: query.page, pageSize: INVENTORY_PAGE_SIZE };
}

export type TaxonomyOption = { id: number; name: string; depth: number };

/**
 * A tree's options in reading order (each parent followed by its children, indented by depth), in
 * one recursive query; nodes under a broken chain still show, at the top level.
 */
export async function treeOptions(kind: "categories" | "brands"): Promise<TaxonomyOption[]> {
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

type OptionsCache = { stamp: string; packed: string };
const optionsCache = new Map<string, OptionsCache>();

/**
 * The inventory's brand / category filter choices, packed (`packOptions`): the tree in reading
 * order, indented by depth. 2k categories and 500 brands as elements and objects cost the list more
 * than its page of products, so they travel as one string and are rebuilt only when the tree
 * changed: the stamp (count and a hash of every id, parent and name) is one scan of the small
 * table, cheaper than the recursive walk, and other processes' saves change it too.
 */
export async function filterOptions(kind: "categories" | "brands"): Promise<string> {
  const table = kind === "categories" ? categories : brands;
  const result = (await getDb().execute(sql`
    select count(*)::text || ':' || coalesce(sum(hashtext(id::text || ':' || coalesce(parent_id, 0)::text || ':' || name)::bigint), 0)::text as stamp
      from ${table}`)) as unknown as { rows: Array<{ stamp: string }> };
  const stamp = result.rows[0]?.stamp ?? "";
  const cached = optionsCache.get(kind);
  if (cached?.stamp === stamp) return cached.packed;
  const packed = packOptions((await treeOptions(kind)).map((o) => [String(o.id), "\u00a0\u00a0".repeat(o.depth) + o.name] as const));
  optionsCache.set(kind, { stamp, packed });
  return packed;
}

export async function flatOptions(kind: "sectors" | "applications") {
  const result = (await getDb().execute(sql`select id, name from ${sql.identifier(kind)} order by lower(name), id`)) as unknown as {
    rows: Array<{ id: number; name: string }>;
  };
  return result.rows.map((r) => ({ id: Number(r.id), name: r.name }));
}
