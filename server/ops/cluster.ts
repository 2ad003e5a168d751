import cluster, { type Worker } from "node:cluster";
import client from "prom-client";
import type { Env } from "../env";
import { log } from "./log";
import { registry } from "./metrics";

/**
 * WEB_CONCURRENCY > 1 (with DATABASE_URL): the primary process prepares the database once
 * (migrations, demo seed, stored session secret, under the start-up lock), then forks that many
 * workers that share the port (node:cluster hands out connections). Each worker is a whole server
 * (its pool, its job runner — claims use SKIP LOCKED, so a job runs once however many run —, its
 * Chromium). The primary serves nothing itself: it replaces a worker that dies, aggregates the
 * workers' metrics for whichever worker is scraped, and on SIGTERM/SIGINT asks every worker to shut
 * down gracefully, then exits.
 */
const METRICS_REQUEST = "bo:metrics-request";
const METRICS_ANSWER = "bo:metrics-answer";
/** The worker's position (0…N−1), kept across a replacement: worker 0 runs the start-up integration check. */
export const WORKER_INDEX_VARIABLE = "BO_WORKER_INDEX";

type MetricsRequest = { type: typeof METRICS_REQUEST; id: number };
type MetricsAnswer = { type: typeof METRICS_ANSWER; id: number; text?: string; error?: string };

export function isClusterWorker(): boolean {
  return cluster.isWorker;
}

export function workerIndex(): number {
  return Number(process.env[WORKER_INDEX_VARIABLE] ?? 0);
}

let nextRequest = 0;
const pending = new Map<number, (answer: MetricsAnswer) => void>();

/**
 * In a worker: answers the primary's requests for this worker's metrics (prom-client's cluster
 * protocol) and hears the answers to its own requests for everyone's.
 */
export function joinClusterMetrics() {
  client.AggregatorRegistry.setRegistries([registry]);
  // Its constructor installs the listener that answers the primary.
  void new client.AggregatorRegistry();
  process.on("message", (message: Partial<MetricsAnswer>) => {
    if (message?.type !== METRICS_ANSWER || typeof message.id !== "number") return;
    pending.get(message.id)?.(message as MetricsAnswer);
    pending.delete(message.id);
  });
}

/** In a worker: every worker's metrics, aggregated by the primary. */
export function clusterMetrics(timeoutMs = 6_000): Promise<string> {
  const id = nextRequest++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error("El proceso principal no entregó las métricas"));
    }, timeoutMs);
    pending.set(id, (answer) => {
      clearTimeout(timer);
      if (answer.text !== undefined) resolve(answer.text);
      else reject(new Error(answer.error ?? "sin métricas"));
    });
    process.send?.({ type: METRICS_REQUEST, id } satisfies MetricsRequest);
  });
}

export type PrimaryOptions = {
  env: Env;
  /** Migrations, demo seed, stored secret — once, before any worker starts; says whether it seeded. */
  prepare: () => Promise<{ seeded: boolean; kind: string }>;
  /** The "ready" lines, once every worker listens. */
  announce: (details: { ms: number; seeded: boolean; kind: string; workers: number }) => void;
};

/** Runs the primary process: prepares the database, forks the workers and supervises them until a signal ends it. */
export async function runPrimary({ env, prepare, announce }: PrimaryOptions): Promise<void> {
  const started = Date.now();
  const size = env.WEB_CONCURRENCY;
  log.info({ workers: size }, `Proceso principal: prepara la base y arranca ${size} procesos de trabajo`);
  const { seeded, kind } = await prepare();

  const aggregator = new client.AggregatorRegistry();
  const indexOf = new Map<Worker, number>();
  const listened = new Set<Worker>();
  let announced = false;
  let stopping = false;

  const fork = (index: number) => {
    const worker = cluster.fork({ [WORKER_INDEX_VARIABLE]: String(index) });
    indexOf.set(worker, index);
    worker.on("message", (message: Partial<MetricsRequest>) => {
      if (message?.type !== METRICS_REQUEST || typeof message.id !== "number") return;
      const id = message.id;
      aggregator.clusterMetrics().then(
        (text) => worker.isConnected() && worker.send({ type: METRICS_ANSWER, id, text } satisfies MetricsAnswer),
        (error: Error) => worker.isConnected() && worker.send({ type: METRICS_ANSWER, id, error: error.message } satisfies MetricsAnswer),
      );
    });
    return worker;
  };

  cluster.on("listening", (worker) => {
    listened.add(worker);
    if (!announced && listened.size >= size) {
      announced = true;
      announce({ ms: Date.now() - started, seeded, kind, workers: size });
    }
  });

  // The workers alive (indexOf loses a worker on its exit; Node's own list may keep it a moment longer).
  const stopAll = (signal: NodeJS.Signals) => {
    for (const worker of indexOf.keys()) worker.process.kill(signal);
  };

  let failed = false;
  cluster.on("exit", (worker, code, signal) => {
    const index = indexOf.get(worker) ?? 0;
    indexOf.delete(worker);
    if (stopping) {
      if (code !== 0) failed = true;
      log.info({ worker: index, workerPid: worker.process.pid, code, signal }, `Proceso de trabajo ${index} terminado`);
      if (indexOf.size === 0) process.exit(failed ? 1 : 0);
      return;
    }
    if (!listened.has(worker)) {
      // Dying before it ever listened is a start-up failure (configuration, database): the others would too.
      log.fatal(
        { worker: index, code, signal },
        `El proceso de trabajo ${index} terminó al arrancar (código ${code ?? signal}); se detiene el servidor`,
      );
      stopping = true;
      failed = true;
      stopAll("SIGTERM");
      if (indexOf.size === 0) process.exit(1);
      return;
    }
    listened.delete(worker);
    log.error(
      { worker: index, workerPid: worker.process.pid, code, signal },
      `El proceso de trabajo ${index} terminó (código ${code ?? signal}); se arranca otro`,
    );
    setTimeout(() => {
      if (!stopping) fork(index);
    }, 1_000).unref();
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, `Apagando (${signal}): se avisa a los procesos de trabajo`);
    stopAll("SIGTERM");
    // A worker that does not end within its own time-out and a margin is killed.
    setTimeout(() => {
      log.error("Procesos de trabajo sin terminar a tiempo: se detienen a la fuerza");
      stopAll("SIGKILL");
      setTimeout(() => process.exit(1), 1_000).unref();
    }, env.SHUTDOWN_TIMEOUT_MS + 15_000).unref();
    if (indexOf.size === 0) process.exit(0);
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  for (let index = 0; index < size; index++) fork(index);
}
