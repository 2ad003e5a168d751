import { describe, expect, it } from "vitest";
import { compareKeys } from "~/modules/sync/feed-engine.server";

const key = (at: string, id = "1") => ({ at, id });

describe("the feed cursor's order of keys (what the content back end's stamp order is)", () => {
  it.each([
    // Same millisecond in two precisions: 01.123000 comes before 01.123456, as upstream orders them.
    ["2026-11-29T10:20:01.123Z", "2026-11-29T10:20:01.123456Z", -1],
    ["2026-11-29T10:20:01.123456Z", "2026-11-29T10:20:01.123Z", 1],
    ["2026-11-29T10:20:01.123000Z", "2026-11-29T10:20:01.123Z", 0],
    ["2026-11-29T10:20:01.1234Z", "2026-11-29T10:20:01.123456Z", -1],
    ["2026-11-29T10:20:01.999999Z", "2026-11-29T10:20:02.000Z", -1],
    ["2026-11-29T10:20:01Z", "2026-11-29T10:20:01.000001Z", -1],
    ["2026-11-29T10:20:01.123+00:00", "2026-11-29T10:20:01.123456Z", -1],
  ])("%s against %s → %i", (a, b, sign) => {
    expect(Math.sign(compareKeys(key(a), key(b)))).toBe(sign);
  });

  it("the same stamp is ordered by id, numerically when both are numbers", () => {
    expect(compareKeys(key("2026-11-29T10:20:01.123Z", "9"), key("2026-11-29T10:20:01.123Z", "10"))).toBeLessThan(0);
    expect(compareKeys(key("2026-11-29T10:20:01.123Z", "b"), key("2026-11-29T10:20:01.123Z", "a"))).toBeGreaterThan(0);
  });
});
