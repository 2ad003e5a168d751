import { parseTaxonomyListQuery, type SimpleTaxonomy } from "../../app/modules/catalog/simple-taxonomy";
import { taxonomyPageQuery } from "../../app/modules/catalog/simple-taxonomy.server";
import { parseTreeListQuery, type TreeTaxonomy } from "../../app/modules/catalog/tree-taxonomy";
import { countWithoutQuery, treeRowsQuery, treeSearchSql, treeTablePageQuery } from "../../app/modules/catalog/tree-taxonomy.server";
import { builtLine, mock, statementOf } from "./built";
import { queryOf, type BenchList } from "./types";

/**
 * /product-sectors and /product-applications share one loader (app/modules/catalog/simple-taxonomy.server.ts):
 * the URL goes through its parser and page builder, one statement per page, the count riding along
 * as a window.
 */
type Shape = { search?: string; sortName?: "id" | "name"; sortValue?: "asc" | "desc"; page?: number };

function line(kind: SimpleTaxonomy, route: string, shape: Shape): BenchList {
  const query = queryOf(shape);
  return builtLine(route, query, taxonomyPageQuery(mock, kind, parseTaxonomyListQuery(new URLSearchParams(query))));
}

// Search terms: demo sectors and applications the bench seed keeps ("Industrial" and "Iluminación").
export const TAXONOMY_LISTS: BenchList[] = [
  line("sectors", "/product-sectors", {}),
  line("sectors", "/product-sectors", { search: "industrial", sortName: "id", sortValue: "desc" }),
  line("applications", "/product-applications", {}),
  line("applications", "/product-applications", { search: "iluminacion" }),
  line("applications", "/product-applications", { sortName: "name", sortValue: "desc" }),
];

/**
 * /product-categories and /product-brands (app/modules/catalog/tree-taxonomy.server.ts): the tree is
 * one statement over the whole table (2k categories at bench scale), nested in JavaScript; a search
 * walks up from the matches; the table view is one page with the parent's name and the count. Every
 * load also counts the products without a category or brand (the virtual node 0): the bench times
 * that second statement after the first, as the loader runs both.
 */
type TreeShape = { view?: "table"; search?: string; sortName?: "id" | "name"; sortValue?: "asc" | "desc" };

function treeLine(kind: TreeTaxonomy, route: string, shape: TreeShape): BenchList {
  const query = queryOf(shape);
  const parsed = parseTreeListQuery(new URLSearchParams(query));
  const first =
    parsed.view === "table"
      ? treeTablePageQuery(mock, kind, parsed)
      : parsed.search
        ? treeSearchSql(kind, parsed.search)
        : treeRowsQuery(mock, kind);
  return builtLine(route, query, first, { also: [statementOf(countWithoutQuery(mock, kind))] });
}

// Search terms: names the bench seed gives its series, lines and makers (server/db/seed/bench/taxonomies.ts).
export const TREE_LISTS: BenchList[] = [
  treeLine("categories", "/product-categories", {}),
  treeLine("categories", "/product-categories", { search: "serie 01" }),
  treeLine("categories", "/product-categories", { view: "table", sortName: "id", sortValue: "desc" }),
  treeLine("categories", "/product-categories", { view: "table", search: "línea 004" }),
  treeLine("brands", "/product-brands", {}),
  treeLine("brands", "/product-brands", { search: "fabricante 002" }),
  treeLine("brands", "/product-brands", { view: "table", search: "línea" }),
];
