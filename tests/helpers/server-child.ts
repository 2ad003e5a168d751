import { execSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/free-port.mjs";
import { serverArgs } from "../../scripts/server-command.mjs";
import { inject } from "vitest";
import { adminQuery, databaseUrlOf, scratchDbName } from "./template";

export { freePort };

/**
 * The built server (`build/server/index.js`, or BUILD_DIR's) as a process of its own, for the tests
 * of what only a whole process shows: start-up refusals, graceful shutdown, several workers. `npm
 * test` builds before the database suites; run alone, a missing build is made first (a stale one
 * is used as it is: rebuild after changing the server).
 */
export const BUILD_DIR = process.env.BUILD_DIR ?? "build";

export function ensureBuild() {
  if (!fs.existsSync(path.join(BUILD_DIR, "server/index.js")))
    execSync("npm run build", { stdio: "ignore", env: { ...process.env, BUILD_DIR } });
}

export function tempDataDir(prefix = "bo-ops-") {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export type ServerChild = {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything written on stdout and stderr so far. */
  output: () => string;
  /** The stdout lines that are JSON (the log). */
  logLines: () => Array<Record<string, unknown>>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Ends it by its own pid (SIGTERM, then SIGKILL after 15 s). */
  stop: () => Promise<void>;
};

/**
 * Starts the built server with `env` on a free port; no demo data (SEED_DEMO=false), no simulated
 * activity, info logs. Resolves once the process runs (not once it is ready: see waitReady).
 */
export async function startServerChild(env: Record<string, string>): Promise<ServerChild> {
  const port = Number(env.PORT ?? (await freePort()));
  const {
    SESSION_SECRET: _none,
    TEST_DATABASE_URL: _test,
    VITEST: _v,
    VITEST_POOL_ID: _p,
    VITEST_WORKER_ID: _w,
    ...inherited
  } = process.env;
  const child = spawn(process.execPath, serverArgs(BUILD_DIR), {
    env: {
      ...inherited,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      DATABASE_URL: "",
      SEED_DEMO: "false",
      DEMO_MODE: "true",
      SIM_ACTIVITY: "0",
      LOG_LEVEL: "info",
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const logLines = () =>
    out
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return [];
        }
      });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  };
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => out, logLines, exited, stop };
}

/** Waits until /readyz answers 200 (or the process ends, or `timeoutMs` passes: both throw with the output). */
export async function waitReady(server: ServerChild, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.child.exitCode !== null)
      throw new Error(`El servidor terminó al arrancar (código ${server.child.exitCode}):\n${server.output()}`);
    const ok = await fetch(`${server.url}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`El servidor no estuvo listo en ${timeoutMs} ms:\n${server.output()}`);
}

/** A new, empty PostgreSQL database of TEST_DATABASE_URL's server, dropped by `drop`. */
export async function emptyPostgresDatabase(url: string) {
  const name = scratchDbName(inject("testRunPid"), "ops");
  await adminQuery(url, `create database "${name}"`);
  return { url: databaseUrlOf(url, name), drop: () => adminQuery(url, `drop database if exists "${name}" with (force)`) };
}
