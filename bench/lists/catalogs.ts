import { parseCatalogListQuery, type CatalogSort } from "../../app/modules/content/catalogs";
import { catalogsPageQuery } from "../../app/modules/content/catalogs.server";
import { builtLine, mock } from "./built";
import { queryOf, type BenchList } from "./types";

/**
 * /catalogs (app/modules/content/catalogs.server.ts): the URL goes through the loader's parser and
 * page builder; one statement per page, the subtitle and product counts read from the jsonb, the
 * total riding along as a window count.
 */
function catalogsList(shape: { search?: string; sortName?: CatalogSort; sortValue?: "asc" | "desc"; page?: number }): BenchList {
  const query = queryOf(shape);
  return builtLine("/catalogs", query, catalogsPageQuery(mock, parseCatalogListQuery(new URLSearchParams(query))));
}

export const CATALOG_LISTS: BenchList[] = [
  catalogsList({}),
  // The demo catalogue "Iluminación …" (kept by the bench seed).
  catalogsList({ search: "iluminación" }),
  catalogsList({ sortName: "title", sortValue: "asc" }),
  catalogsList({ sortName: "id", sortValue: "desc" }),
];
