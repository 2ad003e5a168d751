import { inArray, sql } from "drizzle-orm";
import { getDb } from "@server/db/client";
import { loginThrottle } from "@server/db/schema";
import { THROTTLE_WINDOW_MS, throttleKeys, throttleWaitMs, type ThrottleKind } from "@common/throttle-rules";

/**
 * Failed sign-ins kept in the database (login_throttle), so a restart or a second process does not
 * reset them. The rules are in common/throttle-rules.ts.
 */
export async function loginBlockedFor(ip: string, email: string, now = new Date()): Promise<number> {
  const keys = throttleKeys(email, ip);
  const rows = await getDb()
    .select()
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, Object.values(keys)));
  let wait = 0;
  for (const [kind, key] of Object.entries(keys) as Array<[ThrottleKind, string]>) {
    const row = rows.find((r) => r.key === key);
    if (row) wait = Math.max(wait, throttleWaitMs(kind, row.failures, row.lastFailureAt, now));
  }
  return wait;
}

/** One more failure on every key; a count whose last failure left the window starts again at one. */
export async function recordLoginFailure(ip: string, email: string, now = new Date()) {
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  await getDb()
    .insert(loginThrottle)
    .values(Object.values(throttleKeys(email, ip)).map((key) => ({ key, failures: 1, lastFailureAt: now })))
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${loginThrottle.lastFailureAt} < ${windowStart.toISOString()}::timestamptz then 1 else ${loginThrottle.failures} + 1 end`,
        lastFailureAt: now,
      },
    });
}

/** A correct password forgets that account's failures (from everywhere); the address keeps its own. */
export async function clearLoginFailures(ip: string, email: string) {
  const { pair, account } = throttleKeys(email, ip);
  await getDb()
    .delete(loginThrottle)
    .where(inArray(loginThrottle.key, [pair, account]));
}

export async function resetRateLimits() {
  await getDb().delete(loginThrottle);
}
