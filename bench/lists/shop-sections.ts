import type { BenchList } from "./types";

/**
 * /ecommerce lists every section (the spec has no paging): one statement, the product count read
 * from the jsonb array so the products themselves are not shipped to the list.
 */
export const SHOP_SECTION_LISTS: BenchList[] = [
  {
    route: "/ecommerce",
    query: "",
    sql: `select id, title, status, jsonb_array_length(products) as product_count from shop_sections order by id asc`,
    params: [],
  },
];
