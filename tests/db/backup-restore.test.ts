// The restore drill of docs/deploy.md, run for real: a database migrated and seeded as start-up does
// it, files in its DATA_DIR, `npm run backup`, `npm run restore` into a NEW empty database and a NEW
// DATA_DIR, then the built app started on what was restored: a demo user signs in, reads a list with
// a known record and downloads a restored file. Every table must come back with as many rows as it
// had. PostgreSQL only (pg_dump and pg_restore): skipped, with the reason printed, without
// TEST_DATABASE_URL or without the client tools.
import { execFile, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startAppProcess } from "../helpers/app-process";
import { adminQuery, adminUrl, databaseUrlOf, scratchDbName } from "../helpers/template";

const url = process.env.TEST_DATABASE_URL || undefined;
const run = promisify(execFile);
const TSX = path.resolve("node_modules/.bin/tsx");
const ADMIN = { email: "admin@demo.mx", password: "demo1234" };

const skipReason = await whyNot();
if (skipReason) console.log(`[backup-restore] Se omite la prueba de respaldo y restauración: ${skipReason}`);

describe.skipIf(skipReason !== null)("backup and restore on PostgreSQL, then the app on the restored copy", () => {
  const tag = crypto.randomBytes(5).toString("hex");
  const runPid = inject("testRunPid");
  const names = {
    source: scratchDbName(runPid, "backup_src"),
    target: scratchDbName(runPid, "backup_dst"),
    broken: scratchDbName(runPid, "backup_bad"),
  };
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "bo-backup-"));
  const dirs = {
    source: path.join(root, "data-source"),
    target: path.join(root, "data-target"),
    refused: path.join(root, "data-refused"),
    backups: path.join(root, "backups"),
  };
  const pdf = {
    id: crypto.randomUUID(),
    bytes: Buffer.concat([Buffer.from("%PDF-1.4\n% ficha técnica de prueba\n"), crypto.randomBytes(4096), Buffer.from("\n%%EOF\n")]),
  };
  const attachment = {
    key: `messages/${crypto.randomUUID()}.txt`,
    bytes: Buffer.from("Adjunto de una conversación: ¿llegó el pedido? Sí, gracias.\n"),
  };
  let backup = "";
  let before: Record<string, number> = {};
  let after: Record<string, number> = {};
  let knownOrderId = "";

  beforeAll(async () => {
    await admin(`create database "${names.source}"`);
    await admin(`create database "${names.target}"`);
    fs.mkdirSync(dirs.source, { recursive: true });

    // 1. Migrated and seeded with the demo data the way start-up does it (prepareDatabase).
    const { SESSION_SECRET: _none, ...inherited } = process.env;
    await run(TSX, [path.resolve("tests/helpers/start-instance.ts"), "start"], {
      env: {
        ...inherited,
        NODE_ENV: "development",
        DATABASE_URL: databaseUrl(names.source),
        DATA_DIR: dirs.source,
        DEMO_MODE: "true",
        SEED_DEMO: "true",
        SIM_ACTIVITY: "0",
      },
      timeout: 150_000,
    });

    // 2. Two files in the DATA_DIR's uploads: a library PDF the app knows, and a conversation's attachment in a sub-folder.
    const uploads = path.join(dirs.source, "uploads");
    fs.mkdirSync(path.join(uploads, "messages"), { recursive: true });
    fs.writeFileSync(path.join(uploads, `${pdf.id}.pdf`), pdf.bytes);
    fs.writeFileSync(path.join(uploads, attachment.key), attachment.bytes);
    await query(
      names.source,
      "insert into files (id, filename_disk, filename_download, mime_type, size, origin) values ($1, $2, $3, 'application/pdf', $4, 'upload')",
      [pdf.id, `${pdf.id}.pdf`, `ficha-respaldo-${tag}.pdf`, pdf.bytes.length],
    );
    const [order] = await query<{ id: string }>(
      names.source,
      "select id::text as id from orders order by order_date desc nulls last, id desc limit 1",
    );
    knownOrderId = order.id;
    before = await countEveryTable(names.source);

    // 3. npm run backup, 4. npm run restore into the new, empty database and a new DATA_DIR.
    const made = await script("backup.mjs", ["--out", dirs.backups], { DATABASE_URL: databaseUrl(names.source), DATA_DIR: dirs.source });
    expect(made.code, made.output).toBe(0);
    backup = path.join(
      dirs.backups,
      fs.readdirSync(dirs.backups).find((n) => !n.endsWith(".partial"))!,
    );
    const restored = await script("restore.mjs", [backup], { DATABASE_URL: databaseUrl(names.target), DATA_DIR: dirs.target });
    expect(restored.code, restored.output).toBe(0);
    after = await countEveryTable(names.target);
  }, 300_000);

  afterAll(async () => {
    for (const name of Object.values(names)) await admin(`drop database if exists "${name}" with (force)`).catch(() => undefined);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("brings back every table with as many rows as it had", () => {
    expect(Object.keys(before).length).toBeGreaterThan(50);
    expect(before["public.users"]).toBeGreaterThanOrEqual(10);
    expect(before["public.orders"]).toBeGreaterThan(100);
    expect(before["public.files"]).toBeGreaterThanOrEqual(1);
    expect(after).toEqual(before);
  });

  it("brings back the files, byte for byte, with the manifest's sums", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(backup, "manifest.json"), "utf8")) as {
      database: { kind: string; tables: Record<string, number> };
      files: { source: string; count: number; entries: { key: string; bytes: number; sha256: string }[] };
    };
    expect(manifest.database.kind).toBe("postgres");
    expect(manifest.database.tables).toEqual(before);
    expect(manifest.files.source).toBe("local");
    expect(manifest.files.entries.map((e) => e.key).sort()).toEqual([`${pdf.id}.pdf`, attachment.key].sort());
    expect(fs.readFileSync(path.join(dirs.target, "uploads", `${pdf.id}.pdf`))).toEqual(pdf.bytes);
    expect(fs.readFileSync(path.join(dirs.target, "uploads", attachment.key))).toEqual(attachment.bytes);
    for (const entry of manifest.files.entries)
      expect(entry.sha256).toBe(sha256(fs.readFileSync(path.join(dirs.target, "uploads", entry.key))));
  });

  it("serves the restored copy: a demo user signs in, reads a list with a known record and downloads a restored file", async () => {
    const app = await startApp({ DATABASE_URL: databaseUrl(names.target), DATA_DIR: dirs.target });
    try {
      const login = await fetch(`${app.base}/login`, {
        method: "POST",
        body: new URLSearchParams(ADMIN),
        headers: { origin: app.base },
        redirect: "manual",
      });
      expect(login.status, await login.text()).toBe(302);
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      expect(cookie).toMatch(/bo_session=/);

      const list = await fetch(`${app.base}/orders`, { headers: { cookie } });
      expect(list.status).toBe(200);
      expect(await list.text()).toContain(knownOrderId);

      const file = await fetch(`${app.base}/files/${pdf.id}`, { headers: { cookie } });
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("application/pdf");
      expect(sha256(Buffer.from(await file.arrayBuffer()))).toBe(sha256(pdf.bytes));
    } finally {
      await app.stop();
    }
  }, 180_000);

  it("refuses a database that has tables, and changes nothing", async () => {
    const refused = await script("restore.mjs", [backup], { DATABASE_URL: databaseUrl(names.source), DATA_DIR: dirs.refused });
    expect(refused.code).not.toBe(0);
    expect(refused.output).toMatch(/no está vacía: tiene \d+ tablas/);
    expect(refused.output).toContain("No se cambió nada");
    expect(await countEveryTable(names.source)).toEqual(before);
    expect(fs.existsSync(path.join(dirs.refused, "uploads"))).toBe(false);
  }, 60_000);

  it("refuses a damaged backup before it writes anything", async () => {
    const damaged = path.join(root, "damaged");
    fs.cpSync(backup, damaged, { recursive: true });
    fs.appendFileSync(path.join(damaged, "files", attachment.key), "una línea de más\n");
    await admin(`create database "${names.broken}"`);
    const refused = await script("restore.mjs", [damaged], { DATABASE_URL: databaseUrl(names.broken), DATA_DIR: dirs.refused });
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain("el respaldo está dañado");
    expect(refused.output).toContain(`files/${attachment.key}`);
    expect(await countEveryTable(names.broken)).toEqual({});
    expect(fs.existsSync(path.join(dirs.refused, "uploads"))).toBe(false);
  }, 60_000);
});

/** Why the drill cannot run here, or null. */
async function whyNot(): Promise<string | null> {
  if (!url) return "TEST_DATABASE_URL no está definido (la prueba necesita un PostgreSQL).";
  const majors: Record<string, number> = {};
  for (const tool of ["pg_dump", "pg_restore"]) {
    const version = spawnSync(tool, ["--version"], { encoding: "utf8" });
    if (version.error || version.status !== 0) return `${tool} no está instalado (paquete postgresql-client de Debian).`;
    majors[tool] = Number(/(\d+)/.exec(version.stdout)?.[1]);
  }
  const client = new pg.Client({ connectionString: adminUrl(url) });
  await client.connect();
  try {
    const { rows } = await client.query<{ num: number }>("select current_setting('server_version_num')::int as num");
    const server = Math.floor(rows[0].num / 10000);
    if (majors.pg_dump < server) return `pg_dump ${majors.pg_dump} no respalda un servidor PostgreSQL ${server}.`;
  } finally {
    await client.end();
  }
  return null;
}

const databaseUrl = (name: string) => databaseUrlOf(url!, name);
const admin = (text: string) => adminQuery(url!, text);

async function query<T extends pg.QueryResultRow>(database: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl(database) });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** Rows of every table outside PostgreSQL's own schemas, counted one by one (no estimates). */
async function countEveryTable(database: string): Promise<Record<string, number>> {
  const tables = await query<{ schema: string; name: string }>(
    database,
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%' order by 1, 2`,
  );
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const [row] = await query<{ n: string }>(database, `select count(*) as n from "${t.schema}"."${t.name}"`);
    counts[`${t.schema}.${t.name}`] = Number(row.n);
  }
  return counts;
}

/** One of the scripts, as `npm run backup` / `npm run restore` runs it; its exit code and everything it printed. */
function script(name: string, args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.resolve("scripts", name), ...args], {
      env: { ...process.env, STORAGE_URL: "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

function sha256(bytes: Buffer) {
  return crypto.createHash("sha256").update(bytes).digest("hex");
}

/** The built app on the restored copy, as production runs it: no demo mode, a SESSION_SECRET of its own. */
function startApp(env: Record<string, string>) {
  return startAppProcess({ ...env, DEMO_MODE: "false", SESSION_SECRET: crypto.randomBytes(24).toString("base64url"), STORAGE_URL: "" });
}
