import { parseQuery, q } from "~/lib/query";

export const FEEDBACK_PAGE_SIZE = 20;

/** /logs/feedback's URL: search, date order and page (a bad value falls back, the rest stay). */
export const FeedbackListQueryShape = {
  search: q.search(),
  sortName: q.oneOf(["date"]),
  sortValue: q.sortValue(),
  page: q.page(),
};

export function parseFeedbackListQuery(source: URL | URLSearchParams) {
  return parseQuery(source, FeedbackListQueryShape);
}

export type FeedbackListQuery = ReturnType<typeof parseFeedbackListQuery> & { pageSize?: number };
