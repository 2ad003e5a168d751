import { DOLLAR_PRICE } from "../../server/db/seed/demo/constants";
import { shopProductsPageQuery } from "../../app/modules/shop-api/content.server";
import { parseListQuery } from "../../app/modules/shop-api/queries";
import { builtLine, mock } from "./built";
import { queryOf, type BenchList } from "./types";

/**
 * /api/shop/v1 (app/modules/shop-api, server/shop-api/router.ts): anonymous, as the shop calls it.
 * The products list's SQL comes from its builder (the rate only changes a parameter); the other
 * endpoints read small tables and are timed over HTTP only.
 */
const BASE = "/api/shop/v1";

const plain = (path: string, shape: Record<string, string | number | undefined> = {}): BenchList => ({ route: `${BASE}${path}`, query: queryOf(shape), anonymous: true });

const productsLine = (shape: { search?: string; sort?: string; page?: number }): BenchList => {
  const query = queryOf(shape);
  const parsed = parseListQuery("products", new URLSearchParams(query));
  if (!parsed.ok) throw new Error(`bench: ${parsed.field} ${parsed.message}`);
  return { ...builtLine(`${BASE}/products`, query, shopProductsPageQuery(mock, parsed.query, DOLLAR_PRICE)), anonymous: true };
};

// Search terms: words of the bench seed's product names.
export const SHOP_API_LISTS: BenchList[] = [
  productsLine({}),
  productsLine({ search: "interruptor" }),
  productsLine({ sort: "price", page: 10 }),
  plain("/banners"),
  plain("/sections"),
  plain("/blogs"),
  plain("/blogs", { search: "cable" }),
  plain("/promotions"),
  plain("/locations"),
  plain("/catalogs"),
  plain("/categories"),
  plain("/brands"),
];
