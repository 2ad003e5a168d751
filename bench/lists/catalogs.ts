import { SEARCH_FOLD, searchPattern } from "../../app/lib/folded-search";
import { CATALOGS_PAGE_SIZE, type CatalogSort } from "../../app/modules/content/catalogs";
import { queryOf, type BenchList } from "./types";

/**
 * /catalogs (app/modules/content/catalogs.server.ts): one statement per page, the subtitle and product
 * counts read from the jsonb, the total riding along as a window count.
 */
function catalogsList(shape: { search?: string; sortName?: CatalogSort; sortValue?: "asc" | "desc"; page?: number }): BenchList {
  const params: unknown[] = [];
  let where = "";
  if (shape.search) {
    params.push(SEARCH_FOLD.from, SEARCH_FOLD.to, searchPattern(shape.search));
    where = "where translate(lower(title), $1, $2) like $3";
  }
  const dir = shape.sortValue === "desc" ? "desc" : "asc";
  const order = shape.sortName === "title" ? `title ${dir}, id ${dir}` : shape.sortName === "id" ? `id ${dir}` : "id desc";
  const offset = ((shape.page ?? 1) - 1) * CATALOGS_PAGE_SIZE;
  return {
    route: "/catalogs",
    query: queryOf(shape),
    sql: `select id, title, jsonb_array_length(subtitles) as subtitle_count,
      (select coalesce(sum(jsonb_array_length(s->'products')), 0) from jsonb_array_elements(subtitles) s) as product_count,
      count(*) over() as total from catalogs ${where} order by ${order} limit ${CATALOGS_PAGE_SIZE} offset ${offset}`,
    params,
  };
}

export const CATALOG_LISTS: BenchList[] = [
  catalogsList({}),
  catalogsList({ search: "iluminación" }),
  catalogsList({ sortName: "title", sortValue: "asc" }),
  catalogsList({ sortName: "id", sortValue: "desc" }),
];
