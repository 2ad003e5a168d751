import client from "prom-client";
import type { Database } from "../db/client";
import { log } from "./log";

/**
 * The server's Prometheus metrics (docs/operations.md, "Metrics"), in a registry of its own. What
 * is read from the database (job lag, outbox backlog) is read when Prometheus scrapes, one short
 * query each; with several workers (WEB_CONCURRENCY) each worker reads it and the primary keeps the
 * largest (`aggregator: "max"`), while counts and histograms are summed.
 */
export const registry = new client.Registry();

/** Seconds from a request's first byte to its answer's last, by route pattern, method and status class. */
export const httpRequestDuration = new client.Histogram({
  name: "http_request_duration_seconds",
  help: "Tiempo de respuesta por patrón de ruta (nunca la URL con sus ids), método y clase de estado (2xx…5xx, aborted).",
  labelNames: ["route", "method", "status_class"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** Failed attempts of each background job (retried or left dead). */
export const jobFailures = new client.Counter({
  name: "job_failures_total",
  help: "Intentos fallidos de cada trabajo de fondo (reintentados o detenidos).",
  labelNames: ["job"] as const,
  registers: [registry],
});

/** Printing one document to PDF with Chromium. */
export const pdfRenderDuration = new client.Histogram({
  name: "pdf_render_duration_seconds",
  help: "Tiempo de impresión de un documento a PDF (Chromium), por resultado.",
  labelNames: ["outcome"] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 60],
  registers: [registry],
});

let database: (() => Database | undefined) | undefined;

/** Where the scrape-time gauges read from (the process's database, once open). */
export function readMetricsFrom(source: () => Database | undefined) {
  database = source;
}

function openDatabase(): Database | undefined {
  try {
    return database?.();
  } catch {
    return undefined;
  }
}

/** A scrape-time read that fails (the database is down) leaves its gauge empty; the scrape still answers. */
async function scrapeRead<T>(what: string, read: (db: Database) => Promise<T>): Promise<T | undefined> {
  const db = openDatabase();
  if (!db) return undefined;
  try {
    return await read(db);
  } catch (error) {
    log.warn({ err: error, metric: what }, "No se pudo leer una métrica de la base");
    return undefined;
  }
}

type PoolStats = () => { total: number; idle: number; waiting: number };
let poolStats: PoolStats | undefined;

/**
 * PostgreSQL's pool (connections open, idle, queries waiting for one), registered once a pool
 * exists: the embedded database (PGlite) has no pool — one connection in the server's thread — and
 * reports none of these.
 */
export function observeDatabasePool(stats: PoolStats) {
  const first = poolStats === undefined;
  poolStats = stats;
  if (!first) return;
  const gauge = (name: string, help: string, read: (s: ReturnType<PoolStats>) => number) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        if (poolStats) this.set(read(poolStats()));
      },
    });
  gauge("db_pool_connections", "Conexiones abiertas del pool de PostgreSQL.", (s) => s.total);
  gauge("db_pool_idle_connections", "Conexiones del pool de PostgreSQL sin consulta en curso.", (s) => s.idle);
  gauge("db_pool_waiting_clients", "Consultas esperando una conexión libre del pool de PostgreSQL.", (s) => s.waiting);
}

new client.Gauge({
  name: "job_lag_seconds",
  help: "Por trabajo: segundos desde que venció su ejecución pendiente más antigua (0 = nada vencido).",
  labelNames: ["job"] as const,
  aggregator: "max",
  registers: [registry],
  async collect() {
    const rows = await scrapeRead("job_lag_seconds", (db) =>
      db.query<{ name: string; lag: number }>(
        // Due: pending and its time has come, or running on a lease that ran out (its instance stopped).
        `select name, extract(epoch from (now() - min(case when state = 'pending' then run_at else locked_until end)))::float8 as lag
         from jobs where (state = 'pending' and run_at <= now()) or (state = 'running' and locked_until <= now())
         group by name`,
      ),
    );
    this.reset();
    for (const row of rows ?? []) this.set({ job: row.name }, Math.max(0, Number(row.lag)));
  },
});

new client.Gauge({
  name: "outbox_backlog",
  help: "Llamadas al back end de contenido por enviar (pending) y detenidas esperando «Reintentar» (failed).",
  labelNames: ["state"] as const,
  aggregator: "max",
  registers: [registry],
  async collect() {
    const rows = await scrapeRead("outbox_backlog", (db) =>
      db.query<{ pending: number; failed: number }>(
        `select count(*) filter (where state = 'pending')::int as pending, count(*) filter (where state = 'failed')::int as failed
         from outbound where state in ('pending', 'failed')`,
      ),
    );
    this.reset();
    if (!rows?.[0]) return;
    this.set({ state: "pending" }, rows[0].pending);
    this.set({ state: "failed" }, rows[0].failed);
  },
});

let processMetrics = false;

/** Node's own metrics (CPU, memory, event-loop delay, GC, handles), started with the server only. */
export function collectProcessMetrics() {
  if (processMetrics) return;
  processMetrics = true;
  client.collectDefaultMetrics({ register: registry });
}

/** The class of a status for the latency histogram's label. */
export function statusClass(status: number, aborted = false): string {
  if (aborted) return "aborted";
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : "other";
}

export async function pdfRendered<T>(render: () => Promise<T>): Promise<T> {
  const stop = pdfRenderDuration.startTimer();
  try {
    const result = await render();
    stop({ outcome: "ok" });
    return result;
  } catch (error) {
    stop({ outcome: "error" });
    throw error;
  }
}
