import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { bundledLatestMigration, readiness } from "../../server/ops/health";
import { mountOperations } from "../../server/ops/http";
import { createLogger, log, setLogger } from "../../server/ops/log";
import { bearerMatches } from "../../server/ops/metrics-endpoint";
import { createLifecycle, drainServer } from "../../server/ops/shutdown";

/** What the logger writes, one parsed JSON object per line. */
function captureLog() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  setLogger(createLogger({ level: "debug", destination }));
  return lines;
}

const TOKEN = "token-de-metricas-123456";
let lines: Array<Record<string, unknown>>;
let jobsState: "running" | "off" | "stopped" = "running";
let storageOk = true;
const lifecycle = createLifecycle();
let server: http.Server;
let base: string;
let releaseSlow: () => void = () => undefined;

beforeAll(async () => {
  const original = log;
  const app = express();
  mountOperations(app, {
    lifecycle,
    readiness: readiness({
      database: () => ({ query: async () => [{ latest: bundledLatestMigration() }] }) as never,
      jobs: () => jobsState,
      draining: () => lifecycle.draining,
      storage: async () => (storageOk ? { ok: true } : { ok: false, message: "EROFS" }),
      cacheMs: 0,
    }),
    metrics: { token: TOKEN, clustered: false },
  });
  app.get("/orders/:id", (req, res) => {
    res.locals.routePattern = "/orders/:orderId";
    log.info({ step: "loader" }, "dentro de la solicitud");
    res.setHeader("Set-Cookie", "bo_toast=x");
    res.end(`orden ${req.params.id}`);
  });
  app.get("/slow", (_req, res) => {
    releaseSlow = () => res.end("lento");
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return () => setLogger(original);
});

afterAll(() => server.close());
beforeEach(() => {
  lines = captureLog();
  jobsState = "running";
  storageOk = true;
});

describe("/healthz and /readyz", () => {
  it("answer only a status, set no cookie, and are logged at debug (probes do not fill the log)", async () => {
    const health = await fetch(`${base}/healthz`, { headers: { cookie: "bo_session=s3cr3t" } });
    expect(health.status).toBe(200);
    expect(await health.text()).toBe('{"status":"ok"}');
    expect(health.headers.get("set-cookie")).toBeNull();
    expect(health.headers.get("cache-control")).toBe("no-store");
    const ready = await fetch(`${base}/readyz`);
    expect([ready.status, await ready.text()]).toEqual([200, '{"status":"ok"}']);
    await vi.waitFor(() => expect(lines.filter((l) => l.route === "/readyz").map((l) => l.level)).toEqual(["debug"]));
  });

  it("/readyz names what fails, and nothing else", async () => {
    storageOk = false;
    jobsState = "stopped";
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "unavailable", failing: ["storage", "jobs"] });
  });
});

describe("readiness check", () => {
  it("a probe storm costs one check per period; a database that does not answer counts as failing, without piling up queries", async () => {
    let queries = 0;
    let answer: (rows: unknown[]) => void = () => undefined;
    const database = {
      query: () => {
        queries++;
        return new Promise<unknown[]>((resolve) => (answer = resolve));
      },
    };
    const check = readiness({
      database: () => database as never,
      jobs: () => "off",
      draining: () => false,
      storage: async () => ({ ok: true }),
      cacheMs: 1_000,
      timeoutMs: 50,
    });
    const storm = await Promise.all(Array.from({ length: 50 }, () => check()));
    expect(queries).toBe(1);
    expect(storm.every((f) => f.length === 1 && f[0] === "database")).toBe(true);
    // Within the cache period: the same answer, no new query.
    expect(await check()).toEqual(["database"]);
    expect(queries).toBe(1);
    answer([]);
  });

  it("reports migrations, storage and a stopped job runner; off by configuration is not a failure; shutdown first of all", async () => {
    let jobs: "running" | "off" | "stopped" = "stopped";
    let draining = false;
    const check = readiness({
      database: () => ({ query: async () => [{ latest: "1" }] }) as never,
      jobs: () => jobs,
      draining: () => draining,
      storage: async () => ({ ok: false, message: "EROFS" }),
      cacheMs: 0,
    });
    expect(await check()).toEqual(["migrations", "storage", "jobs"]);
    jobs = "off";
    expect(await check()).toEqual(["migrations", "storage"]);
    draining = true;
    expect(await check()).toEqual(["shutdown"]);
  });
});

describe("/metrics", () => {
  it("asks for the bearer token and answers in Prometheus' format, labelled by route pattern", async () => {
    await fetch(`${base}/orders/2000001234`).then((r) => r.text());
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: "Bearer otro-token-cualquiera" } })).status).toBe(401);
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(res.headers.get("set-cookie")).toBeNull();
    const body = await res.text();
    expect(body).toMatch(/^http_request_duration_seconds_count\{route="\/orders\/:orderId",method="GET",status_class="2xx"\} \d+$/m);
    expect(body).not.toContain("2000001234");
    expect(body).toContain("# TYPE job_failures_total counter");
    expect(body).toContain("# TYPE pdf_render_duration_seconds histogram");
  });

  it("does not exist without METRICS_TOKEN", async () => {
    const app = express();
    mountOperations(app, { lifecycle: createLifecycle(), readiness: async () => [], metrics: { token: undefined, clustered: false } });
    const other = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => other.once("listening", resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(other.address() as AddressInfo).port}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.status).toBe(404);
    } finally {
      other.close();
    }
  });

  it("compares the token whole", () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(TOKEN, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
  });
});

describe("draining", () => {
  it("lets the request in flight end, answers a new one on a kept-alive connection 503 with Connection: close, keeps /readyz at 503", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string) =>
      new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
        http
          .get(`${base}${path}`, { agent }, (res) => {
            let body = "";
            res.on("data", (c: Buffer) => (body += c.toString()));
            res.on("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
          })
          .once("error", reject);
      });
    expect((await get("/healthz")).status).toBe(200);
    const slow = fetch(`${base}/slow`).then((r) => r.text());
    await vi.waitFor(() => expect(lifecycle.inFlight.count).toBe(1));
    lifecycle.draining = true;
    try {
      const late = await get("/orders/1");
      expect(late).toMatchObject({ status: 503, connection: "close" });
      expect(late.body).toContain("Código de la solicitud");
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: "unavailable", failing: ["shutdown"] });
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      releaseSlow();
      expect(await slow).toBe("lento");
    } finally {
      lifecycle.draining = false;
      agent.destroy();
    }
  });

  it("drainServer waits for the requests in flight, then closes", async () => {
    const app = express();
    const own = createLifecycle();
    let finish: () => void = () => undefined;
    let arrived: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    mountOperations(app, { lifecycle: own, readiness: async () => [], metrics: { token: undefined, clustered: false } });
    app.get("/slow", (_req, res) => {
      finish = () => res.end("fin");
      arrived();
    });
    const other = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => other.once("listening", resolve));
    const answer = fetch(`http://127.0.0.1:${(other.address() as AddressInfo).port}/slow`).then((r) => r.text());
    // The drain starts once the request is in the handler (a connection still opening would be cut as idle).
    await inFlight;
    const drained = drainServer(other, own, 5_000);
    setTimeout(() => finish(), 100);
    expect(await drained).toEqual({ cut: 0 });
    expect(await answer).toBe("fin");
    expect(other.listening).toBe(false);
  });
});
