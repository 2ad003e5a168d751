import crypto from "node:crypto";
import path from "node:path";
import pg from "pg";

/**
 * Whether this run of the database suite is its PostgreSQL pass (TEST_DATABASE_URL set); the
 * embedded pass has it unset or empty (scripts/test.mjs empties it). Tests that never touch the
 * pass's database, such as a command on an embedded database of its own, run in one pass only.
 */
export const onPostgresPass = Boolean(process.env.TEST_DATABASE_URL);

export const templateFileFor = (pid: number) => path.resolve(`tests/.tmp/template-db-${pid}.tar`);
/**
 * Every PostgreSQL database a test run makes is named `bo_test_<pid>_…`, the pid being the process
 * that ran the global setup, so that the next run can tell a killed run's leftovers (its process is
 * gone) from a run still going on the same server (sweepDeadRunsDatabases).
 */
const RUN_DATABASE = /^bo_test_(\d+)_/;
export const templateDbFor = (runPid: number) => `bo_test_${runPid}_template`;
/** A database of its own for one test file or one test (`kind` says which), in the run's namespace. */
export const scratchDbName = (runPid: number, kind: string) => `bo_test_${runPid}_${kind}_${crypto.randomBytes(5).toString("hex")}`;
/** The migrated template with the demo data seeded into it (tests/helpers/db.ts makes it on first use). */
export const demoTemplateDbOf = (templateDb: string) => `${templateDb}_demo`;
/** Where that template is seeded before it takes its name (a seed that failed leaves it behind). */
export const demoSeedingDbOf = (templateDb: string) => `${demoTemplateDbOf(templateDb)}_seeding`;

/** The maintenance database URL for creating and dropping test databases. */
export function adminUrl(url: string) {
  const u = new URL(url);
  u.pathname = "/postgres";
  return u.toString();
}

/** The URL of another database on the same server. */
export function databaseUrlOf(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** One statement on the maintenance database (creating, dropping or listing test databases); its rows. */
export async function adminQuery<T extends Record<string, unknown> = Record<string, unknown>>(
  url: string,
  text: string,
  params: unknown[] = [],
) {
  const client = new pg.Client({ connectionString: adminUrl(url) });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Drops the databases of earlier runs on this server whose process is gone: a run that was killed
 * never reached its teardown, and each of its test files had a database of its own.
 */
export async function sweepDeadRunsDatabases(url: string, isAlive = processIsAlive) {
  const rows = await adminQuery<{ datname: string }>(url, `select datname from pg_database where datname like 'bo\\_test\\_%'`);
  const dead = rows.map((r) => r.datname).filter((name) => !isAlive(Number(RUN_DATABASE.exec(name)?.[1] ?? NaN)));
  for (const name of dead) await adminQuery(url, `drop database if exists "${name}" with (force)`);
  return dead;
}

/** Whether a process of this machine still runs; names without a pid count as alive (not ours to drop). */
function processIsAlive(pid: number) {
  if (!Number.isInteger(pid)) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    templateFile: string;
    testRunPid: number;
    templateDb: string;
  }
}
