/**
 * npm run load — a working day compressed: LOAD_READERS staff reading lists and LOAD_WRITERS staff
 * editing orders, each making one request every THINK_MS on average (exponential think time), for
 * LOAD_MINUTES, against the built app as its own process on the bench-scale database.
 *
 * Defaults: 50 readers + 10 writers, 2 s think time, 10 minutes → about 30 requests/s offered.
 * Beside them, the online shop: LOAD_SHOP_RPS anonymous requests a second (default 200) to
 * /api/shop/v1, an open loop (sent at that rate whatever the answers' speed) of lists, searches,
 * details and conditional requests with an ETag already held (bench/lists/shop-api.ts). Staff and
 * shop figures are reported apart; the target is the staff's p95.
 * Then the saturation point: clients with no think time, doubled every LOAD_STEP_S seconds until the
 * throughput stops growing.
 *
 * No lost update: the writers share a few orders on purpose. Each save carries the version it read;
 * the app either accepts it (the version goes up by one) or refuses it as stale. At the end, every
 * order's version must have gone up by exactly the number of saves the app acknowledged.
 *
 * PGlite by default (BENCH_DATA_DIR, ./data-bench); PostgreSQL with LOAD_DATABASE_URL. Each instance of
 * the app runs as LOAD_WEB_CONCURRENCY server processes (WEB_CONCURRENCY, default 1); LOAD_INSTANCES=2
 * runs two instances on the one database, each with a DATA_DIR of its own and one SESSION_SECRET, and
 * splits the staff and the shop between them (as a load balancer would): the no-lost-update check then
 * covers saves racing across instances. More than one process or instance needs LOAD_DATABASE_URL
 * (the server refuses several processes on the embedded database).
 * Exit 1 when the staff's p95 > 300 ms, when any request failed (a shop answer other than 200/304, or
 * a 503 shed with Retry-After past 1 % of the shop's requests) (5xx, network, a reader's non-200) or when an
 * acknowledged update is missing.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { execSync } from "node:child_process";
import { openBenchDatabase } from "./bench-database";
import { closeAgent, request, signIn } from "./http";
import { LISTS } from "./lists";
import { startServer } from "./server-process";
import { percentile, round } from "./stats";
import { formFields } from "./form-fields";
import { cleanFeedOrders, seedUpstreamOrders } from "./feed";
import { pickShopTargets, shopRequest, type ShopTargets, type ShopTrafficKind } from "./lists/shop-api";

const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? "data-bench");
const databaseUrl = process.env.LOAD_DATABASE_URL ?? "";
const WEB_CONCURRENCY = process.env.LOAD_WEB_CONCURRENCY ?? process.env.WEB_CONCURRENCY ?? "1";
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const MINUTES = Number(process.env.LOAD_MINUTES ?? 10);
const READERS = Number(process.env.LOAD_READERS ?? 50);
const WRITERS = Number(process.env.LOAD_WRITERS ?? 10);
const THINK_MS = Number(process.env.THINK_MS ?? 2000);
const STEP_S = Number(process.env.LOAD_STEP_S ?? 20);
const SHARED_ORDERS = 5;
const P95_TARGET_MS = 300;
const FEED_ORDERS = Number(process.env.LOAD_FEED_ORDERS ?? 10_000);
const SHOP_RPS = Number(process.env.LOAD_SHOP_RPS ?? 200);
const INSTANCES = Math.max(1, Math.floor(Number(process.env.LOAD_INSTANCES ?? 1)));
if (INSTANCES > 1 && !databaseUrl) {
  console.error("LOAD_INSTANCES > 1 necesita PostgreSQL (LOAD_DATABASE_URL): la base embebida pertenece a un solo proceso.");
  process.exit(2);
}

process.env.DATA_DIR = dataDir;
process.env.DATABASE_URL = databaseUrl;
const print = (line: Record<string, unknown>) => console.log(JSON.stringify(line));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const think = () => sleep(-Math.log(1 - Math.random()) * THINK_MS);

if (process.env.BENCH_SKIP_BUILD !== "1" || !fs.existsSync(path.join(buildDir, "server/index.js"))) {
  execSync("npm run build", { stdio: "ignore", env: { ...process.env, BUILD_DIR: path.relative(process.cwd(), buildDir) } });
}

// The orders the writers fight over, and their versions before the run.
let database = await openBenchDatabase({ databaseUrl, dataDir });
// A run stopped halfway may have left the feed's orders behind: gone before the writers pick theirs.
await cleanFeedOrders(database, Math.max(FEED_ORDERS, 10_000));
const shared = await database.query<{ id: string; version: number }>(
  "select id::text as id, version from orders where status <> 'cancelled' order by order_date desc nulls last, id desc limit $1",
  [SHARED_ORDERS],
);
const before = new Map(shared.map((o) => [o.id, o.version]));
// Feeds running beside the staff: LOAD_FEED_ORDERS new orders wait upstream and the orders feed,
// run by the app's own job runner every few seconds, brings them in during the run.
if (FEED_ORDERS > 0) await seedUpstreamOrders(database, FEED_ORDERS);
// The shop asks for real records: enabled products, visible posts, categories and brands in use.
const shopTargets: ShopTargets | null = SHOP_RPS > 0 ? await pickShopTargets(database) : null;
await database.close();

const readerUrls = LISTS.filter((l) => !l.anonymous).map((l) => `${l.route}${l.query ? `?${l.query}` : ""}`);
// Every request comes from this one address: the shop API's per-address limit (SHOP_RATE_LIMIT,
// 600 a minute) would answer 429 to a measurement, so it is set at its highest here.
const sessionSecret = crypto.randomBytes(24).toString("base64url");
const apps = await Promise.all(
  Array.from({ length: INSTANCES }, (_, k) =>
    startServer({
      DATA_DIR: k === 0 ? dataDir : `${dataDir}-instancia-${k + 1}`,
      DATABASE_URL: databaseUrl,
      DEMO_MODE: "true",
      BUILD_DIR: path.relative(process.cwd(), buildDir),
      SHOP_RATE_LIMIT: "1000000",
      FEED_INTERVAL_MS: FEED_ORDERS > 0 ? "5000" : "0",
      WEB_CONCURRENCY,
      // Several instances share one secret, or a cookie made by one would be refused by another.
      ...(INSTANCES > 1 ? { SESSION_SECRET: sessionSecret } : {}),
    }),
  ),
);
type App = (typeof apps)[number];
/** The instance of a staff member (fixed, as a balancer's sticky choice would be) or of the next shop request. */
const appOf = (index: number): App => apps[index % apps.length];
let shopTurn = 0;

type Sample = { kind: "read" | "write" | "shop"; ms: number; at: number; shop?: ShopTrafficKind };
const samples: Sample[] = [];
const errors: string[] = [];
const acks = new Map<string, number>();
let refusedStale = 0;

async function timedCall(kind: Sample["kind"], fn: () => Promise<void>) {
  const t = performance.now();
  try {
    await fn();
  } catch (error) {
    errors.push((error as Error).message);
  }
  samples.push({ kind, ms: performance.now() - t, at: Date.now() });
}

async function readOnce(app: App, cookie: string) {
  const url = readerUrls[Math.floor(Math.random() * readerUrls.length)];
  await timedCall("read", async () => {
    const res = await request(`${app.base}${url}`, { cookie });
    if (res.status !== 200) throw new Error(`${url} respondió ${res.status}`);
  });
}

/** Reads the order's dialog, then saves it with a new comment and the version it read. */
async function writeOnce(app: App, cookie: string, writer: number, n: number) {
  const id = shared[Math.floor(Math.random() * shared.length)].id;
  let fields: Record<string, string> | null = null;
  await timedCall("read", async () => {
    const page = await request(`${app.base}/orders/${id}`, { cookie, readBody: true });
    if (page.status !== 200) throw new Error(`/orders/${id} respondió ${page.status}`);
    fields = formFields(page.body ?? "", "save");
    if (!fields) throw new Error(`/orders/${id}: sin formulario de edición`);
  });
  if (!fields) return;
  const body = new URLSearchParams({
    ...(fields as Record<string, string>),
    intent: "save",
    comments: `Carga ${writer}-${n} ${Date.now()}`,
  }).toString();
  await timedCall("write", async () => {
    const res = await request(`${app.base}/orders/${id}`, { cookie, method: "POST", body, headers: { origin: app.base } });
    // A stale version is refused with 409 and the form shown again (one save path, decision 0026).
    if (res.status === 409) {
      refusedStale++;
      return;
    }
    if (res.status !== 302) throw new Error(`POST /orders/${id} respondió ${res.status}`);
    // A save redirects to the order with a success toast.
    const variant = toastVariant(res.setCookie);
    if (variant === "success") acks.set(id, (acks.get(id) ?? 0) + 1);
    else if (variant === "warning") refusedStale++;
    else throw new Error(`POST /orders/${id}: aviso inesperado (${variant ?? "ninguno"})`);
  });
}

/** The variant of the flash toast a redirect carries (the signed cookie's payload is base64 JSON). */
function toastVariant(setCookie: string[] | undefined): string | undefined {
  const raw = setCookie
    ?.find((c) => c.startsWith("bo_toast="))
    ?.split(";")[0]
    .slice("bo_toast=".length);
  if (!raw) return undefined;
  const value = decodeURIComponent(raw);
  const payload = value.slice(0, value.lastIndexOf("."));
  try {
    const json = Buffer.from(payload, "base64").toString("utf8");
    return json.match(/"variant":"(\w+)"/)?.[1];
  } catch {
    return undefined;
  }
}

async function staff(kind: "reader" | "writer", index: number, until: number) {
  // Writers alternate between instances, so saves of one order race across them.
  const app = appOf(kind === "writer" ? index : index + 1);
  const cookie = await signIn(app.base);
  await sleep(Math.random() * THINK_MS);
  for (let n = 0; Date.now() < until; n++) {
    if (kind === "reader") await readOnce(app, cookie);
    else await writeOnce(app, cookie, index, n);
    await think();
  }
}

// ── The shop: an open loop of anonymous requests at SHOP_RPS ───────────────────────────────────────
/** ETags the shop already holds, by path (a CDN's or a browser's cache), for its conditional requests. */
const held = new Map<string, string>();
let shopNotModified = 0;
/** 503 with Retry-After: the server shed the request (too many shop requests waiting for the database, server/shop-api/work-limit.ts). */
let shopShed = 0;
/**
 * The share of the shop's requests that may be shed before the run fails: the work limit sheds on
 * purpose while the feed's first ingest and a cold start compete for the database (0.3 % in the
 * first half-minute of a measured run), and a shed request is retried, not lost.
 */
const SHOP_SHED_MAX_SHARE = 0.01;

async function shopOnce(targets: ShopTargets) {
  const { kind, path, etag } = shopRequest(targets, held);
  const app = appOf(shopTurn++);
  const t = performance.now();
  try {
    // fetch has its own connection pool: the shop's requests never queue behind the staff's sockets.
    const res = await fetch(`${app.base}${path}`, { headers: { "accept-encoding": "gzip", ...(etag ? { "if-none-match": etag } : {}) } });
    await res.arrayBuffer();
    const tag = res.headers.get("etag");
    if (res.status === 200 && tag && (held.size < 5000 || held.has(path))) held.set(path, tag);
    if (res.status === 304) shopNotModified++;
    else if (res.status === 503 && res.headers.get("retry-after")) {
      // Shed on purpose (the work limit): the shop, or the CDN in front of it, retries after the
      // header's seconds. Counted apart; past SHOP_SHED_MAX_SHARE of the shop's requests it fails the run.
      shopShed++;
    } else if (res.status !== 200) throw new Error(`${path} respondió ${res.status}`);
  } catch (error) {
    errors.push(`tienda: ${(error as Error).message}`);
  }
  samples.push({ kind: "shop", shop: kind, ms: performance.now() - t, at: Date.now() });
}

/** At most this many shop requests waiting at once; one more is counted as an error, not sent. */
const SHOP_IN_FLIGHT_MAX = 256;
let shopNotSent = 0;

/** Requests sent at SHOP_RPS on average (exponential gaps), whatever the answers' speed, until `until`. */
async function shopTraffic(targets: ShopTargets, until: number) {
  const inFlight = new Set<Promise<void>>();
  let next = performance.now();
  while (Date.now() < until) {
    while (next <= performance.now()) {
      next += (-Math.log(1 - Math.random()) * 1000) / SHOP_RPS;
      if (inFlight.size >= SHOP_IN_FLIGHT_MAX) {
        shopNotSent++;
        if (shopNotSent === 1)
          errors.push(`tienda: más de ${SHOP_IN_FLIGHT_MAX} solicitudes esperando respuesta (el servidor no sigue el ritmo)`);
        continue;
      }
      const sent: Promise<void> = shopOnce(targets).finally(() => inFlight.delete(sent));
      inFlight.add(sent);
    }
    await sleep(Math.max(1, Math.min(20, next - performance.now())));
  }
  await Promise.all(inFlight);
}

function summary(label: string, rows: Sample[], seconds: number) {
  const ms = rows.map((r) => r.ms);
  return {
    label,
    requests: rows.length,
    rps: round(rows.length / seconds),
    p50_ms: round(percentile(ms, 50)),
    p95_ms: round(percentile(ms, 95)),
    p99_ms: round(percentile(ms, 99)),
  };
}

let failed = false;
try {
  // ── The working day ───────────────────────────────────────────────────────────────────────────────
  const started = Date.now();
  const until = started + MINUTES * 60_000;
  const progress = setInterval(() => {
    const recent = samples.filter((s) => s.at > Date.now() - 30_000);
    const staffRecent = recent.filter((s) => s.kind !== "shop");
    const shopRecent = recent.filter((s) => s.kind === "shop");
    console.error(
      `${Math.round((Date.now() - started) / 1000)} s · personal ${round(staffRecent.length / 30)} req/s, p95 ${round(
        percentile(
          staffRecent.map((s) => s.ms),
          95,
        ),
      )} ms` +
        ` · tienda ${round(shopRecent.length / 30)} req/s, p95 ${round(
          percentile(
            shopRecent.map((s) => s.ms),
            95,
          ),
        )} ms · errores ${errors.length}`,
    );
  }, 30_000);
  await Promise.all([
    ...Array.from({ length: READERS }, (_, i) => staff("reader", i, until)),
    ...Array.from({ length: WRITERS }, (_, i) => staff("writer", i, until)),
    ...(shopTargets ? [shopTraffic(shopTargets, until)] : []),
  ]);
  clearInterval(progress);
  const seconds = (Date.now() - started) / 1000;
  const staffSamples = samples.filter((s) => s.kind !== "shop");
  const shopSamples = samples.filter((s) => s.kind === "shop");
  const all = summary("personal", staffSamples, seconds);
  print({
    database: databaseUrl ? "postgresql" : "pglite",
    instances: INSTANCES,
    web_concurrency: Number(WEB_CONCURRENCY),
    minutes: MINUTES,
    readers: READERS,
    writers: WRITERS,
    think_ms: THINK_MS,
    offered_rps: round((READERS + WRITERS * 2) / (THINK_MS / 1000)),
    shop_rps: SHOP_RPS,
  });
  print({ ...all, p95_target_ms: P95_TARGET_MS, within_target: all.p95_ms <= P95_TARGET_MS });
  print(
    summary(
      "lecturas",
      samples.filter((s) => s.kind === "read"),
      seconds,
    ),
  );
  print(
    summary(
      "escrituras",
      samples.filter((s) => s.kind === "write"),
      seconds,
    ),
  );
  if (shopSamples.length) {
    print({ ...summary("tienda", shopSamples, seconds), not_modified: shopNotModified, shed_503: shopShed, not_sent: shopNotSent });
    for (const kind of ["lista", "búsqueda", "detalle", "304"] as const)
      print(
        summary(
          `tienda ${kind}`,
          shopSamples.filter((s) => s.shop === kind),
          seconds,
        ),
      );
  }
  print({ label: "errores", count: errors.length, first: [...new Set(errors)].slice(0, 5) });
  print({ label: "guardados", acknowledged: [...acks.values()].reduce((a, b) => a + b, 0), refused_stale: refusedStale });
  const shedShare = shopSamples.length ? shopShed / shopSamples.length : 0;
  if (shedShare > SHOP_SHED_MAX_SHARE) {
    print({
      label: "tienda: demasiadas solicitudes rechazadas por saturación",
      shed_503: shopShed,
      share: round(shedShare * 100) / 100,
      max_share: SHOP_SHED_MAX_SHARE,
    });
    failed = true;
  }
  if (all.p95_ms > P95_TARGET_MS || errors.length) failed = true;

  // ── Saturation: no think time, clients doubled until the throughput stops growing ────────────────
  const cookies = await Promise.all(apps.map((app) => signIn(app.base)));
  let best = 0;
  for (let clients = 1; clients <= 64; clients *= 2) {
    const step: Sample[] = [];
    const stepUntil = Date.now() + STEP_S * 1000;
    const t0 = Date.now();
    await Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        const app = appOf(client);
        const cookie = cookies[client % cookies.length];
        while (Date.now() < stepUntil) {
          const url = readerUrls[Math.floor(Math.random() * readerUrls.length)];
          const t = performance.now();
          const res = await request(`${app.base}${url}`, { cookie }).catch(() => ({ status: 0 }));
          step.push({ kind: "read", ms: performance.now() - t, at: Date.now() });
          if (res.status !== 200) errors.push(`saturación: ${url} respondió ${res.status}`);
        }
      }),
    );
    const line = summary(`saturación ${clients} clientes`, step, (Date.now() - t0) / 1000);
    print(line);
    if (line.rps < best * 1.1) {
      print({ label: "punto de saturación", clients: clients / 2, rps: best });
      break;
    }
    best = Math.max(best, line.rps);
  }
} finally {
  await Promise.all(apps.map((app) => app.stop()));
  closeAgent();
}

// ── No lost update ──────────────────────────────────────────────────────────────────────────────────
database = await openBenchDatabase({ databaseUrl, dataDir });
if (FEED_ORDERS > 0) {
  const [feed] = await database.query<{ total_rows: string; status: string; last_error: string | null; runs_ms: number | null }>(
    "select total_rows, status, last_error, last_duration_ms as runs_ms from feed_state where name = 'orders-main'",
  );
  const [firstLast] = await database.query<{ first: Date | null; last: Date | null }>(
    "select min(created_at) as first, max(created_at) as last from orders where id between 9700000001 and $1",
    [9_700_000_000 + FEED_ORDERS],
  );
  const span = firstLast?.first && firstLast.last ? new Date(firstLast.last).getTime() - new Date(firstLast.first).getTime() : null;
  print({
    label: "feed durante la carga",
    orders: FEED_ORDERS,
    applied: Number(feed?.total_rows ?? 0),
    status: feed?.status ?? "sin ejecutar",
    ingest_ms: span,
    error: feed?.last_error ?? null,
  });
  if (Number(feed?.total_rows ?? 0) !== FEED_ORDERS) failed = true;
  await cleanFeedOrders(database, FEED_ORDERS);
}
const after = await database.query<{ id: string; version: number }>("select id::text as id, version from orders where id::text = any($1)", [
  shared.map((o) => o.id),
]);
await database.close();
for (const o of after) {
  const expected = (before.get(o.id) ?? 0) + (acks.get(o.id) ?? 0);
  if (o.version !== expected) {
    failed = true;
    print({ label: "actualización perdida", order: o.id, version: o.version, expected });
  }
}
print({
  label: "actualizaciones perdidas",
  count: after.filter((o) => o.version !== (before.get(o.id) ?? 0) + (acks.get(o.id) ?? 0)).length,
});
process.exit(failed ? 1 : 0);
