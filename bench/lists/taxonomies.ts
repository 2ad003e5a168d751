import { SEARCH_FOLD, searchPattern } from "../../app/lib/folded-search";
import { TAXONOMY_PAGE_SIZE } from "../../app/modules/catalog/simple-taxonomy";
import { queryOf, type BenchList } from "./types";

/**
 * /product-sectors and /product-applications share one loader (app/modules/catalog/simple-taxonomy.server.ts):
 * one statement per page, the count riding along as a window.
 */
type Shape = { search?: string; sortName?: "id" | "name"; sortValue?: "asc" | "desc"; page?: number };

function line(table: "sectors" | "applications", route: string, shape: Shape): BenchList {
  const dir = shape.sortValue === "desc" ? "desc" : "asc";
  const order = shape.sortName === "id" ? `id ${dir}` : `lower(name) ${dir}, id ${dir}`;
  const where = shape.search ? `where translate(lower(name), $1, $2) like $3` : "";
  const offset = ((shape.page ?? 1) - 1) * TAXONOMY_PAGE_SIZE;
  const query = queryOf(shape);
  return {
    route,
    query,
    sql: `select id, name, slug, count(*) over() as total from ${table} ${where}
      order by ${order} limit ${TAXONOMY_PAGE_SIZE} offset ${offset}`,
    params: shape.search ? [SEARCH_FOLD.from, SEARCH_FOLD.to, searchPattern(shape.search)] : [],
  };
}

export const TAXONOMY_LISTS: BenchList[] = [
  line("sectors", "/product-sectors", {}),
  line("sectors", "/product-sectors", { search: "industrial", sortName: "id", sortValue: "desc" }),
  line("applications", "/product-applications", {}),
  line("applications", "/product-applications", { search: "iluminacion" }),
  line("applications", "/product-applications", { sortName: "name", sortValue: "desc" }),
];
