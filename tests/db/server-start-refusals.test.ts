import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onPostgresPass } from "../helpers/template";
import { ensureBuild, startServerChild, tempDataDir, waitReady, type ServerChild } from "../helpers/server-child";

// The embedded database's refusals: they concern PGlite only (the PostgreSQL pass skips them).
describe.skipIf(onPostgresPass)("the server refuses to start on the embedded database when it would be shared", () => {
  const dirs: string[] = [];
  const dir = () => {
    const made = tempDataDir();
    dirs.push(made);
    return made;
  };
  // Every server started here is stopped at the end, also one that started when it should have refused.
  const servers: ServerChild[] = [];
  const start = async (env: Record<string, string>) => {
    const server = await startServerChild(env);
    servers.push(server);
    return server;
  };
  /** The exit of a server expected to refuse; null if it is still running after 60 s. */
  const refusal = (server: ServerChild) => Promise.race([server.exited, new Promise<null>((r) => setTimeout(() => r(null), 60_000))]);

  beforeAll(() => ensureBuild(), 300_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it("WEB_CONCURRENCY > 1 without DATABASE_URL: one line, exit 1, nothing opened", async () => {
    const dataDir = dir();
    const server = await start({ DATA_DIR: dataDir, WEB_CONCURRENCY: "2" });
    expect(await refusal(server)).toMatchObject({ code: 1 });
    const lines = server.output().trim().split("\n");
    expect(lines).toEqual([
      "Configuración inválida: WEB_CONCURRENCY=2 necesita DATABASE_URL (PostgreSQL); la base embebida (PGlite) pertenece a un solo proceso.",
    ]);
    // No database opened, no lock taken (reading the configuration keeps its generated session secret there, as before).
    expect(fs.readdirSync(dataDir).filter((name) => name !== "session-secret")).toEqual([]);
  }, 90_000);

  it("a second server on one data directory: one line naming the first, exit 1; the first keeps serving; a stale lock is taken over", async () => {
    const dataDir = dir();
    const first = await start({ DATA_DIR: dataDir });
    try {
      await waitReady(first);
      const lock = JSON.parse(fs.readFileSync(path.join(dataDir, "server.lock"), "utf8")) as { pid: number; hostname: string };
      expect(lock).toMatchObject({ pid: first.child.pid, hostname: os.hostname() });

      const second = await start({ DATA_DIR: dataDir });
      expect(await refusal(second)).toMatchObject({ code: 1 });
      expect(second.output().trim().split("\n")).toEqual([
        `Otro servidor (pid ${first.child.pid}) ya usa la base embebida de ${dataDir} (${path.join(dataDir, "server.lock")}); detenlo antes de iniciar otro, o usa otro DATA_DIR.`,
      ]);
      expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    } finally {
      await first.stop();
    }
    expect(await first.exited).toMatchObject({ code: 0 });
    // A graceful stop gives the lock back.
    expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);

    // A lock left by a process that is gone (killed with SIGKILL, say) does not stop the next start.
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    const stale = {
      pid: Number(gone.stdout),
      hostname: os.hostname(),
      startedAt: new Date(Date.now() - 60_000).toISOString(),
      token: "viejo",
    };
    fs.writeFileSync(path.join(dataDir, "server.lock"), JSON.stringify(stale));
    const third = await start({ DATA_DIR: dataDir });
    try {
      await waitReady(third);
      const taken = JSON.parse(fs.readFileSync(path.join(dataDir, "server.lock"), "utf8")) as { pid: number };
      expect(taken.pid).toBe(third.child.pid);
    } finally {
      await third.stop();
    }
  }, 240_000);
});
