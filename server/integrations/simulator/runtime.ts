/**
 * What every simulated call goes through before doing its work: the configured latency, failures
 * queued in sim.failures, the documented magic inputs, and the random failure rate (seeded, so a
 * run with the same seed and the same calls fails at the same places).
 */
import type { Database } from "../../db/client";
import { IntegrationError, type IntegrationErrorKind, type IntegrationSystem } from "../errors";
import { magicFailure } from "./magic";

export type SimulatorOptions = {
  /** The database holding the sim schema (looked up per call: tests swap it). */
  database: () => Database;
  /** Added to every call (SIM_LATENCY_MS). */
  latencyMs: number;
  /** Share of calls failing at random, 0..1 (SIM_FAILURE_RATE). */
  failureRate: number;
  /** Seed of the random failure sequence. */
  seed: number;
  /**
   * How long a simulated time-out waits before failing. Shorter than INTEGRATION_TIMEOUT_MS on
   * purpose: the screen's pending state is visible without making a demo wait the full budget.
   */
  timeoutWaitMs: number;
};

export type InjectedFailure = { kind: IntegrationErrorKind; status?: number | null; message?: string | null };

/**
 * A queued failure kind of the simulator only: the call does its work, then times out, as when the
 * legacy system commits but its answer is lost on the way back (what idempotent retries must survive).
 */
export const LOST_ANSWER = "timeout-after-work";
export type QueuedFailureKind = IntegrationErrorKind | typeof LOST_ANSWER;
type QueuedFailure = { kind: QueuedFailureKind; status: number | null };

/** mulberry32: tiny, fast and good enough to spread failures evenly. */
export function createPrng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How long a simulated call waits on the embedded database before suspecting a deadlock. */
const TRANSACTION_WAIT_MS = 5000;

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

export class SimRuntime {
  private random: () => number;

  constructor(private readonly options: SimulatorOptions) {
    this.random = createPrng(options.seed);
  }

  get database(): Database {
    return this.options.database();
  }

  /** Restarts the random failure sequence (tests and demos that want a known pattern). */
  reseed(seed: number) {
    this.random = createPrng(seed);
  }

  /**
   * Runs one simulated call. `keys` are the call's identifying inputs (movement, order id, text…):
   * queued failures may target one of them, and magic inputs are recognised among them.
   */
  async run<T>(
    system: IntegrationSystem,
    call: string,
    keys: Array<string | number | bigint | null | undefined>,
    work: () => Promise<T>,
  ): Promise<T> {
    const textKeys = keys.filter((k): k is string | number | bigint => k !== null && k !== undefined).map((k) => String(k));
    await sleep(this.options.latencyMs);

    // failNext() stores its match upper-cased and trimmed; compare keys the same way.
    const queued = await this.takeQueuedFailure(
      system,
      call,
      textKeys.map((k) => k.trim().toUpperCase()),
    );
    if (queued?.kind === LOST_ANSWER) {
      // The legacy system did the work but its answer never arrived: the caller sees a time-out.
      await work();
      return this.fail(system, call, { kind: "timeout" });
    }
    if (queued) return this.fail(system, call, queued as InjectedFailure);

    const magic = magicFailure(system, call, textKeys);
    if (magic) return this.fail(system, call, magic);

    if (this.options.failureRate > 0 && this.random() < this.options.failureRate) {
      const roll = this.random();
      const failure: InjectedFailure =
        roll < 0.3 ? { kind: "timeout" } : roll < 0.5 ? { kind: "network" } : { kind: "http", status: roll < 0.85 ? 500 : 503 };
      return this.fail(system, call, failure);
    }
    return work();
  }

  private async takeQueuedFailure(system: IntegrationSystem, call: string, keys: string[]): Promise<QueuedFailure | null> {
    // One statement picks and consumes the oldest matching row, so two concurrent calls never share it.
    const query = this.database.query<QueuedFailure>(
      `delete from sim.failures
        where id = (
          select id from sim.failures
           where system = $1 and call in ($2, '*') and (match is null or match = any($3::text[]))
           order by id limit 1
           for update skip locked)
        returning kind, status`,
      [system, call, keys],
    );
    const rows = await this.guardAgainstOpenTransaction(query, `${system}.${call}`);
    return rows[0] ?? null;
  }

  /**
   * The embedded database has a single connection: a simulated call made from inside an app
   * transaction waits for that transaction, which waits for the call. Rather than hang, fail with
   * the fix. (Holding a transaction open across a remote call is wrong with the HTTP adapters too.)
   */
  private async guardAgainstOpenTransaction<T>(query: Promise<T>, target: string): Promise<T> {
    const pglite = this.database.pglite;
    if (!pglite) return query;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stuck = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        if (pglite.isInTransaction()) {
          reject(
            new Error(
              `${target}: el simulador espera a una transacción abierta de la base embebida. ` +
                "Llama a las integraciones fuera de db.transaction() (consulta primero, guarda después).",
            ),
          );
        }
      }, TRANSACTION_WAIT_MS);
    });
    try {
      return await Promise.race([query, stuck]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async fail(system: IntegrationSystem, call: string, failure: InjectedFailure): Promise<never> {
    if (failure.kind === "timeout") await sleep(this.options.timeoutWaitMs);
    throw new IntegrationError({
      system,
      call,
      kind: failure.kind,
      status: failure.kind === "http" ? (failure.status ?? 500) : (failure.status ?? undefined),
      message: failure.message ?? undefined,
      detail: "falla simulada",
    });
  }
}
