import { redirectPastLastPage } from "~/lib/list.server";

/**
 * A list screen's loader body once access is checked: the query read from the URL (bad values fall
 * back), one page from the module, a page past the end redirected to the last one.
 */
export async function loadListPage<Q extends { page: number }, P extends { total: number; pageSize: number }>(
  request: Request,
  parse: (request: Request) => Q,
  list: (query: Q) => Promise<P>,
): Promise<P & { query: Q }> {
  const query = parse(request);
  const page = await list(query);
  redirectPastLastPage(request, page, query.page);
  return { ...page, query };
}
