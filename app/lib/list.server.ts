import { redirect } from "@remix-run/node";
import { pageCount, withParams } from "./query";

/**
 * A page past the end (a bookmark, or the last row of the last page deleted) redirects to the last
 * page, so the list never shows an empty table without its pagination.
 */
export function redirectPastLastPage(request: Request, list: { total: number; pageSize: number }, page: number) {
  const last = pageCount(list.total, list.pageSize);
  if (list.total > 0 && page > last) {
    const url = new URL(request.url);
    throw redirect(url.pathname + withParams(url.search, { page: last === 1 ? undefined : last }));
  }
}
