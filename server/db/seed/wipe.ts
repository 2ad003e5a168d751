import type { Database } from "../client";

/**
 * Empties every app table (schema public) and the simulator's state (schema sim), restarting their
 * sequences. The migrations' own bookkeeping (schema drizzle) and the secrets the running instances
 * share (server_secrets: the session secret, decision 0041) are left alone. One statement per table:
 * a TRUNCATE trigger that empties a roll-up (order counts) would fail as "in use" if the roll-up were
 * truncated in the same statement.
 */
export async function wipeAll(database: Database) {
  const rows = await database.query<{ schemaname: string; tablename: string }>(
    "select schemaname, tablename from pg_tables where schemaname in ('public', 'sim') and tablename <> 'server_secrets' order by schemaname, tablename",
  );
  const statements = rows.map((r) => `truncate table "${r.schemaname}"."${r.tablename}" restart identity cascade;`);
  if (statements.length) await database.exec(statements.join("\n"));
}
