import { drainPdvOutbox } from "~/modules/pdv/sale.server";
import { purgeExpiredSessions } from "~/web/auth/session.server";
import type { Database } from "../db/client";
import { NIGHTLY, nightlyMaintenance, purgeLoginThrottle } from "../db/maintenance";
import { JobRunner, purgeFinishedJobs, type JobDefinition, type RunnerOptions } from "./runner";
import { cron, every } from "./schedule";

/**
 * The server's periodic work, each run once per period by one instance, however many run
 * (decision 0041). A failed run is retried with back-off; after its last attempt it stays "dead" in
 * the jobs table with its error.
 */
export function appJobs(database: Database): JobDefinition[] {
  return [
    {
      // Sales and cancellations the ERP has not taken yet (after a failure, a time-out or a restart);
      // each outbox row keeps its own attempts and back-off (decision 0012), so a run is not retried.
      name: "pdv-outbox",
      schedule: every(15_000),
      maxAttempts: 1,
      leaseMs: 5 * 60_000,
      run: async () => {
        const { sent, failed } = await drainPdvOutbox();
        if (sent + failed > 0) return `${sent} envíos a Intelisis hechos, ${failed} pendientes`;
      },
    },
    {
      name: "nightly-maintenance",
      schedule: NIGHTLY,
      maxAttempts: 3,
      leaseMs: 60 * 60_000,
      run: () => nightlyMaintenance(database),
    },
    {
      name: "login-throttle-purge",
      schedule: cron("*/15 * * * *"),
      run: async (job) => {
        const purged = await purgeLoginThrottle(database, job.now);
        if (purged > 0) return `${purged} bloqueos de acceso vencidos borrados`;
      },
    },
    {
      name: "session-purge",
      schedule: cron("10 * * * *"),
      run: async (job) => {
        const purged = await purgeExpiredSessions(job.now);
        if (purged > 0) return `${purged} sesiones vencidas borradas`;
      },
    },
    {
      name: "jobs-purge",
      schedule: cron("40 * * * *"),
      run: async (job) => {
        await purgeFinishedJobs(database, job.now);
      },
    },
  ];
}

/** The runner of this instance, ticking every five seconds. */
export function startJobs(database: Database, options: RunnerOptions = {}) {
  const runner = new JobRunner(database, appJobs(database), options);
  runner.start(5_000);
  return runner;
}
