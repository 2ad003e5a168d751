import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { JobRunner, type JobDefinition } from "../../server/jobs/runner";
import { bundledLatestMigration, readiness } from "../../server/ops/health";
import { createLocalStore } from "../../server/storage";
import { observeDatabasePool, readMetricsFrom, registry } from "../../server/ops/metrics";
import { useTestDatabase } from "../helpers/db";

const database = await useTestDatabase();
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bo-ops-db-"));
  dirs.push(dir);
  return dir;
};

describe("readiness against the database", () => {
  it("is ready with every bundled migration applied; a migration the build does not carry, an unwritable uploads folder or a closed database fail it", async () => {
    const dataDir = tempDir();
    const disk = createLocalStore(path.join(dataDir, "uploads"));
    let open = true;
    const check = readiness({
      database: () => (open ? database : undefined),
      storage: () => disk.check(),
      jobs: () => "running",
      draining: () => false,
      cacheMs: 0,
    });
    expect(await check()).toEqual([]);
    // The probe is gone: nothing but the store's own staging folder is left.
    expect(fs.readdirSync(path.join(dataDir, "uploads")).filter((f) => f !== ".incoming")).toEqual([]);

    // The database has a migration newer than this build's (an older build started on it).
    await database.query("insert into drizzle.__drizzle_migrations (hash, created_at) values ('de-otra-version', $1)", [
      Number(bundledLatestMigration()) + 1,
    ]);
    try {
      expect(await check()).toEqual(["migrations"]);
    } finally {
      await database.query("delete from drizzle.__drizzle_migrations where hash = 'de-otra-version'");
    }
    expect(await check()).toEqual([]);

    // The file store cannot take a write (the disk store, its folder a file).
    const blocked = tempDir();
    fs.writeFileSync(path.join(blocked, "uploads"), "no soy una carpeta");
    const store = createLocalStore(path.join(blocked, "uploads"));
    expect(await store.check()).toMatchObject({ ok: false });
    const blockedCheck = readiness({
      database: () => database,
      storage: () => store.check(),
      jobs: () => "running",
      draining: () => false,
      cacheMs: 0,
    });
    expect(await blockedCheck()).toEqual(["storage"]);

    open = false;
    expect(await check()).toEqual(["database", "migrations"]);
  });
});

describe("metrics read from the database at scrape time", () => {
  it("outbox backlog (pending, failed) and job lag per job", async () => {
    readMetricsFrom(() => database);
    if (database.poolStats) observeDatabasePool(database.poolStats);
    await database.query(
      `insert into outbound (method, collection, record_id, body, summary, state) values
        ('PATCH', 'mercadolibre_orders', '1', '{}', 'a', 'pending'), ('PATCH', 'mercadolibre_orders', '2', '{}', 'b', 'pending'),
        ('PATCH', 'mercadolibre_orders', '3', '{}', 'c', 'failed'), ('PATCH', 'mercadolibre_orders', '4', '{}', 'd', 'done')`,
    );
    await database.query(
      `insert into jobs (name, key, run_at, max_attempts) values
        ('metrics-late', 'a', now() - interval '90 seconds', 1), ('metrics-late', 'b', now() - interval '30 seconds', 1),
        ('metrics-future', 'c', now() + interval '1 hour', 1)`,
    );
    try {
      const text = await registry.metrics();
      expect(text).toMatch(/^outbox_backlog\{state="pending"\} 2$/m);
      expect(text).toMatch(/^outbox_backlog\{state="failed"\} 1$/m);
      const lag = Number(/^job_lag_seconds\{job="metrics-late"\} ([\d.]+)$/m.exec(text)?.[1]);
      expect(lag).toBeGreaterThanOrEqual(89);
      expect(lag).toBeLessThan(150);
      expect(text).not.toContain('job="metrics-future"');
      if (database.kind === "postgres") expect(text).toMatch(/^db_pool_connections [1-9]\d*$/m);
      else expect(text).not.toMatch(/^db_pool_connections \d/m);
    } finally {
      await database.query("delete from outbound");
      await database.query("delete from jobs where name like 'metrics-%'");
      readMetricsFrom(() => undefined);
    }
  });
});

describe("the job runner stopping", () => {
  it("waits a bounded time for the job running, leaves the rest of its round unstarted, and gives back what it holds, due at once", async () => {
    const started: string[] = [];
    let release: () => void = () => undefined;
    const definitions: JobDefinition[] = [
      {
        name: "stop-slow",
        maxAttempts: 1,
        run: async () => {
          started.push("slow");
          await new Promise<void>((resolve) => (release = resolve));
        },
      },
      { name: "stop-next", maxAttempts: 3, run: async () => void started.push("next") },
    ];
    const runner = new JobRunner(database, definitions, { instance: "apagandose", log: () => undefined });
    const slow = (await runner.enqueue("stop-slow", {}, { runAt: new Date(Date.now() - 2_000) }))!;
    const next = (await runner.enqueue("stop-next", {}, { runAt: new Date(Date.now() - 1_000) }))!;
    runner.start(10);
    expect(runner.isRunning()).toBe(true);
    while (started.length === 0) await new Promise((r) => setTimeout(r, 10));

    const { released } = await runner.stop(100);
    expect(runner.isRunning()).toBe(false);
    expect(released).toBe(2);
    expect(started).toEqual(["slow"]);
    const rows = await database.query<{ id: string; state: string; attempts: number; locked_by: string | null; due: boolean }>(
      "select id, state, attempts, locked_by, run_at <= now() as due from jobs where id = any($1::bigint[]) order by id",
      [[slow, next]],
    );
    expect(rows.map(({ state, attempts, locked_by, due }) => ({ state, attempts, locked_by, due }))).toEqual([
      { state: "pending", attempts: 0, locked_by: null, due: true },
      { state: "pending", attempts: 0, locked_by: null, due: true },
    ]);

    // The cut job ends later in this process: its end changes nothing (the job is another instance's to run).
    release();
    await new Promise((r) => setTimeout(r, 50));
    expect((await database.query<{ state: string }>("select state from jobs where id = $1", [slow]))[0].state).toBe("pending");

    // Another instance runs both, each once.
    const runs = definitions.map((d) => ({ ...d, run: async () => void started.push(`otra:${d.name}`) }));
    const other = new JobRunner(database, runs, { instance: "otra", log: () => undefined });
    expect(await other.tick()).toMatchObject({ done: 2, dead: 0 });
    expect(started).toEqual(["slow", "otra:stop-slow", "otra:stop-next"]);
    await database.query("delete from jobs where name like 'stop-%'");
  });
});
