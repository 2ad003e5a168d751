import cluster from "node:cluster";
import type http from "node:http";
import { getEnv, StartupRefusal, type Env } from "./env";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { createApp } from "./app";
import { appPartsOf } from "./app-parts";
import { openDatabase, setDatabase } from "./db/client";
import { joinPreparedDatabase, prepareDatabase } from "./db/startup";
import { startJobs } from "./jobs/runner";
import { getIntegrations } from "./integrations";
import { checkIntegrations } from "./integrations/startup-check";
import { DEMO_USERS, DEMO_PASSWORD } from "./db/seed/demo-users";
import { closePdfBrowser, warmPdf } from "./documents/pdf.server";
import { joinClusterMetrics, runPrimary, workerIndex } from "./ops/cluster";
import { lockDataDir } from "./ops/data-dir-lock";
import { flushErrorReports, initErrorReporting } from "./ops/error-reporting";
import { readiness } from "./ops/health";
import { checkStorage } from "./storage";
import { log } from "./ops/log";
import { collectProcessMetrics, observeDatabasePool, readMetricsFrom } from "./ops/metrics";
import { createLifecycle, drainServer } from "./ops/shutdown";

const KEEP_ALIVE_MS = 65_000;

type StartOptions = { build: ServerBuild | (() => Promise<ServerBuild>); vite?: ViteDevServer; clientDir?: string };

/**
 * Starts the server: one process, or with WEB_CONCURRENCY > 1 (and DATABASE_URL) a primary that
 * prepares the database once and forks that many workers sharing the port (server/ops/cluster.ts).
 * The app's server code and this code are one module graph: the production build (server/index.ts)
 * and the development server (server/dev.ts, through Vite) both load them together.
 */
export async function start(options: StartOptions) {
  const env = getEnv();
  const isDev = options.vite !== undefined;
  if (env.WEB_CONCURRENCY > 1 && isDev) log.warn("WEB_CONCURRENCY no aplica a npm run dev: Vite sirve desde un solo proceso");
  const clustered = env.WEB_CONCURRENCY > 1 && !isDev;
  if (clustered && !env.DATABASE_URL) {
    throw new StartupRefusal(
      `Configuración inválida: WEB_CONCURRENCY=${env.WEB_CONCURRENCY} necesita DATABASE_URL (PostgreSQL); la base embebida (PGlite) pertenece a un solo proceso.`,
    );
  }
  if (clustered && cluster.isPrimary) {
    return runPrimary({
      env,
      prepare: async () => {
        const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
        try {
          const { seeded } = await prepareDatabase(database, env);
          return { seeded, kind: database.kind };
        } finally {
          await database.close();
        }
      },
      announce: (details) => announceReady(env, details),
    });
  }
  return serve(env, options, clustered);
}

/** The server's "ready" lines (bench/server-process.ts waits for the first). */
function announceReady(env: Env, { ms, seeded, kind, workers }: { ms: number; seeded: boolean; kind: string; workers: number }) {
  const extras = [`base ${kind}`, seeded ? "datos demo cargados" : null, workers > 1 ? `${workers} procesos` : null]
    .filter(Boolean)
    .join(", ");
  log.info(
    { port: env.PORT, ms, database: kind, seeded, workers },
    `Back office listo en http://localhost:${env.PORT} (${ms} ms, ${extras})`,
  );
  if (env.DEMO_MODE) {
    log.info(
      { demoUsers: DEMO_USERS.map((u) => ({ email: u.email, role: u.roleLabel })) },
      `Usuarios demo (contraseña ${DEMO_PASSWORD}): ${DEMO_USERS.map((u) => `${u.email} (${u.roleLabel})`).join(", ")}`,
    );
  }
}

/** Listens, or refuses with one line when the port is taken. */
function listen(app: Awaited<ReturnType<typeof createApp>>, env: Env): Promise<http.Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(env.PORT, env.HOST);
    const failed = (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "EADDRINUSE"
          ? new StartupRefusal(`El puerto ${env.PORT} ya está en uso en ${env.HOST}: detén el otro servidor o usa otro PORT.`)
          : error,
      );
    };
    server.once("error", failed);
    server.once("listening", () => {
      server.off("error", failed);
      resolve(server);
    });
  });
}

/**
 * One serving process: opens the database (holding DATA_DIR's lock on PGlite), prepares it (a
 * cluster's worker finds it prepared), starts the jobs and serves the app; SIGTERM/SIGINT shut it
 * down gracefully.
 */
async function serve(env: Env, { build, vite, clientDir }: StartOptions, clustered: boolean) {
  const started = Date.now();
  const isDev = vite !== undefined;
  // What the app hands the process besides its routes: its jobs and the shop API (app/entry.server.tsx).
  const parts = await appPartsOf(build);
  if (clustered) joinClusterMetrics();
  await initErrorReporting(env);
  // The embedded database belongs to one process: a second server on the same DATA_DIR refuses to start.
  const lock = env.DATABASE_URL ? null : lockDataDir(env.DATA_DIR);

  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  setDatabase(database);
  readMetricsFrom(() => database);
  if (database.poolStats) observeDatabasePool(database.poolStats);
  collectProcessMetrics();
  let seeded = false;
  if (clustered) await joinPreparedDatabase(database);
  // Migrations, the demo seed and the stored session secret, under a lock another instance waits on.
  else ({ seeded } = await prepareDatabase(database, env));
  const jobs = env.JOBS_ENABLED ? startJobs(database, parts.jobs(database)) : null;
  if (!jobs) log.info("Trabajos de fondo apagados en esta instancia (JOBS_ENABLED=false)");
  // Each system served over HTTP: does it answer, is the token accepted? (the Sincronización screen
  // shows it). Once per start-up: by the first worker of a cluster.
  if (!clustered || workerIndex() === 0) {
    void checkIntegrations(database, getIntegrations(), env).then((checks) => {
      for (const c of checks.filter((check) => check.mode === "http")) {
        const line = `[integraciones] ${c.system}: ${c.ok ? "ok" : "FALLA"} — ${c.message}`;
        if (c.ok) log.info({ system: c.system }, line);
        else log.warn({ system: c.system }, line);
      }
    });
  }

  const lifecycle = createLifecycle();
  const failing = readiness({
    database: () => database,
    storage: checkStorage,
    jobs: () => (!jobs ? "off" : jobs.isRunning() ? "running" : "stopped"),
    draining: () => lifecycle.draining,
  });
  const app = await createApp({
    build,
    vite,
    clientDir,
    shopApi: parts.shopApi,
    ops: { lifecycle, readiness: failing, metrics: { token: env.METRICS_TOKEN, clustered } },
  });
  let server: http.Server;
  try {
    server = await listen(app, env);
  } catch (error) {
    await jobs?.stop(0).catch(() => undefined);
    await database.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
  if (clustered) log.info({ worker: workerIndex() }, `Proceso de trabajo ${workerIndex()} escuchando en el puerto ${env.PORT}`);
  else announceReady(env, { ms: Date.now() - started, seeded, kind: database.kind, workers: 1 });
  // Quotes and tickets are printed all day: start Chromium now rather than on the first print.
  if (!isDev) void warmPdf();

  // Clients (browsers, scripts, proxies) keep an idle connection to reuse it. Node closes one after 5 s:
  // a request sent on it at that moment meets a reset (ECONNRESET) instead of an answer. Idle
  // connections are kept longer than any client holds them before reuse.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;

  let stopping = false;
  /**
   * Graceful shutdown (docs/operations.md, "Signals"): /readyz answers 503 at once; no new
   * connection is taken; a request arriving on a kept-alive one gets 503 + Connection: close; the
   * requests in flight and the job running get SHUTDOWN_TIMEOUT_MS to end; the jobs this instance
   * still holds go back to due; Chromium, pending error reports and the database are closed; exit 0.
   */
  async function shutdown(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    const began = Date.now();
    const timeout = env.SHUTDOWN_TIMEOUT_MS;
    lifecycle.draining = true;
    log.info({ signal, inFlight: lifecycle.inFlight.count }, `Apagando (${signal}): ${lifecycle.inFlight.count} solicitudes en curso`);
    // Whatever hangs past the time-out and a margin, the process still ends.
    setTimeout(() => {
      log.error("El apagado no terminó a tiempo; se sale sin esperar más");
      process.exit(1);
    }, timeout + 10_000).unref();
    const jobsStopped = jobs
      ? jobs.stop(timeout).catch((error: unknown) => {
          log.warn({ err: error }, "No se pudieron devolver los trabajos en curso");
          return { released: 0 };
        })
      : Promise.resolve({ released: 0 });
    const { cut } = await drainServer(server, lifecycle, timeout);
    if (cut > 0) log.warn({ cut }, `${cut} solicitudes cortadas al vencer SHUTDOWN_TIMEOUT_MS (${timeout} ms)`);
    await jobsStopped;
    await Promise.race([closePdfBrowser().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 5_000))]);
    await flushErrorReports(2_000);
    await database.close().catch((error: unknown) => log.warn({ err: error }, "La base no cerró limpia"));
    lock?.release();
    await vite?.close().catch(() => undefined);
    log.info({ ms: Date.now() - began }, "Apagado");
    process.exit(0);
  }
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

/**
 * What the entry points do with a start-up failure: a refusal (invalid configuration, a second
 * server on one data directory, a taken port) is its message alone on stderr and exit code 1;
 * anything else is thrown as it is, with its stack.
 */
export function startupFailed(error: unknown): never {
  if (error instanceof StartupRefusal) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
