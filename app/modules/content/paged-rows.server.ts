import { count, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { getDb } from "@server/db/client";
import { totalOf } from "~/lib/list.server";

/** One page of a list as the list screens draw it. */
export type PageOfRows<Row> = { rows: Row[]; total: number; page: number; pageSize: number };

/**
 * A list's page from rows that carry the list's total as a `count(*) over()` window: the rows
 * without it, the total (counted apart only on a page past the end, which has no rows to carry
 * it), the page and its size.
 */
export async function pageOfRows<Row extends { total: number }>(found: Row[], page: number, pageSize: number, countAll: () => Promise<number>): Promise<PageOfRows<Omit<Row, "total">>> {
  const total = await totalOf(found, page, countAll);
  const rows = found.map(({ total: _total, ...row }) => row);
  return { rows, total, page, pageSize };
}

/** How many rows of the table the list's filter keeps: the count of a page past the end. */
export function countOf(table: PgTable, where: SQL | undefined) {
  return async () => (await getDb().select({ n: count() }).from(table).where(where))[0]?.n ?? 0;
}
