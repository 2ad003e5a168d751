import type { Database } from "../../server/db/client";

/** One statement as the database receives it. */
export type Statement = { sql: string; params: unknown[] };

/**
 * A list document to time: its URL, and the raw SQL its loader runs (same filters, sort and page).
 * `also` are the further statements the loader runs, one after the other, for the same document; a
 * function when they depend on the first statement's rows (read once from the bench database before
 * timing, as the loader reads them). `body` makes it a form post (a dialog's typeahead posts its
 * search to the dialog's action).
 */
export type BenchList = {
  route: string;
  query: string;
  sql?: string;
  params?: unknown[];
  also?: Statement[] | ((database: Database) => Promise<Statement[]>);
  anonymous?: boolean;
  body?: string;
};

/** A list URL's query string from its shape (undefined values left out). */
export function queryOf(shape: Record<string, string | number | undefined>) {
  return new URLSearchParams(
    Object.entries(shape)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  ).toString();
}
