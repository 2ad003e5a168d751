/**
 * npm run bench — seeds the bench-scale database once (cached in ./data-bench), starts the built app
 * in this process, and for every list prints one JSON line:
 *   {"route","query","p50_ms","p95_ms","sql_ms","ratio"}
 * p50/p95: full HTML document over HTTP, signed in as Admin. sql_ms: median of the same SQL run raw on
 * the same database handle in the same run. ratio = p50_ms / sql_ms. Then PDF cold/warm lines.
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { AddressInfo } from "node:net";

const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? "data-bench");
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = "production";
process.env.DEMO_MODE = "true";
process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);

const { getEnv } = await import("../server/env");
const { openDatabase, setDatabase } = await import("../server/db/client");
const { migrate } = await import("../server/db/migrate");
const { createApp } = await import("../server/app");
const { renderPdf, closePdfBrowser } = await import("../server/documents/pdf.server");
const { LISTS } = await import("./lists");
const { percentile, round, timeMany } = await import("./stats");

const env = getEnv();
// Always measure the current code: a stale build would time screens that no longer exist as they were.
if (process.env.BENCH_SKIP_BUILD !== "1" || !fs.existsSync("build/server/index.js")) execSync("npm run build", { stdio: "ignore" });

const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
setDatabase(database);
await migrate(database);
const [{ n }] = await database.query<{ n: number }>("select count(*)::int as n from orders");
if (n < 100_000) {
  const t = Date.now();
  console.error(`Preparando la base de volumen en ${dataDir} (una sola vez)…`);
  const { seedBench } = await import("../server/db/seed/bench");
  await seedBench(database);
  console.error(`Base de volumen lista en ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

const app = await createApp({ isDev: false });
const server = app.listen(0);
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const login = await fetch(`${base}/login`, {
  method: "POST",
  body: new URLSearchParams({ email: "admin@demo.mx", password: "demo1234" }),
  redirect: "manual",
});
const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
if (login.status !== 302 || !cookie) throw new Error(`No se pudo iniciar sesión en la base de volumen (${login.status})`);

// BENCH_ONLY=/questions,/messages measures just those routes (while working on one screen).
const only = (process.env.BENCH_ONLY ?? "").split(",").filter(Boolean);
for (const list of LISTS.filter((l) => !only.length || only.includes(l.route))) {
  const url = `${base}${list.route}${list.query ? `?${list.query}` : ""}`;
  const get = async () => {
    const res = await fetch(url, { headers: list.anonymous ? {} : { cookie }, redirect: "manual" });
    if (res.status !== 200) throw new Error(`${list.route}?${list.query} respondió ${res.status}`);
    await res.text();
  };
  await timeMany(15, get);
  const doc = await timeMany(ROUNDS, get);
  let sqlMs: number | null = null;
  if (list.sql) {
    const run = () => database.query(list.sql!, list.params ?? []);
    await timeMany(3, run);
    sqlMs = percentile(await timeMany(ROUNDS, run), 50);
  }
  const p50 = percentile(doc, 50);
  console.log(
    JSON.stringify({
      route: list.route,
      query: list.query,
      p50_ms: round(p50),
      p95_ms: round(percentile(doc, 95)),
      sql_ms: sqlMs === null ? null : round(sqlMs),
      ratio: sqlMs ? round(p50 / sqlMs) : null,
    }),
  );
}

// PDFs: the first render launches Chromium (cold); the next ones reuse it (warm).
const html = `<!doctype html><html lang="es"><body style="font-family:sans-serif"><h1>Cotización de prueba</h1>${"<p>Cable THW calibre 12, 100 m — $1,234.00</p>".repeat(40)}</body></html>`;
try {
  const [cold] = await timeMany(1, () => renderPdf(html));
  const warm = await timeMany(10, () => renderPdf(html));
  console.log(JSON.stringify({ route: "pdf", query: "cold", p50_ms: round(cold), p95_ms: round(cold), sql_ms: null, ratio: null }));
  console.log(JSON.stringify({ route: "pdf", query: "warm", p50_ms: round(percentile(warm, 50)), p95_ms: round(percentile(warm, 95)), sql_ms: null, ratio: null }));
} catch (error) {
  console.error(`PDF no medido: ${(error as Error).message}`);
}

await closePdfBrowser();
server.close();
await database.close();
process.exit(0);
