import { DateTime } from "luxon";
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
 * The embedded database has no autovacuum: once a night it gets VACUUM ANALYZE, which keeps list
 * counts index-only and the planner's statistics current. PostgreSQL does this on its own.
 */
export function scheduleMaintenance(database: Database, log: (line: string) => void = console.log) {
  if (database.kind !== "pglite") return () => undefined;
  let timer: NodeJS.Timeout;
  const plan = () => {
    timer = setTimeout(async () => {
      const started = Date.now();
      try {
        await database.exec("vacuum analyze");
        log(`Mantenimiento nocturno de la base (vacuum analyze) en ${Date.now() - started} ms`);
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
