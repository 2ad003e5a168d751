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

/**
 * /product-categories and /product-brands (app/modules/catalog/tree-taxonomy.server.ts): the tree is
 * one statement over the whole table (2k categories at bench scale), nested in JavaScript; a search
 * walks up from the matches; the table view is one page with the parent's name and the count. The
 * name searches are the category and brand typeaheads (trigram index on lower(name)).
 */
type TreeShape = { view?: "table"; search?: string; sortName?: "id" | "name"; sortValue?: "asc" | "desc" };

function treeLine(table: "categories" | "brands", route: string, shape: TreeShape): BenchList {
  const term = shape.search ? `%${shape.search.toLowerCase()}%` : undefined;
  if (shape.view !== "table") {
    return {
      route,
      query: queryOf(shape),
      sql: term
        ? `with recursive hit as (select id, name, slug, parent_id, true as match from ${table} where lower(name) like $1),
            up(id, name, slug, parent_id, match, depth) as (select id, name, slug, parent_id, match, 0 from hit
              union select t.id, t.name, t.slug, t.parent_id, false, up.depth + 1 from ${table} t join up on t.id = up.parent_id where up.depth < 50)
          select id, name, slug, parent_id, bool_or(match) from up group by id, name, slug, parent_id order by lower(name), id`
        : `select id, name, slug, parent_id from ${table} order by lower(name), id`,
      params: term ? [term] : [],
    };
  }
  const dir = shape.sortValue === "desc" ? "desc" : "asc";
  const order = shape.sortName === "id" ? `t.id ${dir}` : `lower(t.name) ${dir}, t.id ${dir}`;
  const size = table === "categories" ? 10 : 20;
  return {
    route,
    query: queryOf(shape),
    sql: `select t.id, t.name, t.slug, t.parent_id, p.name, count(*) over() as total from ${table} t left join ${table} p on p.id = t.parent_id
      ${term ? "where lower(t.name) like $1" : ""} order by ${order} limit ${size}`,
    params: term ? [term] : [],
  };
}

export const TREE_LISTS: BenchList[] = [
  treeLine("categories", "/product-categories", {}),
  treeLine("categories", "/product-categories", { search: "serie 01" }),
  treeLine("categories", "/product-categories", { view: "table", sortName: "id", sortValue: "desc" }),
  treeLine("categories", "/product-categories", { view: "table", search: "línea 004" }),
  treeLine("brands", "/product-brands", {}),
  treeLine("brands", "/product-brands", { search: "fabricante 002" }),
  treeLine("brands", "/product-brands", { view: "table", search: "línea" }),
];
