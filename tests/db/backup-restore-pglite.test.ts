// The embedded database's backup (docs/deploy.md, «Base embebida»): with the server stopped,
// `npm run backup -- --offline` copies DATA_DIR/pgdata as it is, and `npm run restore` puts it in a
// new DATA_DIR, where it opens with every row. Without --offline the backup refuses: a second process
// must not open a data directory the server may be using.
import { execFile, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteExtensions } from "../../server/db/client";
import { onPostgresPass } from "../helpers/template";

const run = promisify(execFile);
const TSX = path.resolve("node_modules/.bin/tsx");

// The database suite runs once on PGlite and once more with TEST_DATABASE_URL; this needs no PostgreSQL, so once is enough.
if (onPostgresPass) console.log("[backup-restore-pglite] Se omite en la pasada de PostgreSQL: corre en la de PGlite.");

describe.skipIf(onPostgresPass)("backup and restore of the embedded database", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "bo-pglite-backup-"));
  const source = path.join(root, "data");
  const target = path.join(root, "restored");
  const backups = path.join(root, "backups");
  const image = crypto.randomBytes(2048);

  beforeAll(async () => {
    fs.mkdirSync(source, { recursive: true });
    const { SESSION_SECRET: _none, ...inherited } = process.env;
    await run(TSX, [path.resolve("tests/helpers/start-instance.ts"), "start"], {
      env: { ...inherited, NODE_ENV: "development", DATABASE_URL: "", DATA_DIR: source, DEMO_MODE: "true", SIM_ACTIVITY: "0" },
      timeout: 150_000,
    });
    fs.mkdirSync(path.join(source, "uploads"), { recursive: true });
    fs.writeFileSync(path.join(source, "uploads", "imagen.webp"), image);
  }, 180_000);

  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("refuses without --offline: the server may have the database open", async () => {
    const refused = await script("backup.mjs", ["--out", backups], { DATA_DIR: source });
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain("--offline");
    expect(fs.existsSync(backups) ? fs.readdirSync(backups) : []).toEqual([]);
  });

  it("copies the stopped database and its files, and the copy opens with every row", async () => {
    const made = await script("backup.mjs", ["--out", backups, "--offline"], { DATA_DIR: source });
    expect(made.code, made.output).toBe(0);
    const [name] = fs.readdirSync(backups);
    const restored = await script("restore.mjs", [path.join(backups, name)], { DATA_DIR: target });
    expect(restored.code, restored.output).toBe(0);

    expect(fs.readFileSync(path.join(target, "uploads", "imagen.webp"))).toEqual(image);
    expect(fs.readFileSync(path.join(target, "session-secret"), "utf8")).toBe(fs.readFileSync(path.join(source, "session-secret"), "utf8"));
    const before = await countEveryTable(source);
    const after = await countEveryTable(target);
    expect(before["public.users"]).toBeGreaterThanOrEqual(10);
    expect(after).toEqual(before);

    const again = await script("restore.mjs", [path.join(backups, name)], { DATA_DIR: target });
    expect(again.code).not.toBe(0);
    expect(again.output).toContain("ya hay una base embebida");
  }, 120_000);
});

function script(name: string, args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.resolve("scripts", name), ...args], {
      env: { ...process.env, DATABASE_URL: "", STORAGE_URL: "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

async function countEveryTable(dataDir: string): Promise<Record<string, number>> {
  const db = await PGlite.create({ dataDir: path.join(dataDir, "pgdata"), extensions: pgliteExtensions() });
  try {
    const { rows } = await db.query<{ schema: string; name: string }>(
      `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%' order by 1, 2`,
    );
    const counts: Record<string, number> = {};
    for (const t of rows) {
      const result = await db.query<{ n: number }>(`select count(*)::int as n from "${t.schema}"."${t.name}"`);
      counts[`${t.schema}.${t.name}`] = result.rows[0].n;
    }
    return counts;
  } finally {
    await db.close();
  }
}
