import { queryOf, type BenchList } from "./types";

/**
 * Quotations. /products lists the ERP's articles: with the simulator its query runs in sim.erp_articles
 * (the simulator's SQL, so no SQL line here); every sort and the two search forms are timed.
 * /products/quotes lists the stored quotes 20 a page, newest first.
 */
const products = (shape: Record<string, string | number | undefined>): BenchList => ({ route: "/products", query: queryOf(shape) });

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
  { route: "/quotations", query: "item=apagador" },
];
