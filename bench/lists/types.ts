/**
 * A list document to time: its URL, and the raw SQL its loader runs (same filters, sort and page).
 * `body` makes it a form post (a dialog's typeahead posts its search to the dialog's action).
 */
export type BenchList = { route: string; query: string; sql?: string; params?: unknown[]; anonymous?: boolean; body?: string };

/** A list URL's query string from its shape (undefined values left out). */
export function queryOf(shape: Record<string, string | number | undefined>) {
  return new URLSearchParams(
    Object.entries(shape)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  ).toString();
}
