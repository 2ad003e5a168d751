/** The simulator adapters of the four systems, sharing one runtime (latency, failures, database). */
import { getDatabase, type Database } from "../../db/client";
import { createSimulatorAi } from "../ai/simulator";
import { createSimulatorErp, simulateInvoicedSale } from "../erp/simulator";
import type { IntegrationSystem } from "../errors";
import { createSimulatorInvoicing } from "../invoicing/simulator";
import { createSimulatorContent } from "../content/simulator";
import { createSimulatorMarketplace } from "../marketplace/simulator";
import type { Integrations } from "../types";
import { listDemoCreditNotes, listDemoMovements } from "./demo";
import { SimRuntime, type QueuedFailureKind, type SimulatorOptions } from "./runtime";

export { listDemoCreditNotes, listDemoMovements } from "./demo";
export { MAGIC_INPUTS, MAGIC_TOKENS } from "./magic";
export { SimRuntime } from "./runtime";

/** Seed of the random failure sequence unless a test or demo reseeds it. */
export const DEFAULT_SIM_SEED = 20240917;

/** The last runtime created: the one simulatorControl.reseed() talks to. */
let lastRuntime: SimRuntime | undefined;

export function createSimulatorIntegrations(
  options: Partial<SimulatorOptions> & { sellerName?: () => string } = {},
): Integrations & { runtime: SimRuntime } {
  const runtime = new SimRuntime({
    database: options.database ?? getDatabase,
    latencyMs: options.latencyMs ?? 0,
    failureRate: options.failureRate ?? 0,
    seed: options.seed ?? DEFAULT_SIM_SEED,
    timeoutWaitMs: options.timeoutWaitMs ?? 0,
  });
  lastRuntime = runtime;
  return {
    modes: { erp: "simulator", marketplace: "simulator", ai: "simulator", invoicing: "simulator", content: "simulator" },
    runtime,
    erp: createSimulatorErp(runtime),
    marketplace: createSimulatorMarketplace(runtime, { sellerName: options.sellerName ?? (() => "Vendedor") }),
    ai: createSimulatorAi(runtime),
    invoicing: createSimulatorInvoicing(runtime),
    content: createSimulatorContent(runtime),
  };
}

export type FailNextOptions = {
  /** How many consecutive matching calls fail (default 1). */
  times?: number;
  /** Only calls carrying this key fail (a movement, order id, SKU, question id…). */
  match?: string;
  /** HTTP status for kind "http" (default 500). */
  status?: number;
  database?: Database;
};

/**
 * Deterministic failure injection for tests and demos. Failures are rows in sim.failures, so they
 * work across processes (a Playwright test can queue one for the running server).
 */
export const simulatorControl = {
  /** Makes the next call(s) to `target` ("erp.validateMovement", "marketplace.*") fail with `kind`. */
  async failNext(target: `${IntegrationSystem}.${string}`, kind: QueuedFailureKind, options: FailNextOptions = {}): Promise<void> {
    const [system, call] = target.split(".", 2) as [IntegrationSystem, string];
    const database = options.database ?? getDatabase();
    const times = Math.max(1, Math.floor(options.times ?? 1));
    await database.query(
      `insert into sim.failures (system, call, kind, status, match) select $1, $2, $3, $4, $5 from generate_series(1, $6::int)`,
      [system, call || "*", kind, options.status ?? null, options.match?.trim().toUpperCase() ?? null, times],
    );
  },

  async clearFailures(database: Database = getDatabase()): Promise<void> {
    await database.query(`delete from sim.failures`);
  },

  async pendingFailures(database: Database = getDatabase()) {
    return database.query<{ system: string; call: string; kind: string; status: number | null; match: string | null }>(
      `select system, call, kind, status, match from sim.failures order by id`,
    );
  },

  /** Restarts the random failure sequence of SIM_FAILURE_RATE. */
  reseed(seed: number): void {
    lastRuntime?.reseed(seed);
  },

  /** The customer invoiced a point-of-sale sale: checkInvoice says so from now on. */
  async invoicePdvSale(reference: string) {
    const runtime = lastRuntime;
    if (!runtime) throw new Error("El simulador no está activo");
    return simulateInvoicedSale(runtime, reference);
  },

  listDemoMovements,
  listDemoCreditNotes,
};
