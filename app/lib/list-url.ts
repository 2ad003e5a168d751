/** A URL for the same list with some parameters changed (undefined/empty removes them). */
export function withParams(search: string | URLSearchParams, changes: Record<string, string | number | null | undefined>) {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === null || value === "") params.delete(key);
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function pageCount(total: number, pageSize: number) {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** What a list screen's loader gives its page: one page of rows, the total, the page, its size and the query it was read from. */
export type ListPageData<Row, Query> = { rows: Row[]; total: number; page: number; pageSize: number; query: Query };
