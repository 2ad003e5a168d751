import { describe, expect, it } from "vitest";
import { checkComboLines, summariseCombo } from "~/modules/catalog/combo-form";
import { checkTreeName, deleteRefusal, nestTree, parseTreeListQuery } from "~/modules/catalog/tree-taxonomy";

const row = (id: number, parentId: number | null) => ({ id, name: `N${id}`, slug: `n${id}`, parentId });

describe("nestTree", () => {
  it("puts children under their parents in the given order; an orphan or self-parented row becomes a root", () => {
    const roots = nestTree([row(1, null), row(2, 1), row(3, 2), row(4, 99), row(5, 5), row(6, 1)]);
    expect(roots.map((r) => r.id)).toEqual([1, 4, 5]);
    expect(roots[0].children.map((c) => c.id)).toEqual([2, 6]);
    expect(roots[0].children[0].children.map((c) => c.id)).toEqual([3]);
  });
});

describe("tree list query", () => {
  it("defaults to the tree and accepts ASC/DESC in either case", () => {
    expect(parseTreeListQuery(new URLSearchParams("")).view).toBe("tree");
    expect(parseTreeListQuery(new URLSearchParams("view=table&sortValue=DESC")).sortValue).toBe("desc");
    expect(parseTreeListQuery(new URLSearchParams("view=grid")).view).toBe("tree");
  });
});

describe("checkTreeName", () => {
  it("trims, collapses spaces, requires a letter or digit and at most 100 characters", () => {
    expect(checkTreeName("  Cables   y conductores ")).toEqual({ ok: true, name: "Cables y conductores" });
    expect(checkTreeName("   ")).toEqual({ ok: false, message: "Ingresa el nombre" });
    expect(checkTreeName("¿¡!?")).toEqual({ ok: false, message: "El nombre debe tener al menos una letra o un número" });
    expect(checkTreeName("a".repeat(101)).ok).toBe(false);
  });
});

describe("deleteRefusal (spec 6 and the catalogue's delete rule)", () => {
  const none = { protected: false, children: { total: 0, names: [] }, products: { total: 0, skus: [] } };
  it("lets an unused node go", () => {
    expect(deleteRefusal("categories", { id: 5, name: "X" }, none)).toBeNull();
  });
  it("names the protected ids, the children and the products, with how many more", () => {
    expect(deleteRefusal("categories", { id: 192, name: "X" }, { ...none, protected: true })).toBe(
      "Categoría 192 está protegida y no se puede eliminar.",
    );
    expect(
      deleteRefusal(
        "brands",
        { id: 3, name: "Truper" },
        {
          protected: false,
          children: { total: 2, names: ["Volteck", "Pretul"] },
          products: { total: 7, skus: ["A1", "A2", "A3", "A4", "A5"] },
        },
      ),
    ).toBe(
      "No se puede eliminar la marca «Truper»: tiene 2 submarcas («Volteck», «Pretul») y 7 productos («A1», «A2», «A3», «A4», «A5» y 2 más). Muévelos a otra marca primero.",
    );
  });
  // The pronoun agrees with what is in the way (subcategoría and submarca are feminine).
  it.each([
    [{ total: 1, names: ["Y"] }, { total: 0, skus: [] }, "tiene 1 subcategoría («Y»). Muévela a otra categoría primero."],
    [{ total: 2, names: ["Y", "Z"] }, { total: 0, skus: [] }, "tiene 2 subcategorías («Y», «Z»). Muévelas a otra categoría primero."],
    [{ total: 0, names: [] }, { total: 1, skus: ["A1"] }, "tiene 1 producto («A1»). Muévelo a otra categoría primero."],
    [
      { total: 0, names: [] },
      { total: 3, skus: ["A1", "A2", "A3"] },
      "tiene 3 productos («A1», «A2», «A3»). Muévelos a otra categoría primero.",
    ],
    [
      { total: 1, names: ["Y"] },
      { total: 1, skus: ["A1"] },
      "tiene 1 subcategoría («Y») y 1 producto («A1»). Muévelos a otra categoría primero.",
    ],
  ])("children %j and products %j: …%s", (children, products, tail) => {
    expect(deleteRefusal("categories", { id: 5, name: "X" }, { protected: false, children, products })).toBe(
      `No se puede eliminar la categoría «X»: ${tail}`,
    );
  });
});

describe("combo form", () => {
  it("resets a quantity not above 0 or above the stock to 1 with the spec's messages (spec 5)", () => {
    const { lines, problems } = checkComboLines([
      { id: "A", name: "A", price: 1, stock: 5, qty: 0 },
      { id: "B", name: "B", price: 1, stock: 5, qty: 6 },
      { id: "C", name: "C", price: 1, stock: 5, qty: 5 },
    ]);
    expect(lines.map((l) => l.qty)).toEqual([1, 1, 5]);
    expect(problems).toEqual([
      { index: 0, title: "Cantidad insuficiente", message: "La cantidad debe ser mayor a 0" },
      { index: 1, title: "Stock insuficiente", message: "La cantidad es mayor al stock disponible" },
    ]);
  });
  it("sums price × qty to the cent and takes the smallest floor(stock / qty)", () => {
    expect(
      summariseCombo([
        { id: "A", name: "A", price: 10.1, stock: 9, qty: 3 },
        { id: "B", name: "B", price: 0.35, stock: 4, qty: 2 },
      ]),
    ).toEqual({ price: 31, priceProblem: null, stock: 2, limitedBy: "B" });
  });
});
