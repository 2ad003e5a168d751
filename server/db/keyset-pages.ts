/**
 * The embedded database (PGlite) is one connection running in the server's own thread: while one
 * statement runs, every other request waits. A report over tens of thousands of rows is therefore
 * read in bounded statements, each continuing after the key of the last row the previous one
 * returned (keyset paging along an index, so a page costs the same at the end as at the start),
 * with a turn of the event loop between them so requests that arrived meanwhile run first.
 */

/** Rows per statement: on the embedded database a page of 500 report rows is read and parsed in 10–30 ms. */
export const REPORT_PAGE_ROWS = 500;

/** Lets I/O that arrived during the last statement (other users' requests) run before the next one. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Pages of a keyset read. `read(after)` runs one bounded statement for the rows after the key
 * `after` (null: from the start) and returns them with the key to continue from, or null when the
 * read is complete.
 */
export async function* keysetPages<Row, Key>(
  read: (after: Key | null) => Promise<{ rows: Row[]; next: Key | null }>,
): AsyncGenerator<Row[]> {
  let after: Key | null = null;
  for (;;) {
    const { rows, next } = await read(after);
    if (rows.length) yield rows;
    if (next === null) return;
    after = next;
    await yieldToEventLoop();
  }
}

/** Every row of the pages, in order. */
export async function allRows<Row>(pages: AsyncIterable<Row[]>): Promise<Row[]> {
  const rows: Row[] = [];
  for await (const page of pages) for (const row of page) rows.push(row);
  return rows;
}
