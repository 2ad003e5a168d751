import { describe, expect, it } from "vitest";
import { pickerStart, visibleCategories } from "~/modules/publications/category-picker";
import { CATEGORY_TYPEAHEAD_LIMIT } from "~/modules/publications/constants";

const level = [
  { id: "MLM187773", name: "Cables Eléctricos" },
  { id: "MLM187776", name: "Centros de carga" },
  { id: "MLM187774", name: "Interruptores" },
  { id: "MLM187777", name: "Interruptores Termomagnéticos" },
  { id: "MLM187789", name: "Otros Materiales Eléctricos" },
];

describe("category picker: what a level shows", () => {
  it("limits marketplace categories to 20 (spec 2 §9 typeahead)", () => {
    expect(CATEGORY_TYPEAHEAD_LIMIT).toBe(20);
    const many = Array.from({ length: 25 }, (_, i) => ({ id: `MLM${i}`, name: `Categoría ${i}` }));
    const { shown, matched } = visibleCategories(many, "");
    expect(matched).toBe(25);
    expect(shown.map((c) => c.id)).toEqual(many.slice(0, 20).map((c) => c.id));
  });

  it.each([
    ["", ["Cables Eléctricos", "Centros de carga", "Interruptores", "Interruptores Termomagnéticos", "Otros Materiales Eléctricos"]],
    ["interruptores", ["Interruptores", "Interruptores Termomagnéticos"]],
    ["TERMO interr", ["Interruptores Termomagnéticos"]],
    ["electricos", ["Cables Eléctricos", "Otros Materiales Eléctricos"]],
    ["eléctricos   cables", ["Cables Eléctricos"]],
    ["carga", ["Centros de carga"]],
    ["zapatos", []],
  ])("filter %j keeps %j, in the marketplace's order", (search, expected) => {
    const { shown, matched } = visibleCategories(level, search);
    expect(shown.map((c) => c.name)).toEqual(expected);
    expect(matched).toBe(expected.length);
  });

  it("counts every match while showing the first ones", () => {
    expect(visibleCategories(level, "e", 2)).toEqual({ shown: level.slice(0, 2), matched: 5 });
  });
});

describe("category picker: where it opens", () => {
  it.each([
    [null, null],
    [[], null],
    [[{ id: "MLM1500", name: "Construcción" }], null],
    [
      [
        { id: "MLM1500", name: "Construcción" },
        { id: "MLM187772", name: "Material Eléctrico" },
      ],
      "MLM1500",
    ],
    [
      [
        { id: "MLM1500", name: "Construcción" },
        { id: "MLM187772", name: "Material Eléctrico" },
        { id: "MLM187773", name: "Cables Eléctricos" },
      ],
      "MLM187772",
    ],
  ])("a category at %j opens the level %j", (path, expected) => {
    expect(pickerStart(path)).toBe(expected);
  });
});
