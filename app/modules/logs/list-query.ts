import { parseQuery, q } from "~/lib/query";
import { LOG_TYPE_KEYS, type LogType } from "./types";

/** /logs's URL: search, entry type, date order and page (a bad value falls back, the rest stay). */
export const LogListQueryShape = {
  search: q.search(),
  type: q.oneOf(LOG_TYPE_KEYS as [LogType, ...LogType[]]),
  sortName: q.oneOf(["date"]),
  sortValue: q.sortValue(),
  page: q.page(),
};

export function parseLogListQuery(source: URL | URLSearchParams) {
  return parseQuery(source, LogListQueryShape);
}
