import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { pgliteExtensions, wrapPglite } from "../../server/db/client";
import { migrate } from "../../server/db/migrate";
import { TEMPLATE_DB, TEMPLATE_FILE, adminUrl } from "./template";

/**
 * Migrates one template database before any test file runs. Embedded: a PGlite data directory dumped
 * to a file that each test file loads. PostgreSQL (TEST_DATABASE_URL): a template database that each
 * test file clones with CREATE DATABASE … TEMPLATE.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    const old = await admin.query("select datname from pg_database where datname like 'bo_test_%' or datname = $1", [TEMPLATE_DB]);
    for (const row of old.rows) await admin.query(`drop database if exists "${row.datname}" with (force)`);
    await admin.query(`create database "${TEMPLATE_DB}"`);
    await admin.end();
    const { openDatabase } = await import("../../server/db/client");
    const database = await openDatabase({ databaseUrl: withDb(url, TEMPLATE_DB), dataDir: "" });
    await migrate(database);
    await database.close();
    return;
  }
  fs.mkdirSync(path.dirname(TEMPLATE_FILE), { recursive: true });
  const client = await PGlite.create({ extensions: pgliteExtensions() });
  const database = wrapPglite(client);
  await migrate(database);
  const dump = await client.dumpDataDir("none");
  fs.writeFileSync(TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
  await client.close();
}

function withDb(url: string, db: string) {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}
