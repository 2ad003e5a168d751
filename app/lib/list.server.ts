import { redirect } from "react-router";
import { count, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { getDb } from "@server/db/client";
import { pageCount, withParams } from "./list-url";

/** One page of a list as the list screens draw it. */
export type PageOfRows<Row> = { rows: Row[]; total: number; page: number; pageSize: number };

/**
 * A page past the end (a bookmark, or the last row of the last page deleted) redirects to the last
 * page, so the list never shows an empty table without its pagination.
 */
export function redirectPastLastPage(url: URL, list: { total: number; pageSize: number }, page: number, param = "page") {
  const last = pageCount(list.total, list.pageSize);
  if (list.total > 0 && page > last) {
    throw redirect(url.pathname + withParams(url.search, { [param]: last === 1 ? undefined : last }));
  }
}

/** The list's total carried on every row of its page, as a `count(*) over()` window (see `totalOf`). */
export const windowTotal = () => sql<number>`count(*) over()`.mapWith(Number).as("total");

/**
 * A list page's total: its rows carry it as a `count(*) over()` window; a page past the end has no
 * rows to carry it, so then (and only then) it is counted on its own.
 */
export async function totalOf(found: ReadonlyArray<{ total: number }>, page: number, countAll: () => Promise<number>) {
  if (found.length) return found[0].total;
  return page > 1 ? countAll() : 0;
}

/**
 * A list page as loaders return it: the rows without their window total, the total (see `totalOf`),
 * the page and its size.
 */
export async function pageOf<Row extends { total: number }>(
  found: Row[],
  page: number,
  pageSize: number,
  countAll: () => Promise<number>,
): Promise<PageOfRows<Omit<Row, "total">>> {
  const total = await totalOf(found, page, countAll);
  const rows = found.map(({ total: _total, ...row }) => row);
  return { rows, total, page, pageSize };
}

/** How many rows of the table the list's filter keeps: the count of a page past the end. */
export function countOf(table: PgTable, where: SQL | undefined) {
  return async () => (await getDb().select({ n: count() }).from(table).where(where))[0]?.n ?? 0;
}

/**
 * A list screen's loader body once access is checked: the query read from the URL (bad values fall
 * back), one page from the module, a page past the end redirected to the last one.
 */
export async function loadListPage<Q extends { page: number }, P extends { total: number; pageSize: number }>(
  url: URL,
  parse: (url: URL) => Q,
  list: (query: Q) => Promise<P>,
): Promise<P & { query: Q }> {
  const query = parse(url);
  const page = await list(query);
  redirectPastLastPage(url, page, query.page);
  return { ...page, query };
}
