/**
 * npm run bench — measures what users wait for, over HTTP, against the built app running as its own
 * process on the bench-scale database (seeded once into ./data-bench on a fresh run).
 *
 * 1. In this process: the SQL of every list line — the statements its loader runs, built by the
 *    loader's own builders (median of ROUNDS runs) — and the floor, a bare Node handler serving the
 *    orders page-1 query over HTTP.
 * 2. Then the app starts as a separate process on the same database; the bench signs in through /login
 *    (as Developer, who may open every screen) and times every list, dialog and download at 1 client and at 10 concurrent clients.
 * 3. Once the app has stopped, each list document's floor (bench/document-floor.ts): its served HTML as
 *    React elements, rendered and gzipped after the list's statements, at 1 and 10 clients, beside the
 *    document's own figures.
 * Lines with a time budget (bench/budgets.ts): forged posts over HTTP, a 64-megapixel image and the
 * demo seed in this process; a p95 over its budget fails the run.
 * One JSON line per measurement; any answer other than 200 (304 on a conditional line) fails the run
 * (exit 1), none is skipped. BENCH_PROFILE=/orders takes a CPU profile of that document instead
 * (bench/cpu-profile.ts).
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { DOCUMENTS } from "./documents";
import { measureFeedIngest } from "./feed";
import { FORGED_POSTS, measureDemoSeed, measureImageRefusal, type BudgetLine } from "./budgets";
import { startFloor } from "./floor";
import { FLOOR_TARGET, floorVerdict, measureDocumentFloors, type FloorPage } from "./document-floor";
import { profileDocument } from "./cpu-profile";
import { openBenchDatabase } from "./bench-database";
import { closeAgent, measure, request, signIn, type Timing } from "./http";
import { LISTS } from "./lists";
import { PDV_FLOWS, pickTill, type TillHttp, type TillIds } from "./lists/pdv";
import { startServer } from "./server-process";
import { median, percentile, round, timeMany } from "./stats";
import { jsWeights } from "./weight";

const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? "data-bench");
const databaseUrl = process.env.BENCH_DATABASE_URL ?? "";
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const CLIENTS = 10;
const DOCUMENT_ROUNDS = Number(process.env.BENCH_DOCUMENT_ROUNDS ?? 10);
const only = (process.env.BENCH_ONLY ?? "").split(",").filter(Boolean);
const chosen = <T extends { route: string }>(rows: T[]) => rows.filter((r) => !only.length || only.some((o) => r.route.startsWith(o)));

process.env.DATA_DIR = dataDir;
process.env.DATABASE_URL = databaseUrl;
process.env.DEMO_MODE = "true";

const failures: string[] = [];
const print = (line: Record<string, unknown>) => console.log(JSON.stringify(line));

// Always measure the current code: a stale build would time screens that no longer exist as they were.
if (process.env.BENCH_SKIP_BUILD !== "1" || !fs.existsSync(path.join(buildDir, "server/index.js"))) {
  execSync("npm run build", { stdio: "ignore", env: { ...process.env, BUILD_DIR: path.relative(process.cwd(), buildDir) } });
}

// A CPU profile of one signed-in document instead of the measurements (BENCH_PROFILE=/orders).
if (process.env.BENCH_PROFILE) {
  await profileDocument({
    target: process.env.BENCH_PROFILE,
    requests: Number(process.env.BENCH_PROFILE_REQUESTS ?? 300),
    databaseUrl,
    dataDir,
    buildDir,
  });
  process.exit(0);
}

// ── 1. The database alone ──────────────────────────────────────────────────────────────────────────
const database = await openBenchDatabase({ databaseUrl, dataDir });

const lists = chosen(LISTS);
const sqlMs = new Map<number, number>();
// Each line's statements as the loader sends them, for its document floor; a line without SQL has none.
const statements = new Map<number, FloorPage["statements"]>();
for (const [i, list] of lists.entries()) {
  if (!list.sql) {
    statements.set(i, []);
    continue;
  }
  try {
    const more = typeof list.also === "function" ? await list.also(database) : (list.also ?? []);
    statements.set(i, [{ sql: list.sql, params: list.params ?? [] }, ...more]);
    // The loader's statements one after the other, as it sends them.
    const run = async () => {
      await database.query(list.sql!, list.params ?? []);
      for (const s of more) await database.query(s.sql, s.params);
    };
    await timeMany(3, run);
    sqlMs.set(i, percentile(await timeMany(ROUNDS, run), 50));
  } catch (error) {
    failures.push(`SQL de ${list.route}?${list.query}: ${(error as Error).message}`);
  }
}

const documents: { label: string; path: string; body?: string }[] = [];
for (const doc of chosen(DOCUMENTS)) {
  try {
    const p = doc.pick ? await doc.pick(database) : doc.route;
    documents.push({ label: doc.label ?? doc.route, path: p, body: doc.post ? await doc.post(database) : undefined });
  } catch (error) {
    failures.push(`${doc.route}: ${(error as Error).message}`);
  }
}

// Detail lines hit a real record: their paths are read before the app starts, as the documents' are.
const picked = new Map<number, string>();
for (const [i, list] of lists.entries()) {
  if (!list.pick) continue;
  try {
    picked.set(i, await list.pick(database));
  } catch (error) {
    failures.push(`${list.route}: ${(error as Error).message}`);
  }
}

// The till's steps need the bench user's open box and a product to scan, read before the app starts.
const flows = chosen(PDV_FLOWS);
let till: TillIds | null = null;
if (flows.length) {
  try {
    till = await pickTill(database);
  } catch (error) {
    failures.push(`/pdv: ${(error as Error).message}`);
  }
}

// The orders feed: 10,000 new orders upstream, read, checked and applied (issue 28's target: ≤ 60 s).
if (!only.length || only.some((o) => "feed".startsWith(o))) {
  try {
    const feed = await measureFeedIngest(database);
    print({ route: "feed orders-main", query: "10000 pedidos nuevos", ...feed, within_60s: feed.ms <= 60_000 });
    if (feed.rows !== 10_000 || feed.status !== "ok") failures.push(`feed orders-main: ${feed.rows} filas, estado ${feed.status}`);
  } catch (error) {
    failures.push(`feed orders-main: ${(error as Error).message}`);
  }
}

// Lines with a time budget (bench/budgets.ts): in this process, then the forged posts over HTTP.
const overBudget = (label: string, p95: number, withinMs: number, error?: string) =>
  failures.push(`${label}: p95 ${p95} ms (presupuesto ${withinMs} ms)${error ? `, ${error}` : ""}`);
const budgeted = (line: BudgetLine) => {
  print({
    route: line.label,
    query: "",
    p50_ms: line.p50_ms,
    p95_ms: line.p95_ms,
    within_ms: line.within_ms,
    within: line.within,
    ...(line.error ? { error: line.error } : {}),
  });
  if (!line.within) overBudget(line.label, line.p95_ms, line.within_ms, line.error);
};
if (!only.length || only.some((o) => "budgets".startsWith(o))) {
  for (const measureLine of [() => measureImageRefusal(database), measureDemoSeed]) {
    try {
      budgeted(await measureLine());
    } catch (error) {
      failures.push(`presupuesto: ${(error as Error).message}`);
    }
  }
}
const forgedPosts: { post: (typeof FORGED_POSTS)[number]; path: string }[] = [];
for (const post of chosen(FORGED_POSTS)) {
  try {
    forgedPosts.push({ post, path: typeof post.path === "string" ? post.path : await post.path(database) });
  } catch (error) {
    failures.push(`${post.label}: ${(error as Error).message}`);
  }
}

const floorList = LISTS.find((l) => l.route === "/orders" && l.query === "")!;
const floor = await startFloor(database, floorList.sql!, floorList.params ?? []);
const floorGet = async () => {
  const res = await request(floor.base);
  if (res.status !== 200) throw new Error(`piso respondió ${res.status}`);
};
await measure(10, 1, floorGet);
const floor1 = await measure(ROUNDS, 1, floorGet);
const floor10 = await measure(ROUNDS * 2, CLIENTS, floorGet);
print({ route: "floor", query: "orders page 1", clients: 1, p50_ms: floor1.p50, p95_ms: floor1.p95, rps: floor1.rps });
print({ route: "floor", query: "orders page 1", clients: CLIENTS, p50_ms: floor10.p50, p95_ms: floor10.p95, rps: floor10.rps });
await floor.stop();
// The embedded database admits one process: hand it over to the app.
await database.close();

// ── 2. The app over HTTP ───────────────────────────────────────────────────────────────────────────
// Every request comes from this one address: the shop API's per-address limit (SHOP_RATE_LIMIT,
// 600 a minute) would answer 429 to a measurement, so it is set at its highest here.
const app = await startServer({
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  DEMO_MODE: "true",
  BUILD_DIR: path.relative(process.cwd(), buildDir),
  SHOP_RATE_LIMIT: "1000000",
});
// The HTML documents among the list lines, as served, with their figures: their floors are timed
// once the app has stopped.
const served: { key: number; shown: Record<string, unknown>; html: string; one: Timing; ten: Timing }[] = [];
try {
  const cookie = await signIn(app.base);

  const timed = async (
    label: string,
    url: string,
    extra: Record<string, unknown>,
    opts: { body?: string; rounds?: number; anonymous?: boolean; headers?: Record<string, string>; status?: number } = {},
  ) => {
    const rounds = opts.rounds ?? ROUNDS;
    const expected = opts.status ?? 200;
    const call = async () => {
      const res = await request(url, {
        // The sign-in page is what a signed-out visitor gets; a signed-in one is sent home.
        cookie: opts.anonymous ? undefined : cookie,
        ...(opts.body !== undefined ? { method: "POST", body: opts.body, headers: { origin: app.base } } : {}),
        ...(opts.headers ? { headers: opts.headers } : {}),
      });
      if (res.status !== expected) throw new Error(`${label} respondió ${res.status}${res.location ? ` → ${res.location}` : ""}`);
    };
    try {
      const cold = await measure(1, 1, call);
      await measure(4, 1, call);
      const one: Timing = await measure(rounds, 1, call);
      const ten: Timing = await measure(rounds * 2, CLIENTS, call);
      print({
        ...extra,
        cold_ms: cold.p50,
        p50_ms: one.p50,
        p95_ms: one.p95,
        c10_p95_ms: ten.p95,
        c10_rps: ten.rps,
        c10_vs_floor: round(ten.rps / floor10.rps),
      });
      return { one, ten };
    } catch (error) {
      failures.push((error as Error).message);
      print({ ...extra, error: (error as Error).message });
      return null;
    }
  };

  for (const [i, list] of lists.entries()) {
    if (list.pick && !picked.has(i)) continue;
    const url = `${app.base}${picked.get(i) ?? `${list.route}${list.query ? `?${list.query}` : ""}`}`;
    const sql = sqlMs.get(i);
    // A conditional line sends the ETag of a first answer and must get 304 (the shop API's cache).
    let headers = list.headers;
    if (list.conditional) {
      const etag = (await fetch(url)).headers.get("etag");
      if (!etag) {
        failures.push(`${list.route}?${list.query}: sin ETag`);
        continue;
      }
      headers = { ...headers, "if-none-match": etag };
    }
    const shown = {
      route: list.route,
      query: list.query,
      ...(list.body ? { body: list.body } : {}),
      ...(list.headers ? { headers: list.headers } : {}),
      ...(list.conditional ? { if_none_match: true } : {}),
    };
    const timing = await timed(`${list.route}?${list.query}${list.conditional ? " (If-None-Match)" : ""}`, url, shown, {
      anonymous: list.anonymous,
      body: list.body,
      headers,
      status: list.conditional ? 304 : 200,
    });
    if (timing && sql !== undefined) {
      const { one } = timing;
      print({ ...shown, sql_ms: round(sql), ratio_sql: round(one.p50 / sql), ratio_floor_p95: round(one.p95 / floor1.p95) });
    }
    // A page's floor needs its HTML: a GET answered with a document (not the shop API's JSON, not a 304).
    if (timing && !list.body && !list.conditional && statements.has(i)) {
      const page = await request(url, { cookie: list.anonymous ? undefined : cookie, headers, readBody: true });
      if (page.status === 200 && page.type.startsWith("text/html")) served.push({ key: i, shown, html: page.body!, ...timing });
    }
  }
  // Documents cost seconds, not milliseconds: fewer rounds, the same two client counts.
  for (const doc of documents)
    await timed(doc.label, `${app.base}${doc.path}`, { route: doc.label, query: "" }, { body: doc.body, rounds: DOCUMENT_ROUNDS });

  // Forged posts: each answered with its refusal within its budget (the timed line shows its p95).
  for (const { post, path: postPath } of forgedPosts) {
    const timing = await timed(
      post.label,
      `${app.base}${postPath}`,
      { route: post.label, query: "", within_ms: post.withinMs },
      { body: post.body, status: post.status },
    );
    if (timing && timing.one.p95 > post.withinMs) overBudget(post.label, timing.one.p95, post.withinMs);
  }

  // Till steps: a form post and what follows it, each call with its own untimed preparation.
  const http: TillHttp = {
    get: (p) => request(`${app.base}${p}`, { cookie }),
    post: (p, form) =>
      request(`${app.base}${p}`, { cookie, method: "POST", body: new URLSearchParams(form).toString(), headers: { origin: app.base } }),
  };
  for (const flow of till ? flows : []) {
    const ids = till!;
    const step = async () => {
      if (flow.prepare) await flow.prepare(http, ids);
      const t = performance.now();
      await flow.run(http, ids);
      return performance.now() - t;
    };
    try {
      const cold = await step();
      for (let i = 0; i < 4; i++) await step();
      const samples: number[] = [];
      for (let i = 0; i < ROUNDS; i++) samples.push(await step());
      const line: Record<string, unknown> = {
        route: flow.label,
        query: "",
        cold_ms: round(cold),
        p50_ms: round(percentile(samples, 50)),
        p95_ms: round(percentile(samples, 95)),
      };
      if (flow.concurrent) {
        const ten = await measure(ROUNDS * 2, CLIENTS, async () => void (await step()));
        Object.assign(line, { c10_p95_ms: ten.p95, c10_rps: ten.rps, c10_vs_floor: round(ten.rps / floor10.rps) });
      }
      print(line);
    } catch (error) {
      failures.push((error as Error).message);
      print({ route: flow.label, query: "", error: (error as Error).message });
    }
  }

  // Weight: JavaScript per list route (gzipped, the budget's measure; and Brotli) and the gzipped HTML of /orders.
  const ids = [...new Set(lists.map((l) => `routes/_app${l.route.replace(/\//g, ".")}`))];
  for (const w of await jsWeights(buildDir, ids)) print({ route: w.id, js_gzip_kb: w.kb, js_br_kb: w.brKb, within_120kb: w.kb <= 120 });
  // Every route of the build, dialogs included: the heaviest and how many pass the target.
  const every = (await jsWeights(buildDir, "all")).sort((a, b) => b.kb - a.kb);
  print({
    route: "every route",
    count: every.length,
    heaviest: every[0].id,
    js_gzip_kb: every[0].kb,
    js_br_kb: every[0].brKb,
    over_120kb: every.filter((w) => w.kb > 120).map((w) => w.id),
  });
  const html = await request(`${app.base}/orders`, { cookie });
  print({ route: "/orders", html_gzip_kb: round(html.bytes / 1024), within_8kb: html.bytes <= 8 * 1024 });
} finally {
  await app.stop();
  closeAgent();
}

// ── 3. Each list document's floor ──────────────────────────────────────────────────────────────────
if (served.length) {
  const byKey = new Map(served.map((s) => [s.key, s]));
  const verdicts: { label: string; within: boolean; p50: number; rps: number; misses?: string[] }[] = [];
  try {
    await measureDocumentFloors(
      {
        databaseUrl,
        dataDir,
        rounds: ROUNDS,
        clients: CLIENTS,
        pages: served.map((s) => ({ key: s.key, statements: statements.get(s.key)!, html: s.html })),
      },
      (answer) => {
        const page = byKey.get(answer.key)!;
        const label = `${page.shown.route}${page.shown.query ? `?${page.shown.query}` : ""}`;
        if ("error" in answer) {
          failures.push(`piso de documento de ${label}: ${answer.error}`);
          print({ ...page.shown, doc_floor_error: answer.error });
          return;
        }
        const verdict = floorVerdict({ p50: page.one.p50, rps: page.ten.rps }, { p50: answer.one.p50, rps: answer.ten.rps });
        verdicts.push({
          label,
          within: verdict.within_target,
          p50: verdict.p50_vs_doc_floor,
          rps: verdict.c10_vs_doc_floor,
          misses: verdict.misses,
        });
        print({
          ...page.shown,
          doc_floor_p50_ms: answer.one.p50,
          doc_floor_p95_ms: answer.one.p95,
          doc_floor_c10_rps: answer.ten.rps,
          doc_floor_sql_ms: answer.split.sql,
          doc_floor_render_ms: answer.split.render,
          doc_floor_gzip_ms: answer.split.gzip,
          // The floor renders the page it was given: its HTML is the served one's size (less the doctype).
          html_kb: round(Buffer.byteLength(page.html) / 1024),
          doc_floor_html_kb: round(answer.htmlBytes / 1024),
          doc_floor_gzip_kb: round(answer.gzipBytes / 1024),
          p50_ms: page.one.p50,
          c10_rps: page.ten.rps,
          ...verdict,
        });
      },
    );
  } catch (error) {
    failures.push(`piso de documento: ${(error as Error).message}`);
  }
  // The summary, as the weight's "every route" line: how many documents meet both targets, and which miss.
  const missed = verdicts.filter((v) => !v.within);
  print({
    route: "every document floor",
    count: verdicts.length,
    within_target: verdicts.length - missed.length,
    p50_vs_doc_floor_median: median(verdicts.map((v) => v.p50)),
    c10_vs_doc_floor_median: median(verdicts.map((v) => v.rps)),
    missed: missed.map((v) => v.label),
  });
  if (missed.length) {
    const target = `p50 ≤ ${FLOOR_TARGET.p50}× el piso y, a 10 clientes, ≥ ${FLOOR_TARGET.rps * 100} % de su rendimiento`;
    const lines = missed.map((v) => `- ${v.label}: ${v.misses!.join("; ")}`);
    console.error(
      `\nPiso de documento: ${missed.length} de ${verdicts.length} documento(s) fuera de meta (${target}):\n${lines.join("\n")}`,
    );
  }
}

if (failures.length) {
  console.error(`\n${failures.length} fallo(s):\n- ${failures.join("\n- ")}`);
  process.exit(1);
}
console.error("\nBanco completo: todas las rutas respondieron 200.");
