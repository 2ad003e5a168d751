import { describe, expect, it } from "vitest";
import {
  SectionToggleSchema,
  ShopSectionFormSchema,
  applyProductAction,
  dropUnknown,
  mergeDuplicates,
  parseQty,
  productActionFrom,
  readPostedList,
  type ProductAction,
  type SectionItem,
} from "~/modules/content/shop-sections";

const L = (...pairs: Array<[string, number]>): SectionItem[] => pairs.map(([id, qty]) => ({ id, qty }));
const base = L(["A", 1], ["B", 2], ["C", 3]);

describe("applyProductAction", () => {
  const cases: Array<[string, SectionItem[], ProductAction | null, SectionItem[]]> = [
    ["no action keeps the list", base, null, base],
    ["adds a new SKU at the end with quantity 1", base, { type: "add", sku: "D" }, L(["A", 1], ["B", 2], ["C", 3], ["D", 1])],
    ["adding a SKU already listed raises its quantity by 1", base, { type: "add", sku: "B" }, L(["A", 1], ["B", 3], ["C", 3])],
    ["the SKU is compared trimmed and uppercased", base, { type: "add", sku: " b " }, L(["A", 1], ["B", 3], ["C", 3])],
    ["a blank SKU adds nothing", base, { type: "add", sku: "  " }, base],
    ["adds to an empty list", [], { type: "add", sku: "QO120" }, L(["QO120", 1])],
    ["removes by position", base, { type: "remove", index: 1 }, L(["A", 1], ["C", 3])],
    ["removing out of range does nothing", base, { type: "remove", index: 3 }, base],
    ["moves a row up", base, { type: "up", index: 2 }, L(["A", 1], ["C", 3], ["B", 2])],
    ["the first row cannot go up", base, { type: "up", index: 0 }, base],
    ["moves a row down", base, { type: "down", index: 0 }, L(["B", 2], ["A", 1], ["C", 3])],
    ["the last row cannot go down", base, { type: "down", index: 2 }, base],
    ["moving out of range does nothing", base, { type: "down", index: 7 }, base],
  ];
  it.each(cases)("%s", (_name, list, action, expected) => {
    const before = JSON.stringify(list);
    expect(applyProductAction(list, action)).toEqual(expected);
    expect(JSON.stringify(list)).toBe(before);
  });

  it("caps a quantity raised by adding", () => {
    expect(applyProductAction(L(["A", 9999]), { type: "add", sku: "A" })).toEqual(L(["A", 9999]));
  });
});

describe("parseQty", () => {
  const cases: Array<[unknown, number | null]> = [
    ["1", 1], [" 12 ", 12], ["9999", 9999], ["0", null], ["-1", null], ["1.5", null], ["abc", null], ["", null], [undefined, null], ["10000", null], [3, 3],
  ];
  it.each(cases)("%j → %j", (value, expected) => expect(parseQty(value)).toBe(expected));
});

describe("readPostedList", () => {
  const cases: Array<[string, unknown[], unknown[], { items: SectionItem[]; badQty: boolean }]> = [
    ["pairs in order", ["QO120", "HOM120"], ["2", "1"], { items: L(["QO120", 2], ["HOM120", 1]), badQty: false }],
    ["SKUs are trimmed and uppercased; blanks skipped", [" qo120 ", "", "x"], ["1", "5", "1"], { items: L(["QO120", 1], ["X", 1]), badQty: false }],
    ["a bad quantity reads as 1 and is reported", ["A", "B"], ["0", "x"], { items: L(["A", 1], ["B", 1]), badQty: true }],
    ["a missing quantity is reported", ["A"], [], { items: L(["A", 1]), badQty: true }],
    ["a repeated SKU merges into its first row", ["A", "B", "A"], ["1", "1", "4"], { items: L(["A", 5], ["B", 1]), badQty: false }],
  ];
  it.each(cases)("%s", (_name, products, qtys, expected) => expect(readPostedList(products, qtys)).toEqual(expected));
});

describe("mergeDuplicates and dropUnknown", () => {
  it("merges keeping the first position, capped", () => {
    expect(mergeDuplicates(L(["A", 9000], ["B", 1], ["A", 9000]))).toEqual(L(["A", 9999], ["B", 1]));
  });
  it("drops SKUs the catalogue does not know, keeping the order", () => {
    expect(dropUnknown(base, new Set(["C", "A"]))).toEqual(L(["A", 1], ["C", 3]));
  });
});

describe("productActionFrom", () => {
  const form = (entries: Record<string, string>) => ({ get: (k: string) => entries[k] ?? null });
  const cases: Array<[Record<string, string>, ProductAction | null]> = [
    [{ add: "qo120" }, { type: "add", sku: "QO120" }],
    [{ remove: "2" }, { type: "remove", index: 2 }],
    [{ up: "1" }, { type: "up", index: 1 }],
    [{ down: "0" }, { type: "down", index: 0 }],
    [{ up: "x" }, null],
    [{ intent: "search" }, null],
  ];
  it.each(cases)("%j", (entries, expected) => expect(productActionFrom(form(entries))).toEqual(expected));
});

describe("schemas", () => {
  it("needs a title of up to 120 characters", () => {
    expect(ShopSectionFormSchema.safeParse({ title: "  Ofertas  " }).data).toEqual({ title: "Ofertas", status: false });
    expect(ShopSectionFormSchema.safeParse({ title: "   " }).success).toBe(false);
    expect(ShopSectionFormSchema.safeParse({ title: "x".repeat(121) }).success).toBe(false);
  });
  it("the toggle takes only intent, id and status", () => {
    expect(SectionToggleSchema.safeParse({ intent: "toggle", id: "3", status: "false" }).data).toEqual({ intent: "toggle", id: 3, status: false });
    for (const bad of [{ intent: "toggle", id: "0", status: "true" }, { intent: "toggle", id: "3", status: "on" }, { intent: "save", id: "3", status: "true" }, { intent: "toggle", id: "abc", status: "true" }]) {
      expect(SectionToggleSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
