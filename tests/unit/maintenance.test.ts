import { describe, expect, it } from "vitest";
import { NIGHTLY } from "../../server/db/maintenance";

describe("nightly maintenance runs at 03:30 Mexico City time", () => {
  it.each([
    ["2026-11-22T09:00:00Z", "2026-11-22T09:30:00.000Z"], // 03:00 local → in half an hour
    ["2026-11-22T09:30:00Z", "2026-11-23T09:30:00.000Z"], // exactly 03:30 → tomorrow
    ["2026-11-22T18:00:00Z", "2026-11-23T09:30:00.000Z"], // noon → 15 h 30 min later
  ])("from %s", (iso, next) => {
    expect(NIGHTLY.next(new Date(iso)).toISOString()).toBe(next);
  });
});
