import { queryDay } from "~/lib/day-range";
import { parseQueryDate } from "~/lib/mexico-time";
import { parseQuery, q } from "~/lib/query";
import { STORED_STATUSES } from "~/modules/quotations/status";

/** /products/quotes's URL. start_date/end_date: the creation days (end exclusive, the spec's ranges), e.g. from the box score. */
export const StoredQuotesQuery = {
  page: q.page(),
  search: q.search(),
  status: q.oneOf([...STORED_STATUSES]),
  mine: q.bool(),
  start_date: queryDay(),
  end_date: queryDay(),
};

/** The URL as the list reads it: the query for the screen, and what listStoredQuotes takes (the days as instants). */
export function parseStoredQuotesQuery(source: URL | URLSearchParams) {
  const query = parseQuery(source, StoredQuotesQuery);
  const created = {
    from:
      parseQueryDate(query.start_date ?? null)
        ?.startOf("day")
        .toJSDate() ?? null,
    to:
      parseQueryDate(query.end_date ?? null)
        ?.startOf("day")
        .toJSDate() ?? null,
  };
  return { query, list: { ...query, created } };
}
