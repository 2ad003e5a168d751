/**
 * npm run db:seed                      wipes the app and simulator data of DATA_DIR's database (or DATABASE_URL),
 *                                      migrates and loads the demo data set.
 * npm run db:seed -- --scale=bench     builds the volume data set in its own database: ./data-bench by default
 *                                      (--data-dir=… or BENCH_DATA_DIR), so the demo database is left alone.
 * Options: --now=ISO-date (reproduce a data set exactly), --force (required to wipe a PostgreSQL database at
 * bench scale, or any PostgreSQL database when NODE_ENV=production), --orders=N (bench scale: N orders in
 * total instead of 100 000, to see whether a list's cost grows with the data; e.g. 1000000).
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    scale: { type: "string", default: "demo" },
    "data-dir": { type: "string" },
    now: { type: "string" },
    force: { type: "boolean", default: false },
    orders: { type: "string" },
    help: { type: "boolean", short: "h", default: false },
  },
  allowPositionals: false,
});

if (values.help) {
  console.log("Uso: npm run db:seed [-- --scale=demo|bench] [--orders=N] [--data-dir=DIR] [--now=FECHA_ISO] [--force]");
  process.exit(0);
}

const scale = values.scale;
if (scale !== "demo" && scale !== "bench") {
  console.error(`Escala desconocida: ${scale} (usa demo o bench)`);
  process.exit(2);
}
const orders = values.orders === undefined ? undefined : Number(values.orders);
if (orders !== undefined && (scale !== "bench" || !Number.isInteger(orders) || orders < 100_000 || orders > 5_000_000)) {
  console.error(`--orders va con --scale=bench y es un entero de 100000 a 5000000 (se recibió ${values.orders})`);
  process.exit(2);
}
const now = values.now ? new Date(values.now) : new Date();
if (Number.isNaN(now.getTime())) {
  console.error(`Fecha inválida en --now: ${values.now}`);
  process.exit(2);
}

if (scale === "bench") {
  // The volume data set never touches the demo database: its own directory, or its own URL.
  process.env.DATA_DIR = path.resolve(values["data-dir"] ?? process.env.BENCH_DATA_DIR ?? "data-bench");
  if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
} else if (values["data-dir"]) {
  process.env.DATA_DIR = path.resolve(values["data-dir"]);
}

const { getEnv } = await import("../../env");
const { openDatabase } = await import("../client");
const { migrate } = await import("../migrate");
const { STARTUP_LOCK_KEY } = await import("../startup");
const { wipeAll } = await import("./wipe");

const env = getEnv();
const started = Date.now();
const target = env.DATABASE_URL ? redact(env.DATABASE_URL) : path.join(env.DATA_DIR, "pgdata");

if (env.DATABASE_URL && !values.force && (scale === "bench" || env.NODE_ENV === "production")) {
  console.error(`Se borrarían todos los datos de ${target}. Repite con --force si es lo que quieres.`);
  process.exit(1);
}

if (!env.DATABASE_URL && scale === "bench") {
  // A fresh directory is faster than emptying one that held a previous bench data set.
  fs.rmSync(path.join(env.DATA_DIR, "pgdata"), { recursive: true, force: true });
}

console.log(`Base: ${target} (${env.DATABASE_URL ? "PostgreSQL" : "PGlite"}), escala ${scale}`);
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  // Under the start-up lock (decision 0041): a re-seed never runs beside an instance that is
  // migrating or seeding the same PostgreSQL database as it starts.
  const summary = await database.withLock(STARTUP_LOCK_KEY, async () => {
    await migrate(database);
    await wipeAll(database);
    if (scale === "bench") {
      const { seedBench } = await import("./bench");
      return seedBench(database, { now, brand: env.BRAND_NAME, orders, log: (line) => console.log(line) });
    } else {
      const { seedDemo } = await import("./demo");
      return seedDemo(database, { now, brand: env.BRAND_NAME });
    }
  });
  const tables = [
    "users",
    "products",
    "publications",
    "publication_variations",
    "orders",
    "questions",
    "conversations",
    "messages",
    "quotations",
    "pdv_sales",
    "audit_log",
    "canned_replies",
    "fast_answers",
    "settings",
  ];
  console.log("\nFilas:");
  for (const table of tables) {
    const [row] = await database.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    console.log(`  ${table.padEnd(24)} ${row.n.toLocaleString("es-MX")}`);
  }
  const [sim] = await database.query<{ n: number }>("select count(*)::int as n from information_schema.tables where table_schema = 'sim'");
  console.log(`\nSimulador: ${summary.simulator ? "estado generado" : "omitido"} (${sim.n} tablas en el esquema sim)`);
  console.log(`Listo en ${((Date.now() - started) / 1000).toFixed(1)} s (semilla ${(summary.ms / 1000).toFixed(1)} s).`);
  if (scale === "demo") console.log("Usuarios demo: admin@demo.mx, mlmanager@demo.mx, cajero@demo.mx… contraseña demo1234");
} finally {
  await database.close();
}

function redact(url: string) {
  try {
    const u = new URL(url);
    if (u.password) u.password = "****";
    return u.toString();
  } catch {
    return "DATABASE_URL";
  }
}
