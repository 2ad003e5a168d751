import { ProductsQuery } from "../../app/modules/quotations/products.server";
import { parseQuery } from "../../app/lib/query";
import { articlePageQuery } from "../../server/integrations/erp/simulator-articles";
import { queryOf, type BenchList } from "./types";

/**
 * Quotations. /products lists the ERP's articles: with the simulator the page is one statement of
 * the simulator's own builder (server/integrations/erp/simulator-articles.ts), fed the URL as the
 * loader parses it; every sort and both search forms are timed. /products/quotes lists the stored
 * quotes 20 a page, newest first.
 */
function products(shape: Record<string, string | number | undefined>): BenchList {
  const query = queryOf(shape);
  const q = parseQuery(new URLSearchParams(query), ProductsQuery);
  const built = articlePageQuery({ search: q.search, page: q.page, sortName: q.sortName, sortValue: q.sortValue === "desc" ? "DESC" : "ASC" });
  return { route: "/products", query, sql: built.text, params: built.params };
}

const quotes = (where: string, params: unknown[], query: string): BenchList => ({
  route: "/products/quotes",
  query,
  sql: `select id, folio, client_name, total, status, expires_at, created_at, created_by, count(*) over () as total_count
    from quotations where ${where} order by created_at desc, id desc limit 20`,
  params,
});

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
  quotes("true", [], ""),
  quotes("true", [], "page=100"),
  quotes("(folio || ' ' || client_name || ' ' || coalesce(client_key, '')) ilike $1", ["%BENCH-123%"], "search=BENCH-123"),
  quotes("status = 'borrador'", [], "status=borrador"),
  { route: "/quotations", query: "" },
];
