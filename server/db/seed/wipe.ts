import type { Database } from "../client";

const TRIGGER_MAINTAINED = ["order_counts"];

/**
 * Empties every app table (schema public) and the simulator's state (schema sim), restarting their
 * sequences. The migrations' own bookkeeping (schema drizzle) is left alone. Tables that a TRUNCATE
 * trigger empties on its own (roll-ups such as order_counts) are left to that trigger: truncating
 * them in the same statement would fail as "in use".
 */
export async function wipeAll(database: Database) {
  const rows = await database.query<{ schemaname: string; tablename: string }>(
    `select schemaname, tablename from pg_tables
      where schemaname in ('public', 'sim') and tablename not in (${TRIGGER_MAINTAINED.map((t) => `'${t}'`).join(", ")})
      order by schemaname, tablename`,
  );
  if (rows.length === 0) return;
  const list = rows.map((r) => `"${r.schemaname}"."${r.tablename}"`).join(", ");
  await database.exec(`truncate table ${list} restart identity cascade`);
}
