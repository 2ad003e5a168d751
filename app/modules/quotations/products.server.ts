import { getIntegrations, isIntegrationError } from "@server/integrations";
import { q } from "~/lib/query";
import { articlePrice, viewOf } from "~/modules/pricing/price";
import { priceListOf } from "./pricing";

export const PRODUCTS_PAGE_SIZE = 20;
export const PRODUCT_SORTS = ["sku", "manufacturerSku", "stockTotal"] as const;

/** The /products URL: page, search, sortName, sortValue (ASC/DESC, either case), client search. */
export const ProductsQuery = {
  page: q.page(),
  search: q.search(),
  sortName: q.oneOf([...PRODUCT_SORTS]),
  sortValue: q.sortValueAnyCase(),
  client: q.search(),
};
export type ProductsQueryValue = { page: number; search?: string; sortName?: (typeof PRODUCT_SORTS)[number]; sortValue?: "asc" | "desc" };

/**
 * One page of ERP articles, priced for the draft's client. The ERP searches, sorts, counts and pages
 * (its SQL, in the simulator); this only prices the 20 rows.
 */
export async function listProducts(query: ProductsQueryValue, priceListRaw: string, exchangeRate: number | null) {
  const priceList = priceListOf(priceListRaw);
  try {
    const { data, meta } = await getIntegrations().erp.listArticles({
      search: query.search,
      page: query.page,
      sortName: query.sortName,
      sortValue: query.sortValue === "desc" ? "DESC" : "ASC",
    });
    return {
      ok: true as const,
      total: meta.total,
      page: meta.page,
      pageSize: meta.limit || PRODUCTS_PAGE_SIZE,
      rows: data.map((a) => {
        const price = articlePrice(a, priceList, exchangeRate);
        // A price that cannot be worked out shows as "—" with the reason as its title, never a wrong figure.
        return { ...a, priceCents: price.ok ? price.cents : null, priceNote: viewOf(price).priceNote };
      }),
    };
  } catch (error) {
    if (!isIntegrationError(error)) throw error;
    return { ok: false as const, message: error.message };
  }
}
