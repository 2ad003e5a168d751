import { describe, expect, it } from "vitest";
import { msUntilNightly } from "../../server/db/maintenance";

describe("nightly maintenance runs at 03:30 Mexico City time", () => {
  it.each([
    ["2026-11-22T09:00:00Z", 30 * 60_000], // 03:00 local → in half an hour
    ["2026-11-22T09:30:00Z", 24 * 3600_000], // exactly 03:30 → tomorrow
    ["2026-11-22T18:00:00Z", 15.5 * 3600_000], // noon → 15 h 30 min later
  ])("from %s", (iso, ms) => {
    expect(msUntilNightly(new Date(iso))).toBe(ms);
  });
});
