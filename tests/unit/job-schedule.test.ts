import { describe, expect, it } from "vitest";
import { backoffMs } from "../../server/jobs/runner";
import { cron, every } from "../../server/jobs/schedule";

// 2026-11-29 is a Sunday; Mexico City is UTC−6 all year.
describe("schedules: the first moment of the next period after a moment", () => {
  it.each([
    ["every 15 s", every(15_000), "2026-11-29T01:00:07.000Z", "2026-11-29T01:00:15.000Z"],
    ["every 15 s, on a boundary", every(15_000), "2026-11-29T01:00:15.000Z", "2026-11-29T01:00:30.000Z"],
    ["every quarter hour", cron("*/15 * * * *"), "2026-11-29T01:00:00.000Z", "2026-11-29T01:15:00.000Z"],
    ["every quarter hour, a second before", cron("*/15 * * * *"), "2026-11-29T01:14:59.000Z", "2026-11-29T01:15:00.000Z"],
    ["at :10 every hour", cron("10 * * * *"), "2026-11-29T01:10:00.000Z", "2026-11-29T02:10:00.000Z"],
    [
      "03:30 Mexico City, from the evening before",
      cron("30 3 * * *", "America/Mexico_City"),
      "2026-11-29T01:00:00.000Z",
      "2026-11-29T09:30:00.000Z",
    ],
    [
      "09:00 on weekdays, from a Friday morning",
      cron("0 9 * * 1-5", "America/Mexico_City"),
      "2026-11-27T16:00:00.000Z",
      "2026-11-30T15:00:00.000Z",
    ],
    ["the first of the month, across a year", cron("0 0 1 * *"), "2026-12-15T00:00:00.000Z", "2027-01-01T00:00:00.000Z"],
    ["the 13th or a Friday (both day fields: either)", cron("0 12 13 * 5"), "2026-11-01T00:00:00.000Z", "2026-11-06T12:00:00.000Z"],
    ["Sunday written 7", cron("0 8 * * 7"), "2026-11-27T00:00:00.000Z", "2026-11-29T08:00:00.000Z"],
    ["a list and a range with a step", cron("5,50 1-5/2 * * *"), "2026-11-29T01:50:00.000Z", "2026-11-29T03:05:00.000Z"],
  ])("%s", (_label, schedule, after, next) => {
    expect(schedule.next(new Date(after)).toISOString()).toBe(next);
  });

  it.each(["61 * * * *", "* * *", "*/0 * * * *", "5-1 * * * *", "x * * * *"])("refuses %s", (expression) => {
    expect(() => cron(expression)).toThrow();
  });

  it("refuses an interval under a second", () => {
    expect(() => every(500)).toThrow();
  });
});

describe("back-off after a failed attempt: base × 2^(n−1), capped", () => {
  it.each([
    [1, 5_000],
    [2, 10_000],
    [3, 20_000],
    [9, 1_280_000],
    [10, 1_800_000],
    [20, 1_800_000],
  ])("attempt %i waits %i ms", (attempt, ms) => {
    expect(backoffMs(attempt)).toBe(ms);
  });
});
