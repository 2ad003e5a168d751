import { describe, expect, it } from "vitest";
import { purgeLoginThrottle } from "../../server/db/maintenance";
import { loginBlockedFor, recordLoginFailure } from "~/modules/auth/rate-limit.server";
import { useTestDatabase } from "../helpers/db";

describe("nightly purge of the sign-in throttle", async () => {
  const database = await useTestDatabase();

  it("deletes counts whose last failure is more than 15 minutes old and keeps the rest", async () => {
    const now = new Date("2026-11-24T09:30:00Z");
    const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();
    await database.query(
      `insert into login_throttle (key, failures, last_failure_at) values
         ('ip:10.0.0.1', 80, $1), ('account:vieja@x.mx', 30, $2), ('pair:justo@x.mx|10.0.0.2', 9, $3), ('account:reciente@x.mx', 25, $4)`,
      [minutesAgo(24 * 60), minutesAgo(16), minutesAgo(14), minutesAgo(1)],
    );
    expect(await purgeLoginThrottle(database, now)).toBe(2);
    const left = await database.query<{ key: string }>("select key from login_throttle order by key");
    expect(left.map((r) => r.key)).toEqual(["account:reciente@x.mx", "pair:justo@x.mx|10.0.0.2"]);
  });

  it("a purged count had stopped slowing anyone down; a kept one still does", async () => {
    await database.exec("delete from login_throttle");
    const t0 = new Date("2026-11-24T09:00:00Z");
    for (let i = 0; i < 12; i++) await recordLoginFailure("10.0.0.9", "ana@x.mx", t0);
    const tenLater = new Date(t0.getTime() + 10 * 60_000);
    expect(await loginBlockedFor("10.0.0.9", "ana@x.mx", tenLater)).toBeGreaterThan(0);
    expect(await purgeLoginThrottle(database, tenLater)).toBe(0);
    const sixteenLater = new Date(t0.getTime() + 16 * 60_000);
    expect(await loginBlockedFor("10.0.0.9", "ana@x.mx", sixteenLater)).toBe(0);
    expect(await purgeLoginThrottle(database, sixteenLater)).toBe(3);
  });
});
