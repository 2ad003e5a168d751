import fs from "node:fs";
import http from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyPostgresDatabase, ensureBuild, startServerChild, tempDataDir, type ServerChild } from "../helpers/server-child";

const url = process.env.TEST_DATABASE_URL;
const TOKEN = "token-de-metricas-de-prueba";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A GET on a connection of its own (the cluster hands each new connection to a worker in turn). */
function getOnNewConnection(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, agent: false, headers }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.once("end", () => resolve({ status: response.statusCode!, body }));
      })
      .once("error", reject);
  });
}

// Several processes share one database: PostgreSQL only (on PGlite the server refuses, server-start-refusals.test.ts).
describe.skipIf(!url)("WEB_CONCURRENCY=2 on PostgreSQL", () => {
  let server: ServerChild;
  let database: Awaited<ReturnType<typeof emptyPostgresDatabase>>;
  const dataDir = tempDataDir();

  beforeAll(async () => {
    ensureBuild();
    database = await emptyPostgresDatabase(url!);
    server = await startServerChild({
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      WEB_CONCURRENCY: "2",
      LOG_LEVEL: "debug",
      METRICS_TOKEN: TOKEN,
      // The feeds every 5 s: more jobs for the two workers' runners to compete for.
      FEED_INTERVAL_MS: "5000",
    });
    const until = Date.now() + 120_000;
    while (!server.output().includes("Back office listo")) {
      if (server.child.exitCode !== null || Date.now() > until) throw new Error(`El servidor no arrancó:\n${server.output()}`);
      await sleep(200);
    }
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("the primary prepares the database once; two workers share the port; each job runs once; /metrics adds up both; SIGTERM ends all with 0", async () => {
    const lines = () => server.logLines();
    const primary = server.child.pid!;
    expect(lines().filter((l) => String(l.msg).startsWith("Proceso principal: prepara la base"))).toHaveLength(1);
    expect(lines().find((l) => String(l.msg).startsWith("Back office listo"))).toMatchObject({
      pid: primary,
      workers: 2,
      database: "postgres",
    });

    // 30 requests, each on a new connection: both workers answer.
    for (let i = 0; i < 30; i++) expect((await getOnNewConnection(server.port, "/readyz")).status).toBe(200);
    await sleep(200);
    const probes = lines().filter((l) => l.route === "/readyz" && l.status === 200);
    const workers = new Set(probes.map((l) => l.pid));
    expect(workers.size).toBe(2);
    expect(workers.has(primary)).toBe(false);

    // Two or three rounds of every worker's runner.
    await sleep(12_000);
    const runs = lines().filter((l) => typeof l.jobId === "number" && String(l.msg).endsWith("terminado"));
    expect(runs.length).toBeGreaterThan(0);
    const byJob = new Map<number, number>();
    for (const run of runs) byJob.set(run.jobId as number, (byJob.get(run.jobId as number) ?? 0) + 1);
    expect([...byJob.values()].every((n) => n === 1)).toBe(true);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ done: number; again: number; migrations: number }>(
        `select (select count(*)::int from jobs where state = 'done') as done,
                (select count(*)::int from jobs where state = 'done' and attempts <> 1) as again,
                (select count(*)::int from drizzle.__drizzle_migrations) as migrations`,
      );
      const journal = JSON.parse(fs.readFileSync("server/db/migrations/meta/_journal.json", "utf8")) as { entries: unknown[] };
      expect(rows[0]).toMatchObject({ again: 0, migrations: journal.entries.length });
      expect(rows[0].done).toBe(byJob.size);
    } finally {
      await client.end();
    }

    // The metrics answer, from either worker, counts the requests both answered.
    expect((await getOnNewConnection(server.port, "/metrics")).status).toBe(401);
    const metrics = await getOnNewConnection(server.port, "/metrics", { authorization: `Bearer ${TOKEN}` });
    expect(metrics.status).toBe(200);
    const count = Number(
      /^http_request_duration_seconds_count\{route="\/readyz",method="GET",status_class="2xx"\} (\d+)$/m.exec(metrics.body)?.[1],
    );
    expect(count).toBeGreaterThanOrEqual(30);
    expect(metrics.body).toMatch(/^db_pool_connections \d+$/m);
    expect(metrics.body).toMatch(/^outbox_backlog\{state="pending"\} 0$/m);

    server.child.kill("SIGTERM");
    expect(await server.exited).toMatchObject({ code: 0 });
    expect(
      lines()
        .filter((l) => l.msg === "Apagado")
        .map((l) => l.pid)
        .sort(),
    ).toEqual([...workers].sort());
  }, 90_000);
});
