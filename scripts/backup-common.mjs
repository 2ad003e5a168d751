// What scripts/backup.mjs and scripts/restore.mjs share: where the files are kept (the disk under
// DATA_DIR or an S3 bucket, from STORAGE_URL), the PostgreSQL client tools, checksums and progress.
// Plain Node (no TypeScript, no build): the scripts run in the production image as they run here.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

export const MANIFEST = "manifest.json";
export const FORMAT = "backoffice-backup";
export const FORMAT_VERSION = 1;
/** A backup folder's name: its UTC moment, sortable (2026-11-29T03-30-00Z). */
export const STAMP = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z(-\d+)?$/;
/** Where the disk store puts uploads on their way in: never part of a backup. */
const INCOMING = ".incoming";

/** A refusal or failure the operator can act on: printed as it is, without a stack. */
export class BackupError extends Error {}

export function fail(message) {
  throw new BackupError(message);
}

// ── Output ─────────────────────────────────────────────────────────────────────────────────────────

export function log(line = "") {
  process.stdout.write(`${line}\n`);
}

export function formatBytes(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export function formatCount(n) {
  return new Intl.NumberFormat("es-MX").format(n);
}

/** Prints "label: done/total (bytes)" at most every two seconds, and once at the end. */
export function progress(label, total) {
  let done = 0;
  let bytes = 0;
  let last = Date.now();
  const line = () => `  ${label}: ${formatCount(done)}${total === undefined ? "" : `/${formatCount(total)}`} (${formatBytes(bytes)})`;
  return {
    add(size) {
      done++;
      bytes += size;
      const now = Date.now();
      if (now - last >= 2000) {
        last = now;
        log(line());
      }
    },
    end() {
      log(line());
      return { count: done, bytes };
    },
  };
}

/** Runs the script's main and turns its end into an exit code: 0, or 1 with the reason printed. */
export async function runMain(title, main) {
  const started = Date.now();
  try {
    await main(started);
  } catch (error) {
    const message = error instanceof BackupError ? error.message : (error?.stack ?? String(error));
    process.stderr.write(`\n${title} falló: ${message}\n`);
    process.exitCode = 1;
  }
}

export function seconds(since) {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

// ── Checksums and files ────────────────────────────────────────────────────────────────────────────

/** A pass-through stream that hashes and counts what goes through it. */
export function hashing() {
  const hash = crypto.createHash("sha256");
  let bytes = 0;
  const stream = new Transform({
    transform(chunk, _encoding, callback) {
      hash.update(chunk);
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  return { stream, result: () => ({ sha256: hash.digest("hex"), bytes }) };
}

export async function sha256File(file) {
  const hash = crypto.createHash("sha256");
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest("hex"), bytes };
}

/** Copies a readable stream to `target` (through a temporary name), returning its size and sha256. */
export async function writeStream(source, target) {
  await fsp.mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.part-${process.pid}`;
  const h = hashing();
  try {
    await pipeline(source, h.stream, fs.createWriteStream(temp, { flags: "wx" }));
    await fsp.rename(temp, target);
  } catch (error) {
    await fsp.rm(temp, { force: true });
    throw error;
  }
  return h.result();
}

/**
 * Every file under `root`, as keys relative to it joined by "/" (the storage keys), in a stable
 * order; the disk store's folder for uploads on their way in is left out.
 */
export async function listFiles(root) {
  return (await listTree(root)).files;
}

/** The files and the folders under `root` (a database folder needs its empty folders too). */
export async function listTree(root) {
  const files = [];
  const dirs = [];
  async function walk(dir, prefix) {
    let entries;
    try {
      entries = await fsp.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (error.code === "ENOENT") return;
      throw error;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (prefix === "" && entry.name === INCOMING) continue;
      const key = prefix + entry.name;
      if (entry.isDirectory()) {
        dirs.push(key);
        await walk(path.join(dir, entry.name), `${key}/`);
      } else if (entry.isFile()) files.push(key);
    }
  }
  await walk(root, "");
  return { files, dirs };
}

/** The path of a storage key under `root`; a key that would leave it (`..`, absolute) is refused. */
export function pathOfKey(root, key) {
  const segments = key.split("/");
  if (key === "" || segments.some((s) => s === "" || s === "." || s === ".." || s.includes("\\") || s.includes("\0"))) {
    fail(`la clave «${key}» no es una ruta relativa válida`);
  }
  return path.join(root, ...segments);
}

/** Runs `work` over `items`, `limit` at a time, in order of start; the first failure stops the rest. */
export async function eachLimit(items, limit, work) {
  let next = 0;
  let failed = null;
  async function worker() {
    while (failed === null && next < items.length) {
      const item = items[next++];
      try {
        await work(item);
      } catch (error) {
        failed ??= error;
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failed !== null) throw failed;
}

// ── Where the files are kept ───────────────────────────────────────────────────────────────────────

/**
 * The store STORAGE_URL names (the same grammar as the app's): unset → the disk, DATA_DIR/uploads;
 * s3://bucket[/prefix/]?endpoint=…&region=…&forcePathStyle=… with S3_ACCESS_KEY_ID and
 * S3_SECRET_ACCESS_KEY (or s3://key:secret@bucket). Messages never repeat the URL: it may hold a key.
 */
export function storageFromEnv(env = process.env) {
  const dataDir = path.resolve(env.DATA_DIR || "./data");
  const text = (env.STORAGE_URL ?? "").trim();
  if (text === "") return { kind: "local", root: path.join(dataDir, "uploads"), describe: `disco (${path.join(dataDir, "uploads")})` };
  let url;
  try {
    url = new URL(text);
  } catch {
    fail("STORAGE_URL no es una URL válida (s3://bucket?endpoint=…&region=…&forcePathStyle=true, o nada para el disco)");
  }
  if (url.protocol !== "s3:") fail(`STORAGE_URL: esquema «${url.protocol}» desconocido (se acepta s3://…, o nada para el disco)`);
  const bucket = url.hostname;
  if (!bucket) fail("STORAGE_URL: falta el bucket (s3://<bucket>?…)");
  const segments = url.pathname.split("/").filter(Boolean);
  const prefix = segments.length ? `${segments.join("/")}/` : "";
  const endpoint = url.searchParams.get("endpoint") ? new URL(url.searchParams.get("endpoint")).origin : undefined;
  const region = url.searchParams.get("region") ?? "us-east-1";
  const style = url.searchParams.get("forcePathStyle");
  const forcePathStyle = style === null ? endpoint !== undefined : style === "true" || style === "1";
  let accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || undefined;
  let secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() || undefined;
  if (url.username && url.password) {
    accessKeyId = decodeURIComponent(url.username);
    secretAccessKey = decodeURIComponent(url.password);
  }
  if (!accessKeyId || !secretAccessKey) fail("faltan las llaves del bucket: define S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY");
  return {
    kind: "s3",
    bucket,
    prefix,
    endpoint,
    region,
    forcePathStyle,
    accessKeyId,
    secretAccessKey,
    describe: `s3://${bucket}/${prefix}${endpoint ? ` en ${endpoint}` : ` (${region})`}`,
  };
}

/** An S3 client for the store; checksums only where the API requires them (MinIO and others). */
export async function s3Client(store) {
  const { S3Client } = await import("@aws-sdk/client-s3");
  return new S3Client({
    region: store.region,
    endpoint: store.endpoint,
    forcePathStyle: store.forcePathStyle,
    credentials: { accessKeyId: store.accessKeyId, secretAccessKey: store.secretAccessKey },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

/** Every object under the store's prefix: { key (relative to the prefix), size, contentType? }. */
export async function listObjects(client, store, { limit } = {}) {
  const { ListObjectsV2Command } = await import("@aws-sdk/client-s3");
  const objects = [];
  let token;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: store.bucket, Prefix: store.prefix || undefined, ContinuationToken: token }),
    );
    for (const item of page.Contents ?? []) {
      if (item.Key.endsWith("/")) continue;
      objects.push({ key: item.Key.slice(store.prefix.length), size: item.Size ?? 0 });
    }
    if (limit !== undefined && objects.length >= limit) break;
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return objects;
}

// ── PostgreSQL ─────────────────────────────────────────────────────────────────────────────────────

/**
 * How the PostgreSQL client tools reach DATABASE_URL without the password on their command line (where
 * `ps` shows it): the URL without it, and the password in PGPASSWORD.
 */
export function libpqTarget(databaseUrl) {
  const url = new URL(databaseUrl);
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  url.password = "";
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** The database named by a URL, for messages (no user, no password). */
export function describeDatabase(databaseUrl) {
  const url = new URL(databaseUrl);
  return `${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname}`;
}

/** Runs a client tool; rejects with its last lines of error output when it fails. */
export function runTool(command, args, { env = {} } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", (error) => {
      reject(
        error.code === "ENOENT"
          ? new BackupError(`no se encontró ${command}: instala el cliente de PostgreSQL (paquete postgresql-client de Debian)`)
          : error,
      );
    });
    child.on("close", (code) => {
      if (code === 0) resolve({ stdout: out, stderr: err });
      else reject(new BackupError(`${command} terminó con código ${code}:\n${err.trim().split("\n").slice(-12).join("\n")}`));
    });
  });
}

/** The major version of a client tool (pg_dump 16.4 → 16), or an error when it is not installed. */
export async function toolMajor(command) {
  const { stdout } = await runTool(command, ["--version"]);
  const match = /(\d+)(?:\.\d+)?/.exec(stdout);
  if (!match) fail(`no se entiende la versión de ${command}: ${stdout.trim()}`);
  return { major: Number(match[1]), text: stdout.trim() };
}

/** Ordinary and partitioned tables outside PostgreSQL's own schemas, as "schema.table". */
export const USER_TABLES_SQL = `
  select n.nspname as schema, c.relname as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
  order by 1, 2`;

export function quoteIdent(name) {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Rows per table, counted on `client` (inside its transaction, when it has one). */
export async function countRows(client) {
  const { rows } = await client.query(USER_TABLES_SQL);
  const counts = {};
  for (const { schema, name } of rows) {
    const result = await client.query(`select count(*)::bigint as n from ${quoteIdent(schema)}.${quoteIdent(name)}`);
    counts[`${schema}.${name}`] = Number(result.rows[0].n);
  }
  return counts;
}

export async function pgClient(databaseUrl) {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: databaseUrl });
  // A connection the server closes under a long step must fail that step, not end the process.
  client.on("error", () => undefined);
  await client.connect();
  return client;
}
