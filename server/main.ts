import { getEnv, StartupRefusal, type Env } from "./env";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { createApp } from "./app";
import { openDatabase, setDatabase } from "./db/client";
import { prepareDatabase } from "./db/startup";
import { startJobs } from "./jobs/app-jobs";
import { getIntegrations } from "./integrations";
import { checkIntegrations } from "./integrations/startup-check";
import { DEMO_USERS, DEMO_PASSWORD } from "./db/seed/demo-users";
import { closePdfBrowser, warmPdf } from "./documents/pdf.server";
import { log } from "./ops/log";

const KEEP_ALIVE_MS = 65_000;

/**
 * Opens the database, prepares it, starts the jobs and serves the app. The app's server code and
 * this code are one module graph: the production build (server/index.ts) and the development server
 * (server/dev.ts, through Vite) both load them together.
 */
export async function start({ build, vite, clientDir }: { build: ServerBuild | (() => Promise<ServerBuild>); vite?: ViteDevServer; clientDir?: string }) {
  const started = Date.now();
  const isDev = vite !== undefined;
  const env = getEnv();

  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  setDatabase(database);
  // Migrations, the demo seed and the stored session secret, under a lock another instance waits on.
  const { seeded } = await prepareDatabase(database, env);
  const jobs = startJobs(database);
  // Each system served over HTTP: does it answer, is the token accepted? (the Sincronización screen shows it)
  void checkIntegrations(database, getIntegrations(), env).then((checks) => {
    for (const c of checks.filter((check) => check.mode === "http")) {
      const line = `[integraciones] ${c.system}: ${c.ok ? "ok" : "FALLA"} — ${c.message}`;
      if (c.ok) log.info({ system: c.system }, line);
      else log.warn({ system: c.system }, line);
    }
  });

  const app = await createApp({ build, vite, clientDir });
  const server = app.listen(env.PORT, env.HOST, () => {
    announceReady(env, { ms: Date.now() - started, seeded, kind: database.kind });
    // Quotes and tickets are printed all day: start Chromium now rather than on the first print.
    if (!isDev) void warmPdf();
  });

  // Clients (browsers, scripts, proxies) keep an idle connection to reuse it. Node closes one after 5 s:
  // a request sent on it at that moment meets a reset (ECONNRESET) instead of an answer. Idle
  // connections are kept longer than any client holds them before reuse.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;

  async function shutdown() {
    server.close();
    // The jobs of the current round get a few seconds to end; one cut short is claimed again when its lease runs out.
    await Promise.race([jobs.stop().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 5_000))]);
    await closePdfBrowser().catch(() => undefined);
    await database.close().catch(() => undefined);
    await vite?.close().catch(() => undefined);
    process.exit(0);
  }
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

/** The server's "ready" lines (bench/server-process.ts waits for the first). */
function announceReady(env: Env, { ms, seeded, kind }: { ms: number; seeded: boolean; kind: string }) {
  const extras = [`base ${kind}`, seeded ? "datos demo cargados" : null].filter(Boolean).join(", ");
  log.info({ port: env.PORT, ms, database: kind, seeded }, `Back office listo en http://localhost:${env.PORT} (${ms} ms, ${extras})`);
  if (env.DEMO_MODE) {
    log.info(
      { demoUsers: DEMO_USERS.map((u) => ({ email: u.email, role: u.roleLabel })) },
      `Usuarios demo (contraseña ${DEMO_PASSWORD}): ${DEMO_USERS.map((u) => `${u.email} (${u.roleLabel})`).join(", ")}`,
    );
  }
}

/**
 * What the entry points do with a start-up failure: a refusal (invalid configuration) is its
 * message alone on stderr and exit code 1; anything else is thrown as it is, with its stack.
 */
export function startupFailed(error: unknown): never {
  if (error instanceof StartupRefusal) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
