import { parseLocationListQuery } from "../../app/modules/content/locations";
import { locationsPageQuery } from "../../app/modules/content/locations.server";
import { parsePromotionListQuery } from "../../app/modules/content/promotions";
import { promotionsPageQuery } from "../../app/modules/content/promotions.server";
import { builtLine, mock } from "./built";
import { queryOf, type BenchList } from "./types";

/**
 * /locations and /promotions (app/modules/content/*.server.ts): the URL goes through each loader's
 * parser and page builder; one statement per page, newest first, the count riding along as a window.
 */
type Status = "active" | "inactive";
type Shape = { search?: string; status?: Status; page?: number };

const locations = ({ search, status, page }: Shape): BenchList => {
  const query = queryOf({ search, location_status_filter: status, page });
  return builtLine("/locations", query, locationsPageQuery(mock, parseLocationListQuery(new URLSearchParams(query))));
};

const promotions = ({ search, status, page }: Shape): BenchList => {
  const query = queryOf({ search, promo_status_filter: status, page });
  return builtLine("/promotions", query, promotionsPageQuery(mock, parsePromotionListQuery(new URLSearchParams(query))));
};

// Search terms: words of the demo branches and promotions the bench seed keeps.
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
