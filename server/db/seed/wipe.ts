import type { Database } from "../client";

/**
 * Empties every app table (schema public) and the simulator's state (schema sim), restarting their
 * sequences. The migrations' own bookkeeping (schema drizzle) is left alone.
 */
export async function wipeAll(database: Database) {
  const rows = await database.query<{ schemaname: string; tablename: string }>(
    "select schemaname, tablename from pg_tables where schemaname in ('public', 'sim') order by schemaname, tablename",
  );
  if (rows.length === 0) return;
  const list = rows.map((r) => `"${r.schemaname}"."${r.tablename}"`).join(", ");
  await database.exec(`truncate table ${list} restart identity cascade`);
}
