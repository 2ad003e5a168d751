import { SEARCH_FOLD, searchPattern } from "../../app/lib/folded-search";
import { LOCATIONS_PAGE_SIZE } from "../../app/modules/content/locations";
import { PROMOTIONS_PAGE_SIZE } from "../../app/modules/content/promotions";
import { queryOf, type BenchList } from "./types";

/**
 * /locations and /promotions (app/modules/content/*.server.ts): one statement per page, newest first,
 * the count riding along as a window.
 */
type Status = "active" | "inactive";

/** What differs between the two lists: table, columns, searched columns and the status filter's name. */
type ContentList = { route: string; table: string; columns: string; searched: string[]; statusParam: string; statusColumn: string; pageSize: number };

function contentList(list: ContentList) {
  return (shape: { search?: string; status?: Status; page?: number }): BenchList => {
    const where: string[] = [];
    const params: unknown[] = [];
    if (shape.search) {
      params.push(SEARCH_FOLD.from, SEARCH_FOLD.to, searchPattern(shape.search));
      const matches = list.searched.map((column) => `translate(lower(${column}), $1, $2) like $3`);
      where.push(matches.length > 1 ? `(${matches.join(" or ")})` : matches[0]);
    }
    if (shape.status) {
      params.push(shape.status === "active");
      where.push(`${list.statusColumn} = $${params.length}`);
    }
    const offset = ((shape.page ?? 1) - 1) * list.pageSize;
    return {
      route: list.route,
      query: queryOf({ search: shape.search, [list.statusParam]: shape.status, page: shape.page }),
      sql: `select ${list.columns}, count(*) over() as total from ${list.table}
      ${where.length ? `where ${where.join(" and ")}` : ""} order by id desc limit ${list.pageSize} offset ${offset}`,
      params,
    };
  };
}

const locations = contentList({
  route: "/locations",
  table: "store_locations",
  columns: "id, name, address, is_active",
  searched: ["name", "address"],
  statusParam: "location_status_filter",
  statusColumn: "is_active",
  pageSize: LOCATIONS_PAGE_SIZE,
});

const promotions = contentList({
  route: "/promotions",
  table: "store_promos",
  columns: "id, title, visible, start_date, end_date",
  searched: ["title"],
  statusParam: "promo_status_filter",
  statusColumn: "visible",
  pageSize: PROMOTIONS_PAGE_SIZE,
});

export const CONTENT_LISTS: BenchList[] = [
  locations({}),
  locations({ search: "sucursal" }),
  locations({ status: "active" }),
  locations({ search: "cdmx", status: "active" }),
  promotions({}),
  promotions({ search: "iluminacion" }),
  promotions({ status: "inactive" }),
  promotions({ search: "led", status: "active" }),
];
