import { DateTime } from "luxon";
import { THROTTLE_WINDOW_MS } from "~/modules/auth/throttle-rules";
import { sweepUnusedUploads } from "~/modules/files/sweep.server";
import type { Database } from "./client";

const ZONE = "America/Mexico_City";

/** Milliseconds from `now` to the next 03:30 in Mexico City, the shop's quietest hour. */
export function msUntilNightly(now: Date = new Date()): number {
  const local = DateTime.fromJSDate(now).setZone(ZONE);
  let next = local.set({ hour: 3, minute: 30, second: 0, millisecond: 0 });
  if (next <= local) next = next.plus({ days: 1 });
  return next.toMillis() - local.toMillis();
}

/**
 * Failed sign-ins older than the throttle window no longer slow anyone down (`throttleWaitMs` is 0
 * for them): deleting them keeps login_throttle as small as the last quarter of an hour of failures,
 * however many addresses a password-guessing run came from.
 */
export async function purgeLoginThrottle(database: Database, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - THROTTLE_WINDOW_MS).toISOString();
  const deleted = await database.query<{ key: string }>("delete from login_throttle where last_failure_at < $1::timestamptz returning key", [cutoff]);
  return deleted.length;
}

/**
 * Once a night: the sign-in throttle is purged and library uploads that nothing has used for a day
 * are removed (any database; app/modules/files/sweep.server.ts), then the embedded database, which
 * has no autovacuum, gets VACUUM ANALYZE, keeping list counts index-only and the planner's statistics
 * current. PostgreSQL vacuums on its own.
 */
export function scheduleMaintenance(database: Database, log: (line: string) => void = console.log) {
  let timer: NodeJS.Timeout;
  const plan = () => {
    timer = setTimeout(async () => {
      const started = Date.now();
      try {
        const purged = await purgeLoginThrottle(database);
        const swept = await sweepUnusedUploads(database);
        if (database.kind === "pglite") await database.exec("vacuum analyze");
        log(
          `Mantenimiento nocturno de la base en ${Date.now() - started} ms (${purged} bloqueos de acceso vencidos borrados; ` +
            `${swept.files} archivos subidos sin usar borrados, ${swept.diskFiles} archivos en disco, ${swept.staged} subidas interrumpidas)`,
        );
      } catch (error) {
        log(`Mantenimiento nocturno fallido: ${(error as Error).message}`);
      }
      plan();
    }, msUntilNightly());
    timer.unref();
  };
  plan();
  return () => clearTimeout(timer);
}
