import { sql } from "drizzle-orm";
import type { Tx } from "../client";

/** Tables whose ids the seeds write explicitly: their sequences must continue after the seeded rows. */
export const SEEDED_ID_TABLES = [
  "brands",
  "categories",
  "sectors",
  "applications",
  "quotations",
  "pdv_sessions",
  "pdv_sales",
  "conversations",
  "messages",
] as const;

export async function resetSequences(tx: Tx, tables: readonly string[] = SEEDED_ID_TABLES) {
  for (const table of tables) {
    await tx.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('public.${table}', 'id'), coalesce((select max(id) from public.${table}), 0) + 1, false)`,
      ),
    );
  }
}
