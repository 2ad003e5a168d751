import crypto from "node:crypto";
import { getEnv, sessionSecretIsStored, useStoredSessionSecret, type Env } from "../env";
import type { Database } from "./client";
import { migrate } from "./migrate";
import { seedIfEmpty } from "./seed/seed-if-empty";

/**
 * The PostgreSQL advisory lock key of start-up work (migrations, the demo seed, the stored session
 * secret). Two instances started together on an empty database would otherwise both create the
 * pg_trgm extension, both run the same migration and both seed: one of them crashes on a duplicate key.
 */
export const STARTUP_LOCK_KEY = 7_104_211;

/**
 * Everything an instance does to the database before it serves: under the start-up lock, so a second
 * instance waits for the first and then finds the work done.
 */
export async function prepareDatabase(database: Database, env: Env = getEnv()): Promise<{ seeded: boolean }> {
  return database.withLock(STARTUP_LOCK_KEY, async () => {
    await migrate(database);
    const seeded = await seedIfEmpty(database, env);
    if (sessionSecretIsStored()) useStoredSessionSecret(await storedSessionSecret(database));
    return { seeded };
  });
}

/** Applies pending migrations only (npm run db:migrate), under the same lock. */
export function migrateLocked(database: Database) {
  return database.withLock(STARTUP_LOCK_KEY, () => migrate(database));
}

/** The session cookie's secret shared by every instance on this database, made by the first one. */
export async function storedSessionSecret(database: Database): Promise<string> {
  const made = crypto.randomBytes(32).toString("base64url");
  await database.query("insert into server_secrets (name, value) values ('session', $1) on conflict (name) do nothing", [made]);
  const [row] = await database.query<{ value: string }>("select value from server_secrets where name = 'session'");
  return row.value;
}

/**
 * A worker of a cluster (WEB_CONCURRENCY > 1): the primary process prepared the database before
 * forking; the worker only reads the session secret kept there.
 */
export async function joinPreparedDatabase(database: Database): Promise<void> {
  if (sessionSecretIsStored()) useStoredSessionSecret(await storedSessionSecret(database));
}
