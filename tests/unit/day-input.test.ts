import { describe, expect, it } from "vitest";
import { dayInputValues } from "~/lib/day-input";

// The URL carries the end date as the chosen last day plus one (an exclusive bound); the inputs show the chosen day.
describe("date inputs of a range filter", () => {
  it.each([
    [
      { start_date: "2026/11/01", end_date: "2026/11/16" },
      { start: "2026-11-01", end: "2026-11-15" },
    ],
    [
      { start_date: "2026/03/01", end_date: "2026/03/01" },
      { start: "2026-03-01", end: "2026-02-28" },
    ],
    [
      { start_date: "2024/02/01", end_date: "2024/03/01" },
      { start: "2024-02-01", end: "2024-02-29" },
    ],
    [{ end_date: "2027/01/01" }, { start: undefined, end: "2026-12-31" }],
    [{ start_date: "2026-05-04" }, { start: "2026-05-04", end: undefined }],
    [
      { start_date: "2026/02/30", end_date: "ayer" },
      { start: undefined, end: undefined },
    ],
    [{}, { start: undefined, end: undefined }],
  ])("%j → %j", (range, expected) => {
    expect(dayInputValues(range)).toEqual(expected);
  });
});
