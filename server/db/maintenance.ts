import { THROTTLE_WINDOW_MS } from "@common/throttle-rules";
import { sweepUnusedUploads } from "~/modules/files/sweep.server";
import { cron } from "../jobs/schedule";
import type { Database } from "./client";

/** 03:30 in Mexico City, the shop's quietest hour. */
export const NIGHTLY = cron("30 3 * * *", "America/Mexico_City");

/**
 * Failed sign-ins older than the throttle window no longer slow anyone down (`throttleWaitMs` is 0
 * for them): deleting them keeps login_throttle as small as the last quarter of an hour of failures,
 * however many addresses a password-guessing run came from.
 */
export async function purgeLoginThrottle(database: Database, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - THROTTLE_WINDOW_MS).toISOString();
  const deleted = await database.query<{ key: string }>(
    "delete from login_throttle where last_failure_at < $1::timestamptz returning key",
    [cutoff],
  );
  return deleted.length;
}

/**
 * Once a night (server/jobs/app-jobs.ts): library uploads that nothing has used for a day are removed
 * (any database; app/modules/files/sweep.server.ts), then the embedded database, which has no
 * autovacuum, gets VACUUM ANALYZE, keeping list counts index-only and the planner's statistics
 * current. PostgreSQL vacuums on its own.
 */
export async function nightlyMaintenance(database: Database): Promise<string> {
  const started = Date.now();
  const swept = await sweepUnusedUploads(database);
  if (database.kind === "pglite") await database.exec("vacuum analyze");
  return (
    `mantenimiento nocturno de la base en ${Date.now() - started} ms ` +
    `(${swept.files} archivos subidos sin usar borrados, ${swept.objects} objetos del almacenamiento, ${swept.orphans} objetos sin registro, ${swept.staged} subidas interrumpidas` +
    `${swept.storageError ? `; el almacenamiento no respondió, se reintenta la próxima noche` : ""})`
  );
}
