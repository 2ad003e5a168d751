import { ProductsQuery } from "../../app/modules/quotations/products.server";
import { parseQuery } from "../../app/lib/query";
import { articlePageQuery } from "../../server/integrations/erp/simulator-articles";
import { storedQuotesCountQuery, storedQuotesPageQuery } from "../../app/modules/quotations/stored.server";
import { parseStoredQuotesQuery } from "../../app/routes/products/stored-list-query.server";
import { builtLine, mock, statementOf } from "./built";
import { queryOf, type BenchList } from "./types";

/**
 * Quotations. /products lists the ERP's articles: with the simulator the page is one statement of
 * the simulator's own builder (server/integrations/erp/simulator-articles.ts), fed the URL as the
 * loader parses it; every sort and both search forms are timed.
 */
function products(shape: Record<string, string | number | undefined>): BenchList {
  const query = queryOf(shape);
  const q = parseQuery(new URLSearchParams(query), ProductsQuery);
  const built = articlePageQuery({
    search: q.search,
    page: q.page,
    sortName: q.sortName,
    sortValue: q.sortValue === "desc" ? "DESC" : "ASC",
  });
  return { route: "/products", query, sql: built.text, params: built.params };
}

/**
 * /products/quotes: the URL goes through the loader's parser; the loader sends the page and its count
 * together (two statements), timed here one after the other. No line filters by author ("mine"), so
 * the signed-in user's id never reaches the SQL.
 */
function quotes(shape: Record<string, string | number | undefined>): BenchList {
  const query = queryOf(shape);
  const { list } = parseStoredQuotesQuery(new URLSearchParams(query));
  return builtLine("/products/quotes", query, storedQuotesPageQuery(mock, list, 0), {
    also: [statementOf(storedQuotesCountQuery(mock, list, 0))],
  });
}

export const QUOTATION_LISTS: BenchList[] = [
  products({}),
  products({ page: 50 }),
  ...(["sku", "manufacturerSku", "stockTotal"] as const).flatMap((sortName) => [
    products({ sortName, sortValue: "ASC" }),
    products({ sortName, sortValue: "DESC" }),
  ]),
  products({ search: "apagador" }),
  products({ search: "*QOB" }),
  products({ search: "cable", sortName: "stockTotal", sortValue: "DESC" }),
  products({ search: "*LED", sortName: "sku", sortValue: "DESC", page: 2 }),
  quotes({}),
  quotes({ page: 100 }),
  quotes({ search: "BENCH-123" }),
  quotes({ status: "borrador" }),
  { route: "/quotations", query: "" },
];
