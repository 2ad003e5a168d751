import { describe, expect, it } from "vitest";
import { classifyAttributes } from "~/modules/publications/attributes";
import { addProduct, addRow, addVariation, newDraft, readDraft, removeRow, setAllWarehouses, type Draft } from "~/modules/publications/draft";
import { isBrandAccount, publicationTypeLabel, statusLabel, storeLabel } from "~/modules/publications/labels";
import { computeStock } from "~/modules/publications/stock";
import { marketplaceTitle, remainingCharacters, titleLimit } from "~/modules/publications/title";
import { validateDraft } from "~/modules/publications/validation";

function form(entries: Array<[string, string]>) {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
}

const ready = (over: Partial<Draft> = {}): Draft => ({
  ...newDraft(),
  title: "Cable THW calibre 12",
  categoryId: "MLM187773",
  store: "meli1",
  channels: ["marketplace"],
  linked: [{ sku: "THW12NE100", qty: 1, discount: 0 }],
  attributes: { BRAND: "Condumex" },
  ...over,
});
const rules = { requiredAttributes: [{ id: "BRAND", name: "Marca" }], variationAttributes: [] };

describe("title limits (spec 1 §5)", () => {
  it.each([
    [false, 55],
    [true, 40],
  ])("special %s allows %s characters", (special, limit) => {
    expect(titleLimit(special)).toBe(limit);
    expect(remainingCharacters("x".repeat(10), special)).toBe(limit - 10);
  });
  it("special own posts get the special prefix", () => {
    expect(marketplaceTitle("Foco  LED 9W ", true, "Electrica")).toBe("Electrica | Foco LED 9W");
    expect(marketplaceTitle("Foco LED 9W", false, "Electrica")).toBe("Foco LED 9W");
  });
  it("refuses titles over the limit", () => {
    expect(validateDraft(ready({ title: "x".repeat(56) }), rules).title).toBeTruthy();
    expect(validateDraft(ready({ title: "x".repeat(41), special: true }), rules).title).toBeTruthy();
    expect(validateDraft(ready({ title: "x".repeat(40), special: true }), rules).title).toBeUndefined();
  });
});

describe("attribute classification (spec 1 §5)", () => {
  const a = (id: string, tags: Partial<{ required: boolean; catalogRequired: boolean; allowVariations: boolean }>) => ({
    id, name: id, required: false, catalogRequired: false, allowVariations: false, ...tags,
  });
  it("required and catalog_required are required, allow_variations become variation attributes (deduplicated)", () => {
    const out = classifyAttributes([
      a("BRAND", { required: true }),
      a("GTIN", { catalogRequired: true }),
      a("VOLTAGE", {}),
      a("COLOR", { allowVariations: true }),
      a("COLOR", { allowVariations: true }),
      a("SELLER_SKU", {}),
      a("BRAND", { required: true }),
    ]);
    expect(out.required.map((x) => x.id)).toEqual(["BRAND", "GTIN"]);
    expect(out.optional.map((x) => x.id)).toEqual(["VOLTAGE"]);
    expect(out.variation.map((x) => x.id)).toEqual(["COLOR"]);
  });
});

describe("save validation (spec 1 §5)", () => {
  it("accepts a complete draft", () => expect(validateDraft(ready(), rules)).toEqual({}));
  it.each([
    ["title", { title: "  " }],
    ["categoryId", { categoryId: "" }],
    ["linked", { linked: [] }],
    ["channels", { channels: [] }],
    ["store", { store: "" as const }],
    ["linked", { linked: [{ sku: "THW12NE100", qty: 1, discount: 0 }, { sku: "", qty: 1, discount: 0 }] }],
    ["attr.BRAND", { attributes: {} }],
  ])("flags %s", (key, over) => {
    expect(Object.keys(validateDraft(ready(over as Partial<Draft>), rules))).toContain(key);
  });
  it("needs each variation's selection", () => {
    const draft = ready({ linked: [], variations: [{ id: null, name: "", attributes: {}, linked: [{ sku: "A", qty: 1, discount: 0 }] }] });
    const errors = validateDraft(draft, { requiredAttributes: [], variationAttributes: [{ id: "COLOR", name: "Color" }] });
    expect(errors["v.0.attr.COLOR"]).toBeTruthy();
  });
});

describe("reading the dialog form", () => {
  it("clamps discount to 0–10, qty to at least 1, upper-cases SKUs and sets autosync with a sync", () => {
    const d = readDraft(
      form([
        ["title", "Foco"], ["lp.0.sku", "qo120"], ["lp.0.qty", "0"], ["lp.0.discount", "37"],
        ["lp.1.sku", "hom120"], ["lp.1.qty", "3"], ["lp.1.discount", "-4"], ["priceSync", "on"],
        ["warehouses", "1ML"], ["warehouses", "NOPE"], ["channels", "mshops"], ["channels", "fax"], ["listingType", "weird"],
      ]),
    );
    expect(d.linked).toEqual([{ sku: "QO120", qty: 1, discount: 10 }, { sku: "HOM120", qty: 3, discount: 0 }]);
    expect(d.autosync).toBe(true);
    expect(d.warehouses).toEqual(["1ML"]);
    expect(d.channels).toEqual(["mshops"]);
    expect(d.listingType).toBe("gold_special");
  });
  it("reads variations with their attributes and linked products", () => {
    const d = readDraft(form([["v.0.name", ""], ["v.0.attr.COLOR", "Negro"], ["v.0.lp.0.sku", "thw12ne100"], ["v.0.lp.0.qty", "2"], ["v.0.lp.0.discount", "5"]]));
    expect(d.variations).toEqual([{ id: null, name: "", attributes: { COLOR: "Negro" }, linked: [{ sku: "THW12NE100", qty: 2, discount: 5 }] }]);
  });
  it("ignores gallery entries that do not point at our files", () => {
    const d = readDraft(form([["g.0.fileId", "x"], ["g.0.url", "https://evil.example/x.png"]]));
    expect(d.gallery).toEqual([]);
  });
  it("new publications start with the section 3 defaults", () => {
    const d = newDraft();
    expect(d).toMatchObject({ autosync: false, priceSync: false, stockSync: false, listingType: "gold_special" });
    expect(d.linked).toEqual([{ sku: "", qty: 1, discount: 0 }]);
  });
  it("edits rows and variations", () => {
    let d = addRow(ready(), "flat");
    expect(d.linked).toHaveLength(2);
    d = addProduct(d, "flat", "qo130");
    expect(d.linked[1].sku).toBe("QO130");
    d = removeRow(d, "flat", 0);
    expect(d.linked.map((l) => l.sku)).toEqual(["QO130"]);
    d = addVariation(d);
    expect(d.linked).toEqual([]);
    expect(d.variations[0].linked.map((l) => l.sku)).toEqual(["QO130"]);
    expect(setAllWarehouses(d, true).warehouses).toHaveLength(18);
    expect(setAllWarehouses(d, false).warehouses).toEqual([]);
  });
});

describe("labels (spec 1 §1, §2)", () => {
  it.each([
    ["5139", "Electrica Oficial"],
    ["4981", "SE Residencial"],
    ["4979", "Square D"],
    ["1234", "Meli 1"],
    [null, "Meli 1"],
  ])("store %s is %s", (store, label) => expect(storeLabel(store, "Electrica")).toBe(label));
  it("marks the second account by the brand store value", () => {
    expect(isBrandAccount("Electrica", "Electrica")).toBe(true);
    expect(isBrandAccount("", "Electrica")).toBe(false);
  });
  it("types and statuses", () => {
    expect(publicationTypeLabel(true)).toBe("VARIABLE");
    expect(publicationTypeLabel(false)).toBe("SIMPLE");
    expect(statusLabel("active")).toBe("Activa");
    expect(statusLabel("paused")).toBe("Inactiva");
  });
});

describe("stock (immediate and later)", () => {
  it("counts complete sets from warehouses without delay and with delay", () => {
    const lines = [
      { qty: 2, stocks: [{ name: "1ML", qty: 9 }, { name: "A1", qty: 4 }] },
      { qty: 1, stocks: [{ name: "M", qty: 3 }, { name: "T", qty: 10 }] },
    ];
    expect(computeStock(lines, [])).toEqual({ now: 3, later: 2 });
    expect(computeStock(lines, ["1ML", "M"])).toEqual({ now: 3, later: 0 });
    expect(computeStock([], [])).toEqual({ now: 0, later: 0 });
  });
});
