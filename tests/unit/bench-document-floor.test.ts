import { describe, expect, it } from "vitest";
import { floorVerdict } from "../../bench/document-floor";

describe("the document floor's verdict", () => {
  it("meets the targets at 1.5× the floor's p50 and 60 % of its throughput", () => {
    expect(floorVerdict({ p50: 15, rps: 60 }, { p50: 10, rps: 100 })).toEqual({
      p50_vs_doc_floor: 1.5,
      c10_vs_doc_floor: 0.6,
      within_target: true,
    });
  });

  it("names each target a document misses", () => {
    const verdict = floorVerdict({ p50: 23.1, rps: 41 }, { p50: 10, rps: 100 });
    expect(verdict.within_target).toBe(false);
    expect(verdict.p50_vs_doc_floor).toBe(2.31);
    expect(verdict.c10_vs_doc_floor).toBe(0.41);
    expect(verdict.misses).toEqual(["p50 2.31× el piso (meta ≤ 1.5×)", "10 clientes 41 % del rendimiento del piso (meta ≥ 60 %)"]);
    expect(floorVerdict({ p50: 12, rps: 50 }, { p50: 10, rps: 100 }).misses).toEqual([
      "10 clientes 50 % del rendimiento del piso (meta ≥ 60 %)",
    ]);
  });

  it("does not pass a floor that measured nothing", () => {
    expect(floorVerdict({ p50: 10, rps: 100 }, { p50: NaN, rps: NaN }).within_target).toBe(false);
  });
});
