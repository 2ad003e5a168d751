import type { Database } from "../../server/db/client";

/** One statement as the database receives it. */
export type Statement = { sql: string; params: unknown[] };

/**
 * A list document to time: its URL, and the raw SQL its loader runs (same filters, sort and page).
 * `also` are the further statements the loader runs, one after the other, for the same document; a
 * function when they depend on the first statement's rows (read once from the bench database before
 * timing, as the loader reads them). `body` makes it a form post (a dialog's typeahead posts its
 * search to the dialog's action); `pick` and `conditional` below.
 */
export type BenchList = {
  route: string;
  query: string;
  sql?: string;
  params?: unknown[];
  also?: Statement[] | ((database: Database) => Promise<Statement[]>);
  anonymous?: boolean;
  body?: string;
  /**
   * A detail line: its path (route and query as one), read from the bench database before the app
   * starts, so it hits a real record; `route` stays the pattern it is filtered and printed by.
   */
  pick?: (database: Database) => Promise<string>;
  /**
   * A conditional line: timed with If-None-Match carrying the ETag of a first answer, each answer
   * the 304 it must be (an answer the client already holds).
   */
  conditional?: boolean;
  /** Request headers of the line (the shop API's lines ask for an answer built afresh: no-cache). */
  headers?: Record<string, string>;
};

/** A list URL's query string from its shape (undefined values left out). */
export function queryOf(shape: Record<string, string | number | undefined>) {
  return new URLSearchParams(
    Object.entries(shape)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  ).toString();
}
