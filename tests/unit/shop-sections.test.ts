import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import {
  SectionDraftSchema,
  SectionIntentSchema,
  SectionToggleSchema,
  addProduct,
  draftItemsOf,
  dropUnknown,
  mergeDuplicates,
  parseQty,
  searchKey,
  intentValue,
  type DraftItem,
  type SectionIntent,
  type SectionItem,
} from "~/modules/content/shop-sections";
import { readFormIntent } from "~/lib/dialog-intent";
import { ShopSectionFormSchema } from "~/modules/content/shop-section-form";

const D = (...pairs: Array<[string, string]>): DraftItem[] => pairs.map(([id, qty]) => ({ id, qty }));
const L = (...pairs: Array<[string, number]>): SectionItem[] => pairs.map(([id, qty]) => ({ id, qty }));
const QTY = "Cantidad: ingresa un número entero mayor o igual a 1";

function formOf(entries: Array<[string, string]>) {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
}
/** A Conform list intent as its buttons post it. */
const listIntent = (type: "remove" | "reorder" | "insert", payload: Record<string, unknown>): [string, string] => [
  "__intent__",
  JSON.stringify({ type, payload }),
];

describe("addProduct: Agregar on a search hit (a product already listed gets +1)", () => {
  const base = D(["A", "1"], ["B", "2"], ["C", "3"]);
  const cases: Array<[string, DraftItem[], string, DraftItem[]]> = [
    ["a new SKU goes last with quantity 1", base, "D", D(["A", "1"], ["B", "2"], ["C", "3"], ["D", "1"])],
    ["a SKU already listed gets +1 and keeps its place", base, "B", D(["A", "1"], ["B", "3"], ["C", "3"])],
    ["the SKU is compared trimmed and upper-cased", base, " b ", D(["A", "1"], ["B", "3"], ["C", "3"])],
    ["a blank SKU adds nothing", base, "  ", base],
    ["adds to an empty list", [], "QO120", D(["QO120", "1"])],
    ["the quantity stops at 9999", D(["A", "9999"]), "A", D(["A", "9999"])],
    ["a quantity typed as a number with spaces counts as that number", D(["A", " 4 "]), "A", D(["A", "5"])],
    ["a quantity that is not a valid number counts as 1", D(["A", "abc"]), "A", D(["A", "2"])],
    ["an empty quantity counts as 1", D(["A", ""]), "A", D(["A", "2"])],
  ];
  it.each(cases)("%s", (_name, list, sku, expected) => {
    const before = JSON.stringify(list);
    expect(addProduct(list, sku)).toEqual(expected);
    expect(JSON.stringify(list)).toBe(before);
  });
});

describe("parseQty", () => {
  const cases: Array<[string, number | null]> = [
    ["1", 1],
    [" 12 ", 12],
    ["9999", 9999],
    ["0", null],
    ["-1", null],
    ["1.5", null],
    ["abc", null],
    ["", null],
    ["10000", null],
  ];
  it.each(cases)("%j → %j", (value, expected) => expect(parseQty(value)).toBe(expected));
});

describe("mergeDuplicates and dropUnknown", () => {
  it("merges a repeated SKU into its first row, capped", () => {
    expect(mergeDuplicates(L(["A", 9000], ["B", 1], ["A", 9000]))).toEqual(L(["A", 9999], ["B", 1]));
    expect(mergeDuplicates(L(["A", 1], ["B", 1], ["A", 4]))).toEqual(L(["A", 5], ["B", 1]));
  });
  it("drops SKUs the catalogue does not know, keeping the order", () => {
    expect(dropUnknown(L(["A", 1], ["B", 2], ["C", 3]), new Set(["C", "A"]))).toEqual(L(["A", 1], ["C", 3]));
  });
  it("searches upper-cased and trimmed, at most 80 characters", () => {
    expect(searchKey("  qo1 ")).toBe("QO1");
    expect(searchKey("x".repeat(90))).toHaveLength(80);
  });
});

describe("what Guardar accepts (ShopSectionFormSchema through Conform)", () => {
  const save = (entries: Array<[string, string]>) => parseWithZod(formOf(entries), { schema: ShopSectionFormSchema });

  it("reads the title, the switch and the list rows in order, SKUs upper-cased, a repeated one merged", () => {
    const submission = save([
      ["title", "  Ofertas  "],
      ["status", "on"],
      ["products[0].id", "qo120"],
      ["products[0].qty", "2"],
      ["products[1].id", "HOM120"],
      ["products[1].qty", " 1 "],
      ["products[2].id", "QO120"],
      ["products[2].qty", "3"],
      ["q", "foco"],
    ]);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toEqual({ title: "Ofertas", status: true, products: L(["QO120", 5], ["HOM120", 1]), q: "foco" });
  });

  it("allows a section without products, switched off", () => {
    const submission = save([["title", "Vacía"]]);
    expect(submission.status === "success" && submission.value).toEqual({ title: "Vacía", status: false, products: [] });
  });

  it("needs a title of up to 120 characters, with the Spanish messages", () => {
    expect(save([["title", "   "]]).reply().error).toEqual({ title: ["Ingresa el título de la sección"] });
    expect(save([]).reply().error).toEqual({ title: ["Ingresa el título de la sección"] });
    expect(save([["title", "x".repeat(121)]]).reply().error).toEqual({ title: ["Título: máximo 120 caracteres"] });
    expect(save([["title", "x".repeat(120)]]).status).toBe("success");
  });

  it.each(["0", "-2", "1.5", "abc", "", "10000"])("refuses the quantity %j on its own row", (qty) => {
    const submission = save([
      ["title", "T"],
      ["products[0].id", "A"],
      ["products[0].qty", "1"],
      ["products[1].id", "B"],
      ["products[1].qty", qty],
    ]);
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({ "products[1].qty": [QTY] });
  });

  it("gives the inputs their limits from the schema", () => {
    const constraint = getZodConstraint(ShopSectionFormSchema);
    expect(constraint.title).toMatchObject({ required: true, maxLength: 120 });
    expect(constraint["products[0].qty"]).toMatchObject({ min: 1, max: 9999 });
    expect(constraint.q).toMatchObject({ required: false, maxLength: 80 });
  });
});

describe("the list's buttons are Conform intents on `products`", () => {
  const rows: Array<[string, string]> = [
    ["title", "T"],
    ["products[0].id", "A"],
    ["products[0].qty", "1"],
    ["products[1].id", "B"],
    ["products[1].qty", "2"],
    ["products[2].id", "C"],
    ["products[2].qty", "x"],
  ];
  const after = (intent: [string, string]) =>
    SectionDraftSchema.parse(parseWithZod(formOf([...rows, intent]), { schema: SectionDraftSchema }).payload).products;

  it("Quitar removes the row, keeping what was typed in the others", () => {
    expect(after(listIntent("remove", { name: "products", index: 1 }))).toEqual(D(["A", "1"], ["C", "x"]));
  });
  it("↑ and ↓ move a row", () => {
    expect(after(listIntent("reorder", { name: "products", from: 2, to: 1 }))).toEqual(D(["A", "1"], ["C", "x"], ["B", "2"]));
    expect(after(listIntent("reorder", { name: "products", from: 0, to: 1 }))).toEqual(D(["B", "2"], ["A", "1"], ["C", "x"]));
  });
  it("a list intent is not a save: nothing is judged", () => {
    const submission = parseWithZod(formOf([...rows, listIntent("remove", { name: "products", index: 0 })]), {
      schema: ShopSectionFormSchema,
    });
    expect(submission.status).toBeUndefined();
  });
});

describe("the dialog as typed (SectionDraftSchema) and its buttons (SectionIntentSchema)", () => {
  it("keeps quantities exactly as typed and drops rows without a SKU or not shaped as rows", () => {
    expect(
      SectionDraftSchema.parse({ q: " qo ", products: [{ id: " qo120 ", qty: "0" }, { id: "", qty: "3" }, "x", { id: "B" }] }),
    ).toEqual({
      q: " qo ",
      products: D(["QO120", "0"], ["B", ""]),
    });
    expect(SectionDraftSchema.parse({ products: "A" })).toEqual({ q: "", products: [] });
  });

  it("reads a list as typed without a schema, as the dialog does while drawing", () => {
    const cases: Array<[unknown, DraftItem[]]> = [
      [undefined, []],
      ["A", []],
      [{ id: "A", qty: "1" }, []],
      [
        [
          { id: " qo120 ", qty: " 2 " },
          { id: "b", qty: "x" },
        ],
        D(["QO120", " 2 "], ["B", "x"]),
      ],
      // Conform leaves an all-empty row out of its value: an empty row, then dropped for its missing SKU.
      [[undefined, null, { id: "A" }, { qty: "3" }], D(["A", ""])],
      // Only a forged post has rows that are not objects, or values that are not text.
      [["A", 3, ["A", "1"], { id: 5, qty: 2 }, { id: ["A"], qty: "1" }, { id: "C", qty: ["1"] }], D(["C", ""])],
    ];
    for (const [value, expected] of cases) expect(draftItemsOf(value), JSON.stringify(value)).toEqual(expected);
  });

  it("tells Guardar, Buscar and Agregar apart; anything else is no button of the dialog", () => {
    const read = (fields: Record<string, string>) =>
      readFormIntent(SectionIntentSchema, formOf(Object.entries(fields)), { type: "search" });
    expect(read({ intent: "save" })).toEqual({ type: "save" });
    expect(read({ intent: "search" })).toEqual({ type: "search" });
    expect(read({ intent: intentValue<SectionIntent>({ type: "add", sku: " qo120 " }) })).toEqual({ type: "add", sku: "QO120" });
    // ↑ ↓ Quitar post only Conform's `__intent__`: the dialog is drawn again.
    expect(read({ __intent__: '{"type":"remove","payload":{"name":"products","index":0}}' })).toEqual({ type: "search" });
    for (const other of [
      "borrar",
      "",
      "{",
      '{"type":"add","sku":""}',
      `{"type":"add","sku":"${"x".repeat(65)}"}`,
      '{"type":"save","x":1}x',
    ]) {
      expect(read({ intent: other }), other).toBeNull();
    }
    expect(read({ title: "x" })).toBeNull();
  });

  it("the toggle takes only intent, id and status", () => {
    expect(SectionToggleSchema.safeParse({ intent: "toggle", id: "3", status: "false" }).data).toEqual({
      intent: "toggle",
      id: 3,
      status: false,
    });
    for (const bad of [
      { intent: "toggle", id: "0", status: "true" },
      { intent: "toggle", id: "3", status: "on" },
      { intent: "save", id: "3", status: "true" },
      { intent: "toggle", id: "abc", status: "true" },
    ]) {
      expect(SectionToggleSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
