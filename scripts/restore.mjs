// npm run restore -- <backup folder> [--force]
//
// Puts a backup made by scripts/backup.mjs back: first checks every sha256 of the backup and that the
// targets are empty (the database of DATABASE_URL has no tables, the files' store has no files),
// then `pg_restore --no-owner` in one transaction, the row count of every table against the
// manifest, and the files back to DATA_DIR/uploads or to the STORAGE_URL bucket, each read back and
// checked. Nothing is changed until every check has passed. docs/deploy.md, «Restore».
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  FORMAT,
  MANIFEST,
  USER_TABLES_SQL,
  countRows,
  describeDatabase,
  eachLimit,
  fail,
  formatBytes,
  formatCount,
  hashing,
  libpqTarget,
  listFiles,
  listObjects,
  log,
  pathOfKey,
  pgClient,
  progress,
  quoteIdent,
  runMain,
  runTool,
  s3Client,
  seconds,
  sha256File,
  storageFromEnv,
  toolMajor,
  writeStream,
} from "./backup-common.mjs";

const HELP = `Uso: npm run restore -- <carpeta del respaldo> [--force]

Restaura un respaldo de «npm run backup»: la base en la de DATABASE_URL (o la embebida en DATA_DIR
sin ella) y los archivos en DATA_DIR/uploads o en el bucket de STORAGE_URL. Comprueba antes los
sha256 del respaldo y que los destinos estén vacíos; después, las filas de cada tabla y cada archivo
escrito.

  --force      Restaura aunque la base o el almacenamiento de destino tengan datos: BORRA todas las
               tablas de la base de destino y sobrescribe los archivos con el mismo nombre
  -h, --help   Muestra esta ayuda`;

const FILE_CONCURRENCY = 4;
const TYPES = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  avif: "image/avif",
  svg: "image/svg+xml",
  pdf: "application/pdf",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv",
  txt: "text/plain",
  json: "application/json",
};

await runMain("La restauración", async (started) => {
  const { values, positionals } = parseArgs({
    options: { force: { type: "boolean", default: false }, help: { type: "boolean", short: "h", default: false } },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) return log(HELP);
  if (positionals.length !== 1) fail(`indica una carpeta de respaldo.\n\n${HELP}`);
  const force = values.force;
  const source = path.resolve(positionals[0]);
  const manifest = await readManifest(source);
  const env = process.env;
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const dataDir = path.resolve(env.DATA_DIR || "./data");
  const store = storageFromEnv(env);
  log(`Restauración de ${source} (respaldo del ${manifest.createdAt})`);

  // 1. The backup is whole: every sum of the manifest, before anything is touched.
  await verifyBackup(source, manifest);

  // 2. The targets are empty (or --force), and the tools can read the backup.
  let database;
  if (manifest.database.kind === "postgres") {
    if (!databaseUrl) fail("el respaldo es de PostgreSQL: define DATABASE_URL con la base de destino (nueva y vacía)");
    database = await checkPostgresTarget(databaseUrl, manifest, force);
  } else {
    if (databaseUrl) fail("el respaldo es de la base embebida (PGlite): restáuralo sin DATABASE_URL, en un DATA_DIR nuevo");
    database = await checkPgliteTarget(dataDir, force);
  }
  await checkFilesTarget(store, force);

  // 3. The database, then the files.
  if (manifest.database.kind === "postgres") await restorePostgres(databaseUrl, source, manifest, database);
  else await restorePglite(source, manifest, dataDir, database);
  const written = await restoreFiles(store, source, manifest);

  log("");
  log(`Restauración lista en ${seconds(started)}`);
  if (manifest.database.kind === "postgres") {
    log(
      `  base:     ${describeDatabase(databaseUrl)}, ${Object.keys(manifest.database.tables).length} tablas, ${formatCount(manifest.database.rows)} filas (iguales al respaldo)`,
    );
  } else {
    log(`  base:     embebida en ${path.join(dataDir, "pgdata")}`);
  }
  log(`  archivos: ${formatCount(written.count)} (${formatBytes(written.bytes)}) en ${store.describe}, sha256 comprobado`);
  log("Al arrancar, la app aplica las migraciones que falten (docs/deploy.md).");
});

async function readManifest(dir) {
  let manifest;
  try {
    manifest = JSON.parse(await fsp.readFile(path.join(dir, MANIFEST), "utf8"));
  } catch (error) {
    fail(`${dir} no es un respaldo completo (no se pudo leer ${MANIFEST}: ${error.code ?? error.message})`);
  }
  if (manifest.format !== FORMAT || manifest.version !== 1)
    fail(`${MANIFEST} no es de un respaldo de esta aplicación (formato ${manifest.format} ${manifest.version})`);
  return manifest;
}

/** Every file of the backup against its sha256 and size in the manifest. */
async function verifyBackup(dir, manifest) {
  log("▶ Comprobando el respaldo (sha256)");
  const items = [];
  if (manifest.database.kind === "postgres")
    items.push({ ...manifest.database, file: path.join(dir, manifest.database.file), label: manifest.database.file });
  else
    for (const f of manifest.database.files)
      items.push({ ...f, file: pathOfKey(path.join(dir, manifest.database.dir), f.key), label: `pglite/${f.key}` });
  for (const e of manifest.files.entries)
    items.push({ ...e, file: pathOfKey(path.join(dir, manifest.files.dir), e.key), label: `files/${e.key}` });
  const step = progress("comprobados", items.length);
  const bad = [];
  await eachLimit(items, FILE_CONCURRENCY, async (item) => {
    const sum = await sha256File(item.file).catch((error) => ({ missing: error.code ?? error.message }));
    if (sum.missing) bad.push(`${item.label}: falta (${sum.missing})`);
    else if (sum.sha256 !== item.sha256 || sum.bytes !== item.bytes) bad.push(`${item.label}: sha256 o tamaño distinto del manifiesto`);
    step.add(sum.bytes ?? 0);
  });
  step.end();
  if (bad.length)
    fail(
      `el respaldo está dañado; no se restauró nada:\n  ${bad.slice(0, 20).join("\n  ")}${bad.length > 20 ? `\n  … y ${bad.length - 20} más` : ""}`,
    );
}

async function checkPostgresTarget(databaseUrl, manifest, force) {
  const tool = await toolMajor("pg_restore");
  const dumpMajor = Number(/(\d+)/.exec(manifest.database.pgDump ?? "")?.[1] ?? 0);
  if (tool.major < dumpMajor) fail(`${tool.text} no lee un respaldo de pg_dump ${dumpMajor}: instala el cliente ${dumpMajor} o posterior`);
  const client = await pgClient(databaseUrl).catch((error) =>
    fail(`no se pudo conectar a ${describeDatabase(databaseUrl)}: ${error.message}`),
  );
  try {
    const { rows } = await client.query(USER_TABLES_SQL);
    const tables = rows.map((r) => `${r.schema}.${r.name}`);
    if (tables.length && !force) {
      fail(
        `la base de destino ${describeDatabase(databaseUrl)} no está vacía: tiene ${tables.length} tablas (${tables.slice(0, 5).join(", ")}${tables.length > 5 ? ", …" : ""}).\n` +
          "No se cambió nada. Restaura en una base nueva y vacía (createdb …), o repite con --force para BORRAR todo su contenido antes de restaurar.",
      );
    }
    const { rows: schemas } = await client.query(
      "select nspname as name from pg_namespace where nspname not in ('information_schema') and nspname not like 'pg\\_%' order by 1",
    );
    return { tables, schemas: schemas.map((s) => s.name), tool };
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function checkPgliteTarget(dataDir, force) {
  const target = path.join(dataDir, "pgdata");
  const present = fs.existsSync(target) && (await fsp.readdir(target)).length > 0;
  if (present && !force)
    fail(
      `ya hay una base embebida en ${target}. No se cambió nada. Restaura en un DATA_DIR nuevo, o repite con --force para reemplazarla.`,
    );
  return { target, present };
}

async function checkFilesTarget(store, force) {
  if (store.kind === "local") {
    const existing = await listFiles(store.root);
    if (existing.length && !force) {
      fail(
        `${store.root} ya tiene ${formatCount(existing.length)} archivos. No se cambió nada. Restaura en un DATA_DIR nuevo, o repite con --force para sobrescribir los del mismo nombre.`,
      );
    }
    return;
  }
  const client = await s3Client(store);
  try {
    const existing = await listObjects(client, store, { limit: 1 }).catch((error) =>
      fail(`no se pudo leer el bucket ${store.bucket}: ${error.name} ${error.message}`),
    );
    if (existing.length && !force) {
      fail(
        `el bucket ${store.describe} ya tiene objetos. No se cambió nada. Restaura en un bucket (o prefijo) vacío, o repite con --force para sobrescribir los del mismo nombre.`,
      );
    }
  } finally {
    client.destroy();
  }
}

async function restorePostgres(databaseUrl, dir, manifest, target) {
  log(`▶ Base de datos: ${describeDatabase(databaseUrl)} (${target.tool.text})`);
  if (target.tables.length) {
    // --force: the target becomes the backup, nothing of it is left (a table it has and the backup does not would stop the migrations).
    const client = await pgClient(databaseUrl);
    try {
      log(`  --force: se borran los esquemas ${target.schemas.join(", ")} (${target.tables.length} tablas)`);
      await client.query("begin");
      for (const schema of target.schemas) await client.query(`drop schema ${quoteIdent(schema)} cascade`);
      await client.query("create schema public");
      await client.query("commit");
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  const libpq = libpqTarget(databaseUrl);
  const began = Date.now();
  const ticker = setInterval(() => log(`  pg_restore: ${seconds(began)}…`), 5000);
  try {
    // One transaction: a restore that fails leaves the database as empty as it was.
    await runTool(
      "pg_restore",
      [
        "--no-owner",
        "--no-acl",
        "--single-transaction",
        "--exit-on-error",
        `--dbname=${libpq.dbname}`,
        path.join(dir, manifest.database.file),
      ],
      {
        env: libpq.env,
      },
    );
  } finally {
    clearInterval(ticker);
  }
  log(`  pg_restore: listo en ${seconds(began)}`);

  // Every table, row for row as many as the backup's snapshot held.
  const client = await pgClient(databaseUrl);
  try {
    const counts = await countRows(client);
    const expected = manifest.database.tables;
    const problems = [];
    for (const [table, n] of Object.entries(expected)) {
      if (!(table in counts)) problems.push(`${table}: falta (el respaldo tenía ${n} filas)`);
      else if (counts[table] !== n) problems.push(`${table}: ${counts[table]} filas, el respaldo tenía ${n}`);
    }
    for (const table of Object.keys(counts)) if (!(table in expected)) problems.push(`${table}: no está en el respaldo`);
    if (problems.length) fail(`la base restaurada no es igual al respaldo:\n  ${problems.join("\n  ")}`);
    log(
      `  ${Object.keys(counts).length} tablas, ${formatCount(Object.values(counts).reduce((a, b) => a + b, 0))} filas: iguales al respaldo`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function restorePglite(dir, manifest, dataDir, target) {
  log(`▶ Base embebida (PGlite): ${target.target}`);
  if (target.present) {
    log("  --force: se reemplaza la base embebida existente");
    await fsp.rm(target.target, { recursive: true, force: true });
  }
  // PostgreSQL will not start without its empty folders (pg_tblspc, pg_twophase…).
  for (const d of manifest.database.dirs) await fsp.mkdir(pathOfKey(dataDir, d), { recursive: true });
  const step = progress("base embebida", manifest.database.files.length);
  for (const f of manifest.database.files) {
    const to = pathOfKey(dataDir, f.key);
    await writeStream(fs.createReadStream(pathOfKey(path.join(dir, manifest.database.dir), f.key)), to);
    const sum = await sha256File(to);
    if (sum.sha256 !== f.sha256) fail(`${to}: lo escrito no coincide con el respaldo (sha256)`);
    step.add(sum.bytes);
  }
  step.end();
}

async function restoreFiles(store, dir, manifest) {
  const entries = manifest.files.entries;
  log(`▶ Archivos: ${formatCount(entries.length)} a ${store.describe}`);
  const from = (key) => pathOfKey(path.join(dir, manifest.files.dir), key);
  const step = progress("archivos", entries.length);
  if (store.kind === "local") {
    await eachLimit(entries, FILE_CONCURRENCY, async (entry) => {
      const to = pathOfKey(store.root, entry.key);
      await writeStream(fs.createReadStream(from(entry.key)), to);
      const sum = await sha256File(to);
      if (sum.sha256 !== entry.sha256) fail(`${to}: lo escrito no coincide con el respaldo (sha256)`);
      step.add(sum.bytes);
    });
    return step.end();
  }
  const { GetObjectCommand, PutObjectCommand } = await import("@aws-sdk/client-s3");
  const client = await s3Client(store);
  try {
    await eachLimit(entries, FILE_CONCURRENCY, async (entry) => {
      const Key = store.prefix + entry.key;
      const type = entry.contentType ?? TYPES[path.extname(entry.key).slice(1).toLowerCase()] ?? "application/octet-stream";
      await client.send(
        new PutObjectCommand({
          Bucket: store.bucket,
          Key,
          Body: fs.createReadStream(from(entry.key)),
          ContentLength: entry.bytes,
          ContentType: type,
        }),
      );
      // Read back: what the bucket gives is what the backup holds.
      const answer = await client.send(new GetObjectCommand({ Bucket: store.bucket, Key }));
      const h = hashing();
      for await (const chunk of answer.Body.pipe(h.stream)) void chunk;
      const sum = h.result();
      if (sum.sha256 !== entry.sha256) fail(`s3://${store.bucket}/${Key}: lo guardado no coincide con el respaldo (sha256)`);
      step.add(sum.bytes);
    });
  } finally {
    client.destroy();
  }
  return step.end();
}
