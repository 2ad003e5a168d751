import { shopSectionsQuery } from "../../app/modules/content/shop-sections.server";
import { builtLine, mock } from "./built";
import type { BenchList } from "./types";

/**
 * /ecommerce lists every section (the spec has no paging): the loader's one statement, the product
 * count read from the jsonb array so the products themselves are not shipped to the list.
 */
export const SHOP_SECTION_LISTS: BenchList[] = [builtLine("/ecommerce", "", shopSectionsQuery(mock))];
