import path from "node:path";
import pg from "pg";

/**
 * Whether this run of the database suite is its PostgreSQL pass (TEST_DATABASE_URL set); the
 * embedded pass has it unset or empty (scripts/test.mjs empties it). Tests that never touch the
 * pass's database, such as a command on an embedded database of its own, run in one pass only.
 */
export const onPostgresPass = Boolean(process.env.TEST_DATABASE_URL);

export const templateFileFor = (pid: number) => path.resolve(`tests/.tmp/template-db-${pid}.tar`);
export const templateDbFor = (pid: number) => `bo_test_template_${pid}`;
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

/** One statement on the maintenance database: creating or dropping a test's own database. */
export async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: adminUrl(url) });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    templateFile: string;
    templateDb: string;
  }
}
