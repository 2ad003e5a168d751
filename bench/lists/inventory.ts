import { INVENTORY_PAGE_SIZE } from "../../app/modules/catalog/inventory";
import { categoryRows } from "../../server/db/seed/demo/catalog";
import { BRANDS } from "../../server/db/seed/demo/catalog-data";
import { BENCH_TAXONOMIES } from "../../server/db/seed/bench/taxonomies";
import { queryOf, type BenchList } from "./types";

/**
 * /web-inventory (app/modules/catalog/inventory.server.ts): one statement per page, the count riding
 * along as a window; search on the trigram-indexed search text, brand and category on their indexes.
 */
type Shape = { search?: string; brand?: number; category?: number; incomplete?: boolean; sortName?: "id" | "manufacturer_sku" | "stock" | "name" | "completeness"; sortValue?: "asc" | "desc" };

const ORDER = { id: "id", manufacturer_sku: "manufacturer_sku", stock: "stock_total", name: "name", completeness: "completeness_row" } as const;

function line(shape: Shape): BenchList {
  const dir = shape.sortValue === "desc" ? "desc" : "asc";
  const column = ORDER[shape.sortName ?? "id"];
  const order = column === "id" ? `id ${dir}` : `${column} ${dir}, id asc`;
  const where: string[] = [];
  const params: unknown[] = [];
  if (shape.search) where.push(`search_text like $${params.push(`%${shape.search.toUpperCase()}%`)}`);
  if (shape.brand !== undefined) where.push(`brand_id = $${params.push(shape.brand)}`);
  if (shape.category === 0) where.push("category_id is null");
  else if (shape.category !== undefined) where.push(`category_id = $${params.push(shape.category)}`);
  if (shape.incomplete) where.push(`(completeness_row < 7 or not exists (select 1 from product_properties pp where pp.product_id = products.id))`);
  return {
    route: "/web-inventory",
    query: queryOf({ ...shape, incomplete: shape.incomplete ? 1 : undefined }),
    sql: `select id, manufacturer_sku, name, descripcion1, stock_total, price, is_combo, gallery -> 0 ->> 'fileId',
        completeness_row + (exists (select 1 from product_properties pp where pp.product_id = products.id))::int,
        ${where.length ? "count(*) over()" : "(select count(*) from products)"} as total
      from products ${where.length ? `where ${where.join(" and ")}` : ""} order by ${order} limit ${INVENTORY_PAGE_SIZE}`,
    params,
  };
}

/** Ids the bench seed gives its first series and maker (after the demo's own rows). */
const BENCH_SERIES = categoryRows().length + BENCH_TAXONOMIES.lines + 1;
const BENCH_MAKER = BRANDS.length + 1;

export const INVENTORY_LISTS: BenchList[] = [
  line({}),
  line({ search: "interruptor" }),
  line({ search: "QOB0001" }),
  line({ brand: 1 }),
  line({ category: 3, sortName: "stock", sortValue: "desc" }),
  line({ brand: 1, category: 3, sortName: "name" }),
  line({ sortName: "manufacturer_sku", sortValue: "desc" }),
  line({ incomplete: true, sortName: "completeness" }),
  // The bench's own trees: a leaf of the 2k categories, one of the 500 brands, both with a sort.
  line({ category: BENCH_SERIES, sortName: "name" }),
  line({ brand: BENCH_MAKER, sortName: "stock", sortValue: "desc" }),
  line({ brand: BENCH_MAKER, category: BENCH_SERIES + BENCH_TAXONOMIES.lines, search: "a" }),
  line({ category: 0, sortName: "manufacturer_sku" }),
];
