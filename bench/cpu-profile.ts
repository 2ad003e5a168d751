/**
 * `BENCH_PROFILE=/orders npm run bench`: a CPU profile of the app serving one signed-in document.
 * The app starts as in the bench (its own process, production build, bench database) with the
 * inspector on a local port; after a sign-in and a warm-up, the profiler runs only while
 * BENCH_PROFILE_REQUESTS documents (300 by default) are served one after another, so start-up and
 * sign-in stay out of it. The .cpuprofile goes to bench/profiles/ (gitignored; Chrome DevTools'
 * Performance panel or VS Code open it) and the functions with the most self time are printed.
 */
import fs from "node:fs";
import path from "node:path";
import { freePort } from "../scripts/free-port.mjs";
import { openBenchDatabase } from "./bench-database";
import { closeAgent, measure, request, signIn } from "./http";
import { startServer } from "./server-process";

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; hitCount?: number; children?: number[] };
/** V8's CPU profile (the inspector's Profiler.stop, or --cpu-prof's file). Times in microseconds. */
export type CpuProfile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples?: number[]; timeDeltas?: number[] };

export type SelfTime = { name: string; file: string; line: number; ms: number; share: number };
export type SourceTime = { source: string; ms: number; share: number };

/** What V8 names its own nodes: time the thread waited, and the root of the tree. */
const IDLE = "(idle)";
const ROOT = "(root)";

/**
 * Self time per function and file, summed over every node of the tree (one function reached by many
 * paths is one line), largest first. Each sample lasts until the next one (the last until the
 * profile's end), as DevTools counts; a profile without samples falls back to hit counts. Shares are
 * of the busy time: the idle time between requests is said apart. `sources` sums the same time by
 * where the code comes from (a package, the database's WebAssembly, the app's build, node), the first
 * reading of a flat profile whose functions are many and small.
 */
export function topSelfTime(
  profile: CpuProfile,
  n = 15,
  cwd = process.cwd(),
): { busyMs: number; idleMs: number; top: SelfTime[]; sources: SourceTime[] } {
  const selfUs = new Map<number, number>();
  const { samples, timeDeltas } = profile;
  if (samples?.length && timeDeltas?.length === samples.length) {
    let at = profile.startTime;
    const stamps = timeDeltas.map((d) => (at += d));
    samples.forEach((id, i) => {
      const until = i + 1 < stamps.length ? stamps[i + 1] : Math.max(profile.endTime, stamps[i]);
      selfUs.set(id, (selfUs.get(id) ?? 0) + (until - stamps[i]));
    });
  } else {
    const hits = profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
    const each = hits ? (profile.endTime - profile.startTime) / hits : 0;
    for (const node of profile.nodes) selfUs.set(node.id, (node.hitCount ?? 0) * each);
  }
  const byFunction = new Map<string, { name: string; file: string; line: number; us: number; lineUs: number }>();
  const bySource = new Map<string, number>();
  let idleUs = 0;
  let busyUs = 0;
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === IDLE) {
      idleUs += us;
      continue;
    }
    if (functionName === ROOT || us === 0) continue;
    busyUs += us;
    const name = functionName || "(anónima)";
    const file = shortFile(url, cwd);
    const key = `${name}\n${file}`;
    const entry = byFunction.get(key) ?? { name, file, line: lineNumber + 1, us: 0, lineUs: 0 };
    entry.us += us;
    // The line shown is where most of the time went (one name in one file can be several functions).
    if (us > entry.lineUs) Object.assign(entry, { line: lineNumber + 1, lineUs: us });
    byFunction.set(key, entry);
    const source = sourceOf(name, file);
    bySource.set(source, (bySource.get(source) ?? 0) + us);
  }
  const top = [...byFunction.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, n)
    .map((e) => ({ name: e.name, file: e.file, line: e.line, ms: Math.round(e.us / 100) / 10, share: busyUs ? e.us / busyUs : 0 }));
  const sources = [...bySource.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([source, us]) => ({ source, ms: Math.round(us / 100) / 10, share: busyUs ? us / busyUs : 0 }));
  return { busyMs: Math.round(busyUs / 100) / 10, idleMs: Math.round(idleUs / 100) / 10, top, sources };
}

/** Where a function's code comes from: its package, the database engine's WebAssembly, the app's build, node. */
function sourceOf(name: string, file: string): string {
  if (!file) return name.startsWith("(") ? name : "node (nativo)";
  if (file.startsWith("wasm://")) return "@electric-sql/pglite (wasm)";
  if (file.startsWith("node:")) return "node";
  const pkg = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (pkg) return pkg[1];
  if (file.startsWith("build/")) return "app (build)";
  return file;
}

/** A script's URL as a path to read: relative to the project, node's own modules as node names them. */
function shortFile(url: string, cwd: string): string {
  if (!url) return "";
  const file = url.startsWith("file://") ? decodeURIComponent(new URL(url).pathname) : url;
  return file.startsWith(`${cwd}/`) ? file.slice(cwd.length + 1) : file;
}

/** The table printed in the terminal: share of busy time, milliseconds, function, file:line. */
export function formatTop(top: SelfTime[]): string {
  const width = Math.min(48, Math.max(...top.map((t) => t.name.length), 7));
  const rows = top.map(
    (t) =>
      `${(t.share * 100).toFixed(1).padStart(5)} %  ${t.ms.toFixed(1).padStart(8)} ms  ${t.name.slice(0, width).padEnd(width)}  ` +
      `${t.file ? `${t.file}:${t.line}` : "(nativo)"}`,
  );
  return [`${"propio".padStart(7)}  ${"ms".padStart(11)}  ${"función".padEnd(width)}  archivo`, ...rows].join("\n");
}

/** The same time by origin, one line each. */
export function formatSources(sources: SourceTime[]): string {
  return sources.map((s) => `${(s.share * 100).toFixed(1).padStart(5)} %  ${s.ms.toFixed(1).padStart(8)} ms  ${s.source}`).join("\n");
}

/** BENCH_PROFILE's value as a path: `orders` or `/orders?page=50`. */
export function profilePath(target: string): string {
  return target.startsWith("/") ? target : `/${target}`;
}

/** A minimal Chrome DevTools Protocol client over the inspector's WebSocket. */
async function inspector(port: number) {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const socket = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.onopen = () => resolve();
    socket.onerror = () => reject(new Error(`No se pudo conectar al inspector en el puerto ${port}`));
  });
  let next = 0;
  const waiting = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
    const call = message.id === undefined ? undefined : waiting.get(message.id);
    if (!call) return;
    waiting.delete(message.id!);
    if (message.error) call.reject(new Error(message.error.message));
    else call.resolve(message.result);
  };
  return {
    send: <T = unknown>(method: string, params: Record<string, unknown> = {}) =>
      new Promise<T>((resolve, reject) => {
        const id = ++next;
        waiting.set(id, { resolve: resolve as (result: unknown) => void, reject });
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

export async function profileDocument(opts: { target: string; requests: number; databaseUrl: string; dataDir: string; buildDir: string }) {
  const target = profilePath(opts.target);
  // Migrated and checked as the bench does it, then handed to the app (the embedded database admits one process).
  const database = await openBenchDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  await database.close();
  const inspectPort = await freePort();
  const app = await startServer(
    {
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl,
      DEMO_MODE: "true",
      BUILD_DIR: path.relative(process.cwd(), opts.buildDir),
    },
    [`--inspect=127.0.0.1:${inspectPort}`],
  );
  try {
    const cookie = await signIn(app.base);
    const get = async () => {
      const res = await request(`${app.base}${target}`, { cookie });
      if (res.status !== 200) throw new Error(`${target} respondió ${res.status}${res.location ? ` → ${res.location}` : ""}`);
    };
    // Warm: the profile is of the documents as the bench times them, not of their first compilation.
    await measure(30, 1, get);
    const session = await inspector(inspectPort);
    await session.send("Profiler.enable");
    await session.send("Profiler.start");
    const timing = await measure(opts.requests, 1, get);
    const { profile } = await session.send<{ profile: CpuProfile }>("Profiler.stop");
    session.close();

    const dir = path.resolve("bench/profiles");
    fs.mkdirSync(dir, { recursive: true });
    const slug = target.replace(/^\//, "").replace(/[^\w-]+/g, "_") || "root";
    const file = path.join(dir, `${slug}-${new Date().toISOString().replace(/[:.]/g, "-")}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));

    const { busyMs, idleMs, top, sources } = topSelfTime(profile);
    console.log(
      `Perfil de CPU de ${target} con sesión: ${timing.n} documentos uno tras otro, p50 ${timing.p50} ms, ` +
        `${timing.rps} por segundo (con el perfilador activo)\n` +
        `${path.relative(process.cwd(), file)}\n` +
        // Samples are taken on the clock: on a loaded machine "busy" includes the time the thread waited for a core.
        `Hilo del servidor: ${busyMs} ms ocupado (${Math.round((busyMs / timing.n) * 10) / 10} ms por documento), ${idleMs} ms en espera\n\n` +
        `${formatTop(top)}\n\nPor origen:\n${formatSources(sources)}`,
    );
  } finally {
    await app.stop();
    closeAgent();
  }
}
