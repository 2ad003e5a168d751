import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { getCurrentTest } from "vitest/suite";
import { openDatabase, pgliteExtensions, setDatabase, wrapPglite, type Database } from "../../server/db/client";
import { seedDemo } from "../../server/db/seed/demo";
import { adminQuery, adminUrl, databaseUrlOf, demoSeedingDbOf, demoTemplateDbOf, scratchDbName } from "./template";
import { forgetResponseTimes } from "~/modules/questions/questions.server";
import { forgetYearRange } from "~/modules/box-score/page.server";

/** What a test file's database starts with: the migrated schema only, or the demo data as well. */
type Contents = { demo?: boolean };

/**
 * A fresh, migrated database for one test file, cloned from the template the global setup built
 * (never re-migrated per test). It becomes the process database for loaders and actions, and is
 * dropped after the file. With `demo`, the clone holds the demo data set too (seedDemo, its
 * simulator state included), seeded once per run instead of once per file.
 */
export async function createTestDatabase({ demo = false }: Contents = {}): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  let database: Database;
  if (url) {
    const name = scratchDbName(inject("testRunPid"), "file");
    const template = demo ? await demoTemplateDb(url) : inject("templateDb");
    await adminQuery(url, `create database "${name}" template "${template}"`);
    database = await openDatabase({ databaseUrl: databaseUrlOf(url, name), dataDir: "" });
    const close = database.close;
    database.close = async () => {
      await close();
      await adminQuery(url, `drop database if exists "${name}" with (force)`);
    };
  } else {
    const dump = demo ? await demoDump() : new Blob([fs.readFileSync(inject("templateFile"))]);
    const client = await PGlite.create({ loadDataDir: dump, extensions: pgliteExtensions() });
    database = wrapPglite(client);
  }
  setDatabase(database);
  // Test files share a worker process (vitest --no-isolate): what a process keeps for a minute about
  // its database must not outlive the database it was read from.
  forgetResponseTimes();
  forgetYearRange();
  return database;
}

/**
 * The demo data as seedDemo writes it at the moment of the first file that asks for it in this
 * process (the test files of a pass share one: vitest --no-isolate): the dates of its rows are
 * relative to that moment, minutes before a later file runs, as a server's demo data is to the
 * moment it was seeded. A seed takes 1.5 s; a clone of it, a tenth of that on PostgreSQL and about
 * what an empty database costs on PGlite.
 */
async function seededDemo(database: Database) {
  await seedDemo(database, { now: new Date(), brand: "Electrica" });
}

let demoDumpMade: Promise<Blob> | undefined;

/** The embedded database's demo data, kept as a data-directory dump in this process. */
function demoDump(): Promise<Blob> {
  demoDumpMade ??= (async () => {
    const client = await PGlite.create({
      loadDataDir: new Blob([fs.readFileSync(inject("templateFile"))]),
      extensions: pgliteExtensions(),
    });
    try {
      await seededDemo(wrapPglite(client));
      return await client.dumpDataDir("none");
    } finally {
      await client.close();
    }
  })();
  demoDumpMade.catch(() => (demoDumpMade = undefined));
  return demoDumpMade;
}

const demoTemplates = new Set<string>();

/**
 * PostgreSQL's demo template: made once per run (global-setup.ts drops it), under a lock so two
 * processes of one run never seed it twice, and seeded under another name that is renamed only
 * when the seed has succeeded, so a failed seed never leaves a half-filled template behind.
 */
async function demoTemplateDb(url: string): Promise<string> {
  const templateDb = inject("templateDb");
  const name = demoTemplateDbOf(templateDb);
  if (demoTemplates.has(name)) return name;
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  try {
    await admin.query("select pg_advisory_lock(hashtext($1))", [name]);
    const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) {
      const seeding = demoSeedingDbOf(templateDb);
      await admin.query(`drop database if exists "${seeding}" with (force)`);
      await admin.query(`create database "${seeding}" template "${templateDb}"`);
      const database = await openDatabase({ databaseUrl: databaseUrlOf(url, seeding), dataDir: "" });
      try {
        await seededDemo(database);
      } finally {
        await database.close();
      }
      await admin.query(`alter database "${seeding}" rename to "${name}"`);
    }
    demoTemplates.add(name);
    return name;
  } finally {
    await admin.query("select pg_advisory_unlock(hashtext($1))", [name]).catch(() => undefined);
    await admin.end();
  }
}

/** Creates the database once for the file (or describe) and closes it afterwards. */
export async function useTestDatabase(contents: Contents = {}): Promise<Database> {
  // Inside a test, afterAll is never run: the database would outlive the run.
  if (getCurrentTest()) throw new Error("useTestDatabase se llama al nivel del archivo o de un describe, no dentro de una prueba");
  const database = await createTestDatabase(contents);
  afterAll(async () => {
    setDatabase(undefined);
    await database.close();
  });
  return database;
}
