// npm run backup -- [--out DIR] [--keep N] [--offline]
//
// A backup of the back office in a folder of its own, named by its UTC moment under BACKUP_DIR
// (./backups by default): the database (PostgreSQL: `pg_dump -Fc`, with every table's row count taken
// in the dump's own snapshot) and the uploaded files (from DATA_DIR/uploads, or every object of the
// STORAGE_URL bucket), with a manifest of counts, sizes and sha256 sums that scripts/restore.mjs
// checks. A backup is written as <name>.partial and renamed when complete: a folder without that
// suffix is whole. docs/deploy.md, «Backups».
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  FORMAT,
  FORMAT_VERSION,
  MANIFEST,
  STAMP,
  countRows,
  describeDatabase,
  eachLimit,
  fail,
  formatBytes,
  formatCount,
  libpqTarget,
  listFiles,
  listObjects,
  listTree,
  log,
  pathOfKey,
  pgClient,
  progress,
  runMain,
  runTool,
  s3Client,
  seconds,
  sha256File,
  storageFromEnv,
  toolMajor,
  writeStream,
} from "./backup-common.mjs";

const HELP = `Uso: npm run backup -- [opciones]

Respalda la base de datos y los archivos subidos en una carpeta nueva, con un manifiesto
(conteos, tamaños, sha256) que «npm run restore» comprueba.

  --out <carpeta>   Dónde crear la carpeta del respaldo (por defecto BACKUP_DIR o ./backups)
  --keep <n>        Al terminar, conserva solo los n respaldos completos más recientes de esa carpeta
  --offline         Base embebida (sin DATABASE_URL): confirma que el servidor está detenido
  -h, --help        Muestra esta ayuda

Lee DATABASE_URL (PostgreSQL: pg_dump -Fc), DATA_DIR y STORAGE_URL (archivos en disco o en un
bucket S3, con S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY).`;

const FILE_CONCURRENCY = 4;

await runMain("El respaldo", async (started) => {
  const { values } = parseArgs({
    options: {
      out: { type: "string" },
      keep: { type: "string" },
      offline: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
  });
  if (values.help) return log(HELP);
  const keep = values.keep === undefined ? undefined : Number(values.keep);
  if (keep !== undefined && !(Number.isInteger(keep) && keep >= 1)) fail("--keep debe ser un número entero mayor que 0");

  const env = process.env;
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const dataDir = path.resolve(env.DATA_DIR || "./data");
  const store = storageFromEnv(env);
  if (!databaseUrl && !values.offline) {
    fail(
      "sin DATABASE_URL la base es la embebida (PGlite, en DATA_DIR/pgdata), que solo un proceso puede abrir.\n" +
        "Detén el servidor y repite con --offline: se copia la carpeta de la base tal cual (docs/deploy.md, «Embedded database»).",
    );
  }

  const parent = path.resolve(values.out ?? (env.BACKUP_DIR || "./backups"));
  await fsp.mkdir(parent, { recursive: true }).catch((error) => fail(`no se pudo crear ${parent}: ${error.message}`));
  const name = await freeName(parent);
  const partial = path.join(parent, `${name}.partial`);
  const final = path.join(parent, name);
  await fsp
    .mkdir(partial)
    .catch((error) =>
      fail(
        `no se puede escribir en ${parent} (${error.code}): la carpeta debe ser del usuario que corre el respaldo (en la imagen, uid 1000; docs/deploy.md)`,
      ),
    );
  log(`Respaldo en ${final}`);

  try {
    const database = databaseUrl ? await dumpPostgres(databaseUrl, partial) : await copyPglite(dataDir, partial);
    const files = await copyFiles(store, path.join(partial, "files"));
    const manifest = { format: FORMAT, version: FORMAT_VERSION, createdAt: new Date().toISOString(), database, files };
    await fsp.writeFile(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await fsp.rename(partial, final);

    const removed = keep ? await prune(parent, keep) : [];
    log("");
    log(`Respaldo listo en ${seconds(started)}: ${final}`);
    if (database.kind === "postgres") {
      const tables = Object.keys(database.tables).length;
      log(
        `  base:     PostgreSQL, ${tables} tablas, ${formatCount(database.rows)} filas, ${formatBytes(database.bytes)} (sha256 ${database.sha256.slice(0, 16)}…)`,
      );
    } else {
      log(`  base:     embebida (PGlite), ${database.files.length} archivos, ${formatBytes(database.bytes)}`);
    }
    log(
      `  archivos: ${formatCount(files.count)} (${formatBytes(files.bytes)}) de ${files.from}${files.vanished ? `; ${files.vanished} se borraron durante el respaldo` : ""}`,
    );
    if (keep) log(`  retención: se conservan ${keep}; ${removed.length ? `se borraron ${removed.join(", ")}` : "no se borró ninguno"}`);
  } catch (error) {
    await fsp.rm(partial, { recursive: true, force: true });
    throw error;
  }
});

/** The folder's name: this moment in UTC, with a suffix when a backup of the same second exists. */
async function freeName(parent) {
  const stamp = new Date()
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-");
  for (let n = 1; ; n++) {
    const name = n === 1 ? stamp : `${stamp}-${n}`;
    if (!fs.existsSync(path.join(parent, name)) && !fs.existsSync(path.join(parent, `${name}.partial`))) return name;
  }
}

/**
 * pg_dump in the custom format, from a snapshot this script exports and holds: the row counts of the
 * manifest are taken in that same snapshot, so they are exactly what the dump holds while the app
 * keeps writing.
 */
async function dumpPostgres(databaseUrl, dir) {
  const tool = await toolMajor("pg_dump");
  const client = await pgClient(databaseUrl);
  try {
    const { rows } = await client.query(
      "select current_setting('server_version') as version, current_setting('server_version_num')::int as num",
    );
    const serverMajor = Math.floor(rows[0].num / 10000);
    if (tool.major < serverMajor) {
      fail(
        `${tool.text} no puede respaldar un servidor PostgreSQL ${serverMajor}: instala el cliente ${serverMajor} (postgresql-client-${serverMajor})`,
      );
    }
    log(`▶ Base de datos: ${describeDatabase(databaseUrl)} (PostgreSQL ${rows[0].version}, ${tool.text})`);
    await client.query("begin isolation level repeatable read read only");
    const snapshot = (await client.query("select pg_export_snapshot() as id")).rows[0].id;
    const file = path.join(dir, "database.dump");
    const target = libpqTarget(databaseUrl);
    const ticker = setInterval(() => {
      fs.stat(file, (error, stat) => {
        if (!error) log(`  database.dump: ${formatBytes(stat.size)}…`);
      });
    }, 2000);
    let tables;
    try {
      [, tables] = await Promise.all([
        runTool("pg_dump", ["--format=custom", `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${target.dbname}`], {
          env: target.env,
        }),
        countRows(client),
      ]);
    } finally {
      clearInterval(ticker);
    }
    await client.query("commit");
    const sum = await sha256File(file);
    const totalRows = Object.values(tables).reduce((a, b) => a + b, 0);
    log(`  database.dump: ${formatBytes(sum.bytes)}, ${Object.keys(tables).length} tablas, ${formatCount(totalRows)} filas`);
    return {
      kind: "postgres",
      file: "database.dump",
      bytes: sum.bytes,
      sha256: sum.sha256,
      serverVersion: rows[0].version,
      pgDump: tool.text,
      rows: totalRows,
      tables,
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The embedded database, with the server stopped: its folder copied as it is, and the session secret beside it. */
async function copyPglite(dataDir, dir) {
  const source = path.join(dataDir, "pgdata");
  if (!fs.existsSync(path.join(source, "PG_VERSION"))) fail(`no hay base embebida en ${source}`);
  log(`▶ Base embebida (PGlite): ${source}`);
  const tree = await listTree(source);
  const keys = tree.files.map((k) => `pgdata/${k}`);
  const dirs = ["pgdata", ...tree.dirs.map((k) => `pgdata/${k}`)];
  if (fs.existsSync(path.join(dataDir, "session-secret"))) keys.push("session-secret");
  const step = progress("base embebida", keys.length);
  const files = [];
  for (const key of keys) {
    const sum = await writeStream(fs.createReadStream(pathOfKey(dataDir, key)), pathOfKey(path.join(dir, "pglite"), key));
    files.push({ key, ...sum });
    step.add(sum.bytes);
  }
  const { bytes } = step.end();
  return { kind: "pglite", dir: "pglite", bytes, dirs, files };
}

/** The uploaded files, from the disk or the bucket, into files/<key>. */
async function copyFiles(store, dir) {
  log(`▶ Archivos: ${store.describe}`);
  const entries = [];
  let vanished = 0;
  if (store.kind === "local") {
    const keys = await listFiles(store.root);
    const step = progress("archivos", keys.length);
    await eachLimit(keys, FILE_CONCURRENCY, async (key) => {
      let sum;
      try {
        sum = await writeStream(fs.createReadStream(pathOfKey(store.root, key)), pathOfKey(dir, key));
      } catch (error) {
        // Removed between the listing and the copy (the nightly sweep, a discarded upload).
        if (error.code === "ENOENT") return void vanished++;
        throw error;
      }
      entries.push({ key, ...sum });
      step.add(sum.bytes);
    });
    step.end();
  } else {
    const { GetObjectCommand } = await import("@aws-sdk/client-s3");
    const client = await s3Client(store);
    try {
      const objects = await listObjects(client, store).catch((error) =>
        fail(`no se pudo listar el bucket ${store.bucket}: ${error.message}`),
      );
      const step = progress("objetos", objects.length);
      await eachLimit(objects, FILE_CONCURRENCY, async (object) => {
        let answer;
        try {
          answer = await client.send(new GetObjectCommand({ Bucket: store.bucket, Key: store.prefix + object.key }));
        } catch (error) {
          if (error.name === "NoSuchKey") return void vanished++;
          throw error;
        }
        const sum = await writeStream(answer.Body, pathOfKey(dir, object.key));
        entries.push({ key: object.key, ...sum, contentType: answer.ContentType });
        step.add(sum.bytes);
      });
      step.end();
    } finally {
      client.destroy();
    }
  }
  entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const bytes = entries.reduce((total, e) => total + e.bytes, 0);
  return { source: store.kind, from: store.describe, dir: "files", count: entries.length, bytes, vanished, entries };
}

/** Keeps the newest `keep` complete backups of the folder; removes the rest, and partial ones older than a day. */
async function prune(parent, keep) {
  const names = (await fsp.readdir(parent)).sort().reverse();
  const complete = names.filter((n) => STAMP.test(n) && fs.existsSync(path.join(parent, n, MANIFEST)));
  const removed = [];
  for (const name of complete.slice(keep)) {
    await fsp.rm(path.join(parent, name), { recursive: true, force: true });
    removed.push(name);
  }
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const name of names.filter((n) => n.endsWith(".partial") && STAMP.test(n.slice(0, -".partial".length)))) {
    const stat = await fsp.stat(path.join(parent, name));
    if (stat.mtimeMs < dayAgo) {
      await fsp.rm(path.join(parent, name), { recursive: true, force: true });
      removed.push(name);
    }
  }
  return removed;
}
