import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { serverArgs } from "../scripts/server-command.mjs";

/**
 * A server of one test's own, for a state the app cannot be driven into from the browser (a feed
 * whose last success is old): a copy of this run's demo template (scripts/e2e-server.mjs seeds it),
 * changed with SQL before the server opens it (the embedded database belongs to one process), then
 * the built server on its own port. `stop` ends that process (by its handle, never by name) and
 * removes the copy.
 */
/** `env` is added to the server's environment (SIM_ACTIVITY, FEED_INTERVAL_MS…). */
export async function startOwnServer(port: number, prepare: (db: PGlite) => Promise<void>, env: Record<string, string> = {}) {
  const template = path.resolve(`tests/.tmp/e2e-template-${process.env.E2E_RUN_ID}`);
  if (!fs.existsSync(path.join(template, ".ready")))
    throw new Error(`No hay plantilla de datos demo en ${template} (la prepara el primer servidor del run).`);
  const dataDir = path.resolve(`tests/.tmp/e2e-own-${port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.cpSync(template, dataDir, { recursive: true });
  const db = await PGlite.create({ dataDir: path.join(dataDir, "pgdata"), extensions: { pg_trgm } });
  try {
    await prepare(db);
  } finally {
    await db.close();
  }
  const child: ChildProcess = spawn(process.execPath, serverArgs(process.env.BUILD_DIR ?? "build"), {
    stdio: "ignore",
    // No simulated activity unless the test asks for it (`env`).
    env: { ...process.env, SIM_ACTIVITY: "0", ...env, DATA_DIR: dataDir, PORT: String(port), DEMO_MODE: "true", DATABASE_URL: "" },
  });
  const url = `http://localhost:${port}`;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let waited = 0; ; waited += 250) {
      if (child.exitCode !== null) throw new Error(`El servidor de ${url} terminó al arrancar (código ${child.exitCode}).`);
      if (waited > 120_000) throw new Error(`El servidor de ${url} no respondió en 2 min.`);
      const ok = await fetch(`${url}/login`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
