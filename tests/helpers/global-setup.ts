import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { pgliteExtensions, wrapPglite } from "../../server/db/client";
import { migrate } from "../../server/db/migrate";
import type { TestProject } from "vitest/node";
import { adminUrl, demoSeedingDbOf, demoTemplateDbOf, sweepDeadRunsDatabases, templateDbFor, templateFileFor } from "./template";

/**
 * Migrates one template database before any test file runs. Embedded: a PGlite data directory dumped
 * to a file that each test file loads. PostgreSQL (TEST_DATABASE_URL): a template database that each
 * test file clones with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const dropped = await sweepDeadRunsDatabases(url);
    if (dropped.length) console.log(`[db] ${dropped.length} bases de datos de corridas interrumpidas eliminadas`);
    const templateDb = templateDbFor(process.pid);
    project.provide("testRunPid", process.pid);
    project.provide("templateDb", templateDb);
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`drop database if exists "${templateDb}" with (force)`);
    await admin.query(`create database "${templateDb}"`);
    await admin.end();
    const { openDatabase } = await import("../../server/db/client");
    const database = await openDatabase({ databaseUrl: withDb(url, templateDb), dataDir: "" });
    await migrate(database);
    await database.close();
    return async () => {
      const a = new pg.Client({ connectionString: adminUrl(url) });
      await a.connect();
      for (const db of [demoSeedingDbOf(templateDb), demoTemplateDbOf(templateDb)])
        await a.query(`drop database if exists "${db}" with (force)`);
      await a.query(`drop database if exists "${templateDb}" with (force)`);
      await a.end();
    };
  }
  // One file per run, so concurrent runs on one machine never read each other's half-written dump.
  const templateFile = templateFileFor(process.pid);
  project.provide("templateFile", templateFile);
  fs.mkdirSync(path.dirname(templateFile), { recursive: true });
  const client = await PGlite.create({ extensions: pgliteExtensions() });
  const database = wrapPglite(client);
  await migrate(database);
  const dump = await client.dumpDataDir("none");
  fs.writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  return () => fs.rmSync(templateFile, { force: true });
}

function withDb(url: string, db: string) {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}
