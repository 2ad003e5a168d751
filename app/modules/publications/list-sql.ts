/**
 * The publications list as one parameterised SQL statement (no I/O here): the loader runs it and the
 * bench compares the page against it. Relative imports only, so the bench can load it as is.
 */
import { PUBLICATIONS_PAGE_SIZE } from "./constants";
import { escapeLike } from "~/lib/like-pattern";

export type PublicationListFilters = {
  page: number;
  search?: string;
  sortName?: "id" | "title" | "sold" | "visits" | "lastSync" | "priceSync" | "stockSync" | "status";
  sortValue?: "asc" | "desc";
  filterStatus?: "active" | "paused";
  skuSearch?: boolean;
};

/** The column each sort orders by; every sort but "id" is followed by the id so pages never overlap. Each has an index. */
const SORT_COLUMNS = {
  title: "p.title",
  sold: "p.sold_quantity",
  visits: "p.visits",
  priceSync: "p.price_sync",
  stockSync: "p.stock_sync",
  status: "p.status",
} as const;

function orderBy(sortName: PublicationListFilters["sortName"], sortValue: "asc" | "desc" | undefined): string {
  const dir = sortValue === "asc" ? "asc" : "desc";
  if (sortName === "id") return `p.id ${dir}`;
  if (sortName && sortName !== "lastSync") return `${SORT_COLUMNS[sortName]} ${dir}, p.id ${dir}`;
  // Default (lastSync): most recently synced first. Null placement mirrors the index (desc nulls last, id desc nulls last).
  return dir === "desc"
    ? "p.last_sync_down desc nulls last, p.id desc nulls last"
    : "p.last_sync_down asc nulls first, p.id asc nulls first";
}

export function listWhere(f: PublicationListFilters): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const conditions: string[] = [];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (f.filterStatus) conditions.push(`p.status = ${bind(f.filterStatus)}`);
  const search = (f.search ?? "").trim();
  if (search) {
    if (f.skuSearch) {
      // A full SKU in capitals: the trigram index finds candidates, the padded match keeps whole SKUs only.
      const sku = search.toUpperCase().replace(/\s+/g, "");
      conditions.push(
        `p.linked_products_string like ${bind(`%${escapeLike(sku)}%`)} and (' ' || p.linked_products_string || ' ') like ${bind(`% ${escapeLike(sku)} %`)}`,
      );
    } else if (/^[A-Za-z]{3}\d{5,14}$/.test(search)) {
      conditions.push(`p.id = ${bind(search.toUpperCase())}`);
    } else {
      for (const word of search.split(/\s+/).filter(Boolean).slice(0, 6)) {
        conditions.push(`p.title ilike ${bind(`%${escapeLike(word)}%`)}`);
      }
    }
  }
  return { where: conditions.length ? `where ${conditions.join(" and ")}` : "", params };
}

/**
 * One page of rows and the total, in one statement. Each sort has an index in the same order, so the
 * page is read straight from it (filters are checked on the way) and the count is an index-only scan;
 * a window count would read every matching row to show eight. The variation check runs on the
 * page's rows only. With a page past the end, one row comes back with the total and a null id.
 */
export function listSql(f: PublicationListFilters, pageSize = PUBLICATIONS_PAGE_SIZE): { text: string; params: unknown[] } {
  const { where, params } = listWhere(f);
  params.push(pageSize, (Math.max(1, f.page) - 1) * pageSize);
  const limit = `$${params.length - 1}`;
  const offset = `$${params.length}`;
  const order = orderBy(f.sortName, f.sortValue);
  const text = `with c as (select count(*)::int as total from publications p ${where}),
pg as (select p.id, p.title, p.permalink, p.ml_store, p.official_store, p.channels, p.status, p.sold_quantity, p.visits,
              p.last_sync_down, p.price_sync, p.stock_sync, p.autosync
         from publications p ${where}
        order by ${order} limit ${limit} offset ${offset})
select p.*, p.id is not null and exists (select 1 from publication_variations v where v.post_id = p.id) as has_variations, c.total
  from c left join pg p on true
 order by ${order}`;
  return { text, params };
}
