import { describe, expect, it } from "vitest";
import { historyRange, parsePdvPageQuery } from "~/modules/pdv/page-query";

// Spec (Punto de venta, Historial): the range filters the opening day; an end not after the start is ignored.
describe("the till history's day range", () => {
  const range = (query: string) => historyRange(parsePdvPageQuery(new URLSearchParams(query)));

  it("reads both days as Mexico City midnights, the end exclusive", () => {
    expect(range("tab=historial&start_date=2026/03/02&end_date=2026/03/05")).toEqual({
      start: new Date("2026-03-02T06:00:00Z"),
      end: new Date("2026-03-05T06:00:00Z"),
      valid: true,
    });
  });

  it("ignores a range whose end is not after its start", () => {
    expect(range("start_date=2026/03/05&end_date=2026/03/05")).toEqual({ start: null, end: null, valid: false });
    expect(range("start_date=2026/03/05&end_date=2026/03/01")).toEqual({ start: null, end: null, valid: false });
  });

  it("takes one side alone, and no range at all", () => {
    expect(range("start_date=2026/03/02")).toEqual({ start: new Date("2026-03-02T06:00:00Z"), end: null, valid: true });
    expect(range("")).toEqual({ start: null, end: null, valid: true });
  });
});
