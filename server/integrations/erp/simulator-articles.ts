/**
 * The simulated ERP's article list (Cotizador v3): search, sort, count and page as one statement, so
 * the simulator and the bench run the same SQL.
 *
 * Rules (spec 2 'Cotizador v3'): the search looks in SKU, manufacturer key and description, upper-cased;
 * a leading "*" means "starts with" in any of the three fields, otherwise "contains"; sorts by SKU,
 * manufacturer key or stock total, then by SKU; 20 a page; the total of the matches.
 *
 * How it stays cheap at 50k articles:
 * - no search: the page is the first rows of the sort's index and the total is the kept count
 *   (sim.erp_article_count, maintained by triggers);
 * - a search: the matches come from an index (the trigram index on search_text for "contains", one
 *   exact prefix range per field for "starts with"); only SKU and sort key of each match are counted
 *   and sorted, and the page's 20 rows are read whole afterwards. (A walk down the sort's index with
 *   the search as a filter read tens of thousands of rows when the matches sat at the other end of it,
 *   as "*QOB" does sorted by SKU.)
 */
import type { ErpSortField, ListArticlesInput } from "./port";

export const ARTICLES_PAGE = 20;

export const ARTICLE_COLUMNS = `a.sku, a.manufacturer_sku, a.description, a.stocks, a.stock_total, a.precio2::float8 as precio2,
  a.precio3::float8 as precio3, a.currency`;

const SORT_COLUMNS: Record<ErpSortField, string> = {
  sku: "sku",
  manufacturerSku: "manufacturer_sku",
  stockTotal: "stock_total",
  description: "description",
};

/** search_text's field separator (chr(31)): a search holding it cannot use the one-text form. */
const SEPARATOR = "\u001f";

export type ArticleQuery = { text: string; params: unknown[] };

/** The search's filter on sim.erp_articles (alias `a`), or null when there is no search. */
export function articleMatch(rawSearch: string | undefined): { where: string; pattern: string } | null {
  let search = (rawSearch ?? "").trim().toUpperCase();
  const prefix = search.startsWith("*");
  if (prefix) search = search.slice(1).trim();
  if (search === "") return null;
  const escaped = search.replace(/[\\%_]/g, (c) => `\\${c}`);
  if (prefix) {
    const pattern = `${escaped}%`;
    return { pattern, where: "(a.sku like $1 or upper(a.manufacturer_sku) like $1 or upper(a.description) like $1)" };
  }
  const pattern = `%${escaped}%`;
  // "Contains" in one of the fields is "contains" in their separated concatenation, as long as the
  // text cannot hold the separator itself.
  return search.includes(SEPARATOR)
    ? { pattern, where: "(a.sku like $1 or upper(a.manufacturer_sku) like $1 or upper(a.description) like $1)" }
    : { pattern, where: "a.search_text like $1" };
}

/** One page of articles with the total in every row (`total`); no rows past the last page. */
export function articlePageQuery(input: ListArticlesInput): ArticleQuery & { page: number } {
  const page = Math.max(1, Math.floor(input.page ?? 1));
  const offset = (page - 1) * ARTICLES_PAGE;
  const column = SORT_COLUMNS[input.sortName ?? "sku"] ?? "sku";
  const dir = input.sortValue === "DESC" ? "desc" : "asc";
  const order = (table: string, key = column) => (column === "sku" ? `${table}.${key} ${dir}` : `${table}.${key} ${dir}, ${table}.sku asc`);
  const match = articleMatch(input.search);
  // The page's SKUs and sort keys first, from narrow entries; then only those 20 rows whole.
  const join = `join sim.erp_articles a on a.sku = hit.sku order by ${order("hit", "k")}`;
  if (!match) {
    return {
      page,
      text: `with hit as (select a.sku, a.${column} as k from sim.erp_articles a order by ${order("a")} limit ${ARTICLES_PAGE} offset $1)
        select ${ARTICLE_COLUMNS},
          coalesce((select n from sim.erp_article_count), (select count(*) from sim.erp_articles))::int as total
        from hit ${join}`,
      params: [offset],
    };
  }
  return {
    page,
    text: `with hit as (
        select a.sku, a.${column} as k, count(*) over ()::int as total from sim.erp_articles a where ${match.where}
         order by ${order("a")} limit ${ARTICLES_PAGE} offset $2)
      select ${ARTICLE_COLUMNS}, hit.total from hit ${join}`,
    params: [match.pattern, offset],
  };
}

/** The total alone, for a page past the last one (no row carries it). */
export function articleCountQuery(search: string | undefined): ArticleQuery {
  const match = articleMatch(search);
  return match
    ? { text: `select count(*)::int as n from sim.erp_articles a where ${match.where}`, params: [match.pattern] }
    : { text: `select coalesce((select n from sim.erp_article_count), (select count(*) from sim.erp_articles))::int as n`, params: [] };
}
