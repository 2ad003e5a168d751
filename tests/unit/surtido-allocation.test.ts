import { describe, expect, it } from "vitest";
import { NOT_ENOUGH_STOCK, allocateLines, levelOf, pickGroups, pickTotals, type PickLine } from "~/modules/surtido/allocation";

const line = (lineId: number, sku: string, location: string, stock: number, pendingQty: number): PickLine => ({
  lineId,
  sku,
  location,
  stock,
  pendingQty,
});

describe("the level of a location is its first digit", () => {
  it.each([
    ["A3-07", 3],
    ["1-B-02", 1],
    ["P2", 2],
    ["9", 9],
    ["0A-11", 0],
    ["MOSTRADOR", null],
    ["", null],
  ])("%s → %s", (location, level) => {
    expect(levelOf(location)).toBe(level);
  });
});

describe("allocation takes each article's stock by level", () => {
  it("a line with enough stock takes all it needs and says nothing", () => {
    expect(allocateLines([line(1, "THW12", "A1-01", 10, 4)])[0]).toMatchObject({ level: 1, allocated: 4, missing: 0, message: "" });
  });

  it("a line with less stock than it needs takes what there is and says 'No hay existencias suficientes'", () => {
    expect(allocateLines([line(1, "THW12", "A1-01", 3, 5)])[0]).toMatchObject({ allocated: 3, missing: 2, message: NOT_ENOUGH_STOCK });
  });

  it("an article on several lines shares its stock, lowest level first, unassigned locations last", () => {
    const lines = [line(1, "QO115", "BODEGA", 6, 3), line(2, "QO115", "A2-10", 6, 3), line(3, "QO115", "A1-04", 6, 2)];
    const byId = Object.fromEntries(allocateLines(lines).map((l) => [l.lineId, l]));
    expect(byId[3]).toMatchObject({ allocated: 2, missing: 0 });
    expect(byId[2]).toMatchObject({ allocated: 3, missing: 0 });
    expect(byId[1]).toMatchObject({ allocated: 1, missing: 2, message: NOT_ENOUGH_STOCK });
  });

  it("negative, fractional or missing figures count as whole units not below zero", () => {
    expect(allocateLines([line(1, "X", "A1", -4, 2.7)])[0]).toMatchObject({ allocated: 0, missing: 2 });
    expect(allocateLines([line(1, "X", "A1", Number.NaN, 1)])[0]).toMatchObject({ allocated: 0, missing: 1 });
  });
});

describe("the picking list", () => {
  const lines = [
    line(1, "A", "A3-01", 5, 2),
    line(2, "B", "A1-07", 1, 4),
    line(3, "C", "PASILLO", 8, 1),
    line(4, "D", "A1-02", 0, 3),
    line(5, "E", "A3-09", 2, 2),
  ];

  it("groups by level ascending, then 'Sin asignación', then SINSTOCK with every short line", () => {
    const groups = pickGroups(lines);
    expect(groups.map((g) => [g.label, g.lines.map((l) => l.lineId), g.units])).toEqual([
      ["Nivel 1", [2], 1],
      ["Nivel 3", [1, 5], 4],
      ["Sin asignación", [3], 1],
      ["SINSTOCK", [2, 4], 6],
    ]);
  });

  it("a line with nothing to pick is only in SINSTOCK", () => {
    const groups = pickGroups(lines);
    expect(groups.filter((g) => g.lines.some((l) => l.lineId === 4)).map((g) => g.label)).toEqual(["SINSTOCK"]);
  });

  it("totals the articles, the units to pick and the units missing", () => {
    expect(pickTotals(lines)).toEqual({ articles: 5, toPick: 6, missing: 6 });
    expect(pickGroups([])).toEqual([]);
  });
});
