import crypto from "node:crypto";
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { openDatabase, pgliteExtensions, setDatabase, wrapPglite, type Database } from "../../server/db/client";
import { adminUrl } from "./template";
import { forgetResponseTimes } from "~/modules/questions/questions.server";
import { forgetYearRange } from "~/modules/box-score/page.server";

/**
 * A fresh, migrated database for one test file, cloned from the template the global setup built
 * (never re-migrated per test). It becomes the process database for loaders and actions, and is
 * dropped after the file.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  let database: Database;
  if (url) {
    const name = `bo_test_${crypto.randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`create database "${name}" template "${inject("templateDb")}"`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: u.toString(), dataDir: "" });
    const close = database.close;
    database.close = async () => {
      await close();
      const a = new pg.Client({ connectionString: adminUrl(url) });
      await a.connect();
      await a.query(`drop database if exists "${name}" with (force)`);
      await a.end();
    };
  } else {
    const dump = new Blob([fs.readFileSync(inject("templateFile"))]);
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

/** Creates the database once for the file and closes it afterwards. */
export async function useTestDatabase(): Promise<Database> {
  const database = await createTestDatabase();
  afterAll(async () => {
    setDatabase(undefined);
    await database.close();
  });
  return database;
}
