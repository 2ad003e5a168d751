import { drainPdvOutbox } from "~/modules/pdv/sale.server";
import { deliverOutbound } from "~/modules/sync/outbox.server";
import { syncJobs } from "~/modules/sync/feed-jobs.server";
import { sweepUnusedUploads } from "~/modules/files/sweep.server";
import { purgeExpiredSessions } from "~/lib/auth/session.server";
import type { Database } from "@server/db/client";
import { getEnv } from "@server/env";
import { getIntegrations } from "@server/integrations";
import { describeActivity, runSimActivity } from "@server/integrations/simulator/activity";
import { NIGHTLY, purgeLoginThrottle, vacuumEmbedded } from "@server/db/maintenance";
import { purgeFinishedJobs, type JobDefinition } from "@server/jobs/runner";
import { cron, every } from "@server/jobs/schedule";

/**
 * The server's periodic work, each run once per period by one instance, however many run
 * (decision 0041). A failed run is retried with back-off; after its last attempt it stays "dead" in
 * the jobs table with its error. The list is the app's: the process takes it from the app's server
 * entry (`appParts.jobs`, decision 0048) and gives it to its runner (server/jobs/runner.ts).
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
      // Staff edits the content back end owes (docs/live-data.md, "Outbound"): each outbox row keeps
      // its own attempts and back-off, so a run is not retried.
      name: "outbound-delivery",
      schedule: every(10_000),
      maxAttempts: 1,
      leaseMs: 5 * 60_000,
      run: async (job) => {
        const { sent, retrying, failed } = await deliverOutbound({ now: job.now });
        if (sent + retrying + failed > 0)
          return `Back end de contenido: ${sent} envíos hechos, ${retrying} por reintentar, ${failed} detenidos`;
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
    // The content back end's feeds and the conversations' priority (docs/live-data.md).
    ...syncJobs(),
    ...simActivityJobs(database),
  ];
}

/**
 * The demo is alive (docs/live-data.md, "Simulator activity"): while the ERP or the marketplace runs
 * on the simulator and SIM_ACTIVITY > 0, new orders, questions, messages, shipment moves, stock
 * and dollar-rate changes appear every 20 s (SIM_ACTIVITY_PERIOD_MS), about SIM_ACTIVITY marketplace
 * events a minute.
 */
function simActivityJobs(database: Database): JobDefinition[] {
  const { SIM_ACTIVITY, SIM_ACTIVITY_PERIOD_MS, BRAND_NAME } = getEnv();
  const { modes } = getIntegrations();
  const systems = { marketplace: modes.marketplace === "simulator", erp: modes.erp === "simulator" };
  if (!(SIM_ACTIVITY > 0) || (!systems.marketplace && !systems.erp)) return [];
  return [
    {
      name: "sim-activity",
      schedule: every(SIM_ACTIVITY_PERIOD_MS),
      // A missed run is not retried: the next one covers the time since the last (sim.meta).
      maxAttempts: 1,
      leaseMs: 5 * 60_000,
      run: async (job) =>
        describeActivity(
          await runSimActivity(database, {
            now: job.now,
            perMinute: SIM_ACTIVITY,
            brand: BRAND_NAME,
            systems,
            periodMs: SIM_ACTIVITY_PERIOD_MS,
          }),
        ) ?? undefined,
    },
  ];
}

/**
 * Once a night: library uploads that nothing has used for a day are removed (any database;
 * app/modules/files/sweep.server.ts), then the embedded database is vacuumed (server/db/maintenance.ts).
 */
async function nightlyMaintenance(database: Database): Promise<string> {
  const started = Date.now();
  const swept = await sweepUnusedUploads(database);
  await vacuumEmbedded(database);
  return (
    `mantenimiento nocturno de la base en ${Date.now() - started} ms ` +
    `(${swept.files} archivos subidos sin usar borrados, ${swept.objects} objetos del almacenamiento, ${swept.orphans} objetos sin registro, ${swept.staged} subidas interrumpidas` +
    `${swept.storageError ? `; el almacenamiento no respondió, se reintenta la próxima noche` : ""})`
  );
}
