import { SEARCH_FOLD, searchPattern } from "../../app/lib/folded-search";
import { LOCATIONS_PAGE_SIZE } from "../../app/modules/content/locations";
import { PROMOTIONS_PAGE_SIZE } from "../../app/modules/content/promotions";
import { queryOf, type BenchList } from "./types";

/**
 * /locations and /promotions (app/modules/content/*.server.ts): one statement per page, newest first,
 * the count riding along as a window.
 */
type Status = "active" | "inactive";

function locations(shape: { search?: string; location_status_filter?: Status; page?: number }): BenchList {
  const where: string[] = [];
  const params: unknown[] = [];
  if (shape.search) {
    params.push(SEARCH_FOLD.from, SEARCH_FOLD.to, searchPattern(shape.search));
    where.push(`(translate(lower(name), $1, $2) like $3 or translate(lower(address), $1, $2) like $3)`);
  }
  if (shape.location_status_filter) {
    params.push(shape.location_status_filter === "active");
    where.push(`is_active = $${params.length}`);
  }
  const offset = ((shape.page ?? 1) - 1) * LOCATIONS_PAGE_SIZE;
  return {
    route: "/locations",
    query: queryOf(shape),
    sql: `select id, name, address, is_active, count(*) over() as total from store_locations
      ${where.length ? `where ${where.join(" and ")}` : ""} order by id desc limit ${LOCATIONS_PAGE_SIZE} offset ${offset}`,
    params,
  };
}

function promotions(shape: { search?: string; promo_status_filter?: Status; page?: number }): BenchList {
  const where: string[] = [];
  const params: unknown[] = [];
  if (shape.search) {
    params.push(SEARCH_FOLD.from, SEARCH_FOLD.to, searchPattern(shape.search));
    where.push(`translate(lower(title), $1, $2) like $3`);
  }
  if (shape.promo_status_filter) {
    params.push(shape.promo_status_filter === "active");
    where.push(`visible = $${params.length}`);
  }
  const offset = ((shape.page ?? 1) - 1) * PROMOTIONS_PAGE_SIZE;
  return {
    route: "/promotions",
    query: queryOf(shape),
    sql: `select id, title, visible, start_date, end_date, count(*) over() as total from store_promos
      ${where.length ? `where ${where.join(" and ")}` : ""} order by id desc limit ${PROMOTIONS_PAGE_SIZE} offset ${offset}`,
    params,
  };
}

export const CONTENT_LISTS: BenchList[] = [
  locations({}),
  locations({ search: "sucursal" }),
  locations({ location_status_filter: "active" }),
  locations({ search: "cdmx", location_status_filter: "active" }),
  promotions({}),
  promotions({ search: "iluminacion" }),
  promotions({ promo_status_filter: "inactive" }),
  promotions({ search: "led", promo_status_filter: "active" }),
];
