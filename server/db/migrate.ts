import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { Database } from "./client";

/** server/db/migrations in the source; build/server/migrations beside the server bundle's chunks (vite.config.ts). */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

async function appliedCount(database: Database): Promise<number> {
  const [table] = await database.query<{ name: string | null }>("select to_regclass('drizzle.__drizzle_migrations')::text as name");
  if (!table?.name) return 0;
  const [row] = await database.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
  return row.n;
}

/**
 * Applies pending migrations. The embedded database has no autovacuum, so after a migration that
 * rewrote rows of an existing database, VACUUM ANALYZE restores the visibility map and the planner's
 * statistics (otherwise counts stop being index-only and plans go stale).
 */
export async function migrate(database: Database) {
  const before = await appliedCount(database);
  if (database.kind === "pglite") {
    await migratePglite(database.db as never, { migrationsFolder });
  } else {
    await migratePg(database.db as never, { migrationsFolder });
  }
  if (database.kind === "pglite" && before > 0 && (await appliedCount(database)) > before) await database.exec("vacuum analyze");
}
