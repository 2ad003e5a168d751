import { THROTTLE_WINDOW_MS } from "@common/throttle-rules";
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
 * The embedded database has no autovacuum: once a night (the nightly-maintenance job,
 * app/jobs.server.ts, after the uploads sweep) it gets VACUUM ANALYZE, keeping list counts
 * index-only and the planner's statistics current. PostgreSQL vacuums on its own.
 */
export async function vacuumEmbedded(database: Database): Promise<void> {
  if (database.kind === "pglite") await database.exec("vacuum analyze");
}
