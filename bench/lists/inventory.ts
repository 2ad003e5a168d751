import { PgDialect } from "drizzle-orm/pg-core";
import { parseInventoryQuery } from "../../app/modules/catalog/inventory";
import { inventoryPageSql } from "../../app/modules/catalog/inventory.server";
import { categoryRows } from "../../server/db/seed/demo/catalog";
import { BRANDS } from "../../server/db/seed/demo/catalog-data";
import { BENCH_TAXONOMIES } from "../../server/db/seed/bench/taxonomies";
import { dollarRateQuery } from "../../app/modules/pricing/rate.server";
import { mock, statementOf } from "./built";
import { queryOf, type BenchList } from "./types";

/**
 * /web-inventory (app/modules/catalog/inventory.server.ts): the URL goes through the loader's own
 * parser and statement builder, so each line times exactly the SQL the page runs (one statement:
 * the page with its total).
 */
type Shape = {
  search?: string;
  brand?: number;
  category?: number;
  incomplete?: boolean;
  sortName?: "id" | "manufacturer_sku" | "stock" | "name" | "completeness";
  sortValue?: "asc" | "desc";
  page?: number;
};

const dialect = new PgDialect();

function line(shape: Shape): BenchList {
  const query = queryOf({ ...shape, incomplete: shape.incomplete ? 1 : undefined });
  const built = dialect.sqlToQuery(inventoryPageSql(parseInventoryQuery(new URLSearchParams(query))));
  // The loader reads the dollar price once for the page, beside the page's statement (decision 0038).
  return { route: "/web-inventory", query, sql: built.sql, params: built.params, also: [statementOf(dollarRateQuery(mock))] };
}

/** Ids the bench seed gives its first series and maker (after the demo's own rows). */
const BENCH_SERIES = categoryRows().length + BENCH_TAXONOMIES.lines + 1;
const BENCH_MAKER = BRANDS.length + 1;

export const INVENTORY_LISTS: BenchList[] = [
  line({}),
  line({ page: 100 }),
  line({ search: "interruptor" }),
  line({ search: "QOB0001" }),
  line({ search: "cable", sortName: "stock", sortValue: "desc" }),
  line({ brand: 1 }),
  line({ category: 3, sortName: "stock", sortValue: "desc" }),
  line({ brand: 1, category: 3, sortName: "name" }),
  line({ sortName: "manufacturer_sku", sortValue: "desc" }),
  line({ sortName: "stock", sortValue: "asc" }),
  line({ sortName: "name", sortValue: "desc" }),
  line({ incomplete: true, sortName: "completeness" }),
  line({ incomplete: true, sortName: "completeness", sortValue: "desc" }),
  line({ incomplete: true, brand: 1, sortName: "name" }),
  // The bench's own trees: a leaf of the 2k categories, one of the 500 brands, both with a sort.
  line({ category: BENCH_SERIES, sortName: "name" }),
  line({ brand: BENCH_MAKER, sortName: "stock", sortValue: "desc" }),
  line({ brand: BENCH_MAKER, category: BENCH_SERIES + BENCH_TAXONOMIES.lines, search: "a" }),
  line({ category: 0, sortName: "manufacturer_sku" }),
];
