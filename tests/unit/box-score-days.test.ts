import { describe, expect, it } from "vitest";
import { dayAfter, daysOf, drillDownHref, monthLinkRange } from "~/modules/box-score/indicators";

describe("box-score calendar days", () => {
  it.each([
    [2024, 2, 29, "2024-02-01", "2024-02-29"],
    [2025, 2, 28, "2025-02-01", "2025-02-28"],
    [2100, 2, 28, "2100-02-01", "2100-02-28"],
    [2000, 2, 29, "2000-02-01", "2000-02-29"],
    [2026, 4, 30, "2026-04-01", "2026-04-30"],
    [2026, 12, 31, "2026-12-01", "2026-12-31"],
    // Mexico City's last daylight-saving change (2022-10-30) is still one calendar day.
    [2022, 10, 31, "2022-10-01", "2022-10-31"],
  ])("%i-%i has %i days, %s to %s", (year, month, length, first, last) => {
    const days = daysOf(year, month);
    expect(days).toHaveLength(length);
    expect(days[0]).toBe(first);
    expect(days.at(-1)).toBe(last);
    expect(new Set(days).size).toBe(length);
  });

  it.each([
    ["2026-11-26", "2026-11-27"],
    ["2026-11-30", "2026-12-01"],
    ["2026-12-31", "2027-01-01"],
    ["2024-02-28", "2024-02-29"],
    ["2025-02-28", "2025-03-01"],
    ["2022-10-30", "2022-10-31"],
  ])("the day after %s is %s", (day, next) => {
    expect(dayAfter(day)).toBe(next);
  });

  it("a PDV cell's list ends the day after (the spec's exclusive end)", () => {
    expect(drillDownHref("pdv_sales", "2026-12-31", "2026-12-31")).toContain("start_date=2026/12/31&end_date=2027/01/01");
  });

  // A month's total links to the month up to today: the lists refuse a future end date.
  it.each([
    ["2026-11-26", { from: "2026-11-01", to: "2026-11-26" }],
    ["2026-11-01", { from: "2026-11-01", to: "2026-11-01" }],
    ["2026-11-30", { from: "2026-11-01", to: "2026-11-30" }],
    ["2026-12-05", { from: "2026-11-01", to: "2026-11-30" }],
    ["2026-10-31", null],
  ])("November 2026's total, seen on %s, links to %j", (today, range) => {
    expect(monthLinkRange(daysOf(2026, 11), today)).toEqual(range);
  });
});
