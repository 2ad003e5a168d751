import crypto from "node:crypto";
import os from "node:os";
import type { Database } from "../db/client";
import { log as serverLog } from "../ops/log";
import { jobFailures } from "../ops/metrics";
import type { Schedule } from "./schedule";

/** A claimed job as its handler sees it. */
export type Job = {
  id: number;
  name: string;
  key: string | null;
  payload: Record<string, unknown>;
  attempt: number;
  maxAttempts: number;
  now: Date;
};

export type JobDefinition = {
  name: string;
  /** The work; a returned line is logged (say nothing when there was nothing to do). Throwing fails the attempt. */
  run: (job: Job) => Promise<string | void>;
  /** Runs once per period of the schedule, on whichever instance claims it first. */
  schedule?: Schedule;
  /** Attempts before the job is left in the dead-letter state ("dead"). */
  maxAttempts?: number;
  /** The wait after failed attempt n is base × 2^(n−1), at most max. */
  backoff?: { baseMs: number; maxMs: number };
  /** How long a claim lasts: a job still "running" after it (its instance stopped) is claimed again. */
  leaseMs?: number;
};

export type RunnerOptions = {
  /** The clock (tests move it by hand; no test waits for a period to pass). */
  now?: () => Date;
  /** Names this instance in `locked_by`. */
  instance?: string;
  /** Where the runner's lines go (default: the server's log, failures as warnings, dead jobs as errors). */
  log?: (line: string, level?: "info" | "warn" | "error") => void;
  /** Jobs claimed per tick. */
  batch?: number;
};

export type TickResult = { scheduled: number; done: number; retried: number; dead: number };

const DEFAULTS = { maxAttempts: 5, backoff: { baseMs: 5_000, maxMs: 30 * 60_000 }, leaseMs: 10 * 60_000 };

/** Milliseconds to wait after failed attempt `attempt` (1-based): base × 2^(attempt−1), capped. */
export function backoffMs(attempt: number, backoff: { baseMs: number; maxMs: number } = DEFAULTS.backoff): number {
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempt - 1));
}

type Row = {
  id: string | number;
  name: string;
  key: string | null;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
};

/**
 * Background jobs in the `jobs` table, shared by every instance on one database (decision 0041).
 * A tick (1) adds the next run of each schedule — one row per (name, period), so however many
 * instances add it there is one; (2) claims due jobs with FOR UPDATE SKIP LOCKED and a lease, so no
 * two instances run one job; (3) runs them outside any transaction: done, or retried with
 * exponential back-off, or after its last attempt left "dead" for someone to look at.
 */
export class JobRunner {
  private readonly definitions: Map<string, JobDefinition>;
  private readonly now: () => Date;
  readonly instance: string;
  private readonly log: (line: string, level?: "info" | "warn" | "error") => void;
  private readonly batch: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private started = false;
  private stopped = false;

  constructor(
    private readonly database: Database,
    definitions: JobDefinition[],
    options: RunnerOptions = {},
  ) {
    this.definitions = new Map(definitions.map((d) => [d.name, d]));
    if (this.definitions.size !== definitions.length) throw new Error("Dos trabajos con el mismo nombre");
    this.now = options.now ?? (() => new Date());
    this.instance = options.instance ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`;
    this.log = options.log ?? ((line, level = "info") => serverLog[level]({ runner: this.instance }, line));
    this.batch = options.batch ?? 10;
  }

  /** Adds a job; with a `key`, a second job of the same name and key is not added (null). */
  async enqueue(name: string, payload: Record<string, unknown> = {}, options: { key?: string; runAt?: Date } = {}): Promise<number | null> {
    const definition = this.definition(name);
    const [row] = await this.database.query<{ id: string }>(
      `insert into jobs (name, key, payload, run_at, max_attempts) values ($1, $2, $3::jsonb, $4::timestamptz, $5)
       on conflict (name, key) do nothing returning id`,
      [
        name,
        options.key ?? null,
        JSON.stringify(payload),
        (options.runAt ?? this.now()).toISOString(),
        definition.maxAttempts ?? DEFAULTS.maxAttempts,
      ],
    );
    return row ? Number(row.id) : null;
  }

  /** Adds the next run of every schedule that does not have it yet; returns how many were added. */
  async schedule(): Promise<number> {
    const now = this.now();
    const scheduled = [...this.definitions.values()].filter((d) => d.schedule);
    if (scheduled.length === 0) return 0;
    const runAt = scheduled.map((d) => d.schedule!.next(now).toISOString());
    const added = await this.database.query(
      `insert into jobs (name, key, run_at, max_attempts)
       select name, run_at, run_at::timestamptz, max_attempts from unnest($1::text[], $2::text[], $3::int[]) as s(name, run_at, max_attempts)
       on conflict (name, key) do nothing returning id`,
      [scheduled.map((d) => d.name), runAt, scheduled.map((d) => d.maxAttempts ?? DEFAULTS.maxAttempts)],
    );
    return added.length;
  }

  /** Claims up to `limit` due jobs of the names this runner knows (a job whose lease ran out counts as due). */
  async claim(limit = this.batch): Promise<Job[]> {
    const now = this.now();
    const leases = Object.fromEntries([...this.definitions.values()].map((d) => [d.name, (d.leaseMs ?? DEFAULTS.leaseMs) / 1000]));
    const rows = await this.database.query<Row>(
      `update jobs set state = 'running', attempts = attempts + 1, locked_by = $4,
         locked_until = $2::timestamptz + make_interval(secs => ($5::jsonb ->> name)::float8)
       where id in (
         select id from jobs
         where name = any($1::text[])
           and ((state = 'pending' and run_at <= $2::timestamptz) or (state = 'running' and locked_until <= $2::timestamptz))
         order by run_at, id
         limit $3
         for update skip locked)
       returning id, name, key, payload, attempts, max_attempts`,
      [Object.keys(leases), now.toISOString(), limit, this.instance, JSON.stringify(leases)],
    );
    return rows
      .map((r) => ({
        id: Number(r.id),
        name: r.name,
        key: r.key,
        payload: r.payload,
        attempt: r.attempts,
        maxAttempts: r.max_attempts,
        now,
      }))
      .sort((a, b) => a.id - b.id);
  }

  /** One round: schedule, claim, run what was claimed. */
  async tick(): Promise<TickResult> {
    const result: TickResult = { scheduled: await this.schedule(), done: 0, retried: 0, dead: 0 };
    for (const job of await this.claim()) {
      // Stopping: the jobs claimed and not started are left to releaseLeases, for another instance.
      if (this.stopped) break;
      result[await this.runOne(job)]++;
    }
    return result;
  }

  private async runOne(job: Job): Promise<"done" | "retried" | "dead"> {
    const definition = this.definition(job.name);
    let error: unknown;
    const started = Date.now();
    if (job.attempt > job.maxAttempts) {
      // Its last attempt was claimed and never finished (the instance stopped while running it).
      error = new Error("El último intento no terminó");
    } else {
      let line: string | void = undefined;
      let failed = false;
      try {
        line = await definition.run(job);
      } catch (caught) {
        [failed, error] = [true, caught];
      }
      if (!failed) {
        await this.finish(job, "done", null, this.now());
        serverLog.debug(
          { job: job.name, jobId: job.id, attempt: job.attempt, ms: Date.now() - started, runner: this.instance },
          `[trabajos] ${job.name} (${job.id}) terminado`,
        );
        if (line) this.log(`[trabajos] ${job.name}: ${line}`);
        return "done";
      }
    }
    jobFailures.inc({ job: job.name });
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const now = this.now();
    if (job.attempt >= job.maxAttempts) {
      await this.finish(job, "dead", message, now);
      this.log(
        `[trabajos] ${job.name} (${job.id}) falló en su intento ${job.attempt} de ${job.maxAttempts} y queda detenido: ${message}`,
        "error",
      );
      return "dead";
    }
    const retryAt = new Date(now.getTime() + backoffMs(job.attempt, definition.backoff ?? DEFAULTS.backoff));
    await this.database.query(
      `update jobs set state = 'pending', run_at = $3::timestamptz, last_error = $4, locked_until = null, locked_by = null
       where id = $1 and attempts = $2 and state = 'running'`,
      [job.id, job.attempt, retryAt.toISOString(), message],
    );
    this.log(
      `[trabajos] ${job.name} (${job.id}) falló en su intento ${job.attempt} de ${job.maxAttempts}; se reintenta ${retryAt.toISOString()}: ${message}`,
      "warn",
    );
    return "retried";
  }

  /** Ends the attempt it claimed, unless its lease ran out and another claim took the job over. */
  private async finish(job: Job, state: "done" | "dead", lastError: string | null, now: Date) {
    await this.database.query(
      `update jobs set state = $3, last_error = $4, finished_at = $5::timestamptz, locked_until = null
       where id = $1 and attempts = $2 and state = 'running'`,
      [job.id, job.attempt, state, lastError, now.toISOString()],
    );
  }

  private definition(name: string): JobDefinition {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`Trabajo desconocido: ${name}`);
    return definition;
  }

  /** Ticks every `intervalMs` until stopped (a tick that throws is logged; the next one goes on). */
  start(intervalMs = 5_000): void {
    this.started = true;
    const loop = () => {
      this.timer = setTimeout(() => {
        this.running = this.tick()
          .catch((error) => this.log(`[trabajos] ronda fallida: ${(error as Error).message}`, "warn"))
          .finally(() => {
            this.running = undefined;
            if (!this.stopped) loop();
          });
      }, intervalMs);
      this.timer.unref();
    };
    loop();
  }

  /** Whether it ticks: started and not stopped (the readiness check). */
  isRunning(): boolean {
    return this.started && !this.stopped;
  }

  /**
   * Stops ticking, waits at most `waitMs` for the job running now to end (the jobs claimed after it
   * in the same round are not started), then gives back what this instance still holds
   * (releaseLeases): those jobs are due again at once for any instance, not after their lease.
   */
  async stop(waitMs = Number.POSITIVE_INFINITY): Promise<{ released: number }> {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.running) {
      let timer: NodeJS.Timeout | undefined;
      const waited = Number.isFinite(waitMs)
        ? new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))
        : new Promise<void>(() => undefined);
      await Promise.race([this.running, waited]);
      clearTimeout(timer);
    }
    return { released: await this.releaseLeases() };
  }

  /**
   * Jobs this instance claimed and did not finish go back to pending, due now, with the claim's
   * attempt given back (the job did not fail: its instance stopped). A job still running here when
   * this is called may finish later: its own end then changes nothing (it checks its claim).
   */
  async releaseLeases(): Promise<number> {
    const rows = await this.database.query<{ id: string; name: string }>(
      `update jobs set state = 'pending', attempts = greatest(attempts - 1, 0), locked_until = null, locked_by = null
       where state = 'running' and locked_by = $1 returning id, name`,
      [this.instance],
    );
    if (rows.length > 0)
      this.log(`[trabajos] ${rows.length} trabajos devueltos al apagar: ${rows.map((r) => `${r.name} (${r.id})`).join(", ")}`);
    return rows.length;
  }
}

/** Keeps the jobs table small: done runs go after a day, dead ones after thirty (long enough to be looked at). */
export async function purgeFinishedJobs(database: Database, now: Date = new Date()): Promise<number> {
  const rows = await database.query(
    `delete from jobs where (state = 'done' and finished_at < $1::timestamptz - interval '1 day')
       or (state = 'dead' and finished_at < $1::timestamptz - interval '30 days') returning id`,
    [now.toISOString()],
  );
  return rows.length;
}

/** The runner of this instance with the process's jobs (the app's list, `appParts.jobs`), ticking every five seconds. */
export function startJobs(database: Database, definitions: JobDefinition[], options: RunnerOptions = {}) {
  const runner = new JobRunner(database, definitions, options);
  runner.start(5_000);
  return runner;
}
