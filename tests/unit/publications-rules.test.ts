import { describe, expect, it } from "vitest";
import { classifyAttributes } from "~/modules/publications/attributes";
import { PUBLICATION_CONSTRAINT } from "~/modules/publications/constraints.server";
import { allWarehouses, newDraft, type Draft } from "~/modules/publications/draft";
import { parseDraftForm } from "~/modules/publications/draft-form";
import { addImage, addProduct, addVariation, canAddImage, readEditorIntent, type EditorIntent } from "~/modules/publications/draft-intent";
import { isBrandAccount, publicationTypeLabel, statusLabel, storeLabel } from "~/modules/publications/labels";
import { computeStock } from "~/modules/publications/stock";
import { marketplaceTitle, remainingCharacters, titleLimit } from "~/modules/publications/title";
import { validateDraft } from "~/modules/publications/validation";
import { publicationForm, type ListIntent } from "../helpers/publication-form";

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
    // Spec 1 §5: 55 characters, 40 for a special own post.
    expect(validateDraft(ready({ title: "x".repeat(56) }), rules).title).toEqual(["El título admite 55 caracteres como máximo."]);
    expect(validateDraft(ready({ title: "x".repeat(55) }), rules).title).toBeUndefined();
    expect(validateDraft(ready({ title: "x".repeat(41), special: true }), rules).title).toEqual([
      "El título admite 40 caracteres como máximo.",
    ]);
    expect(validateDraft(ready({ title: "x".repeat(40), special: true }), rules).title).toBeUndefined();
  });
});

describe("attribute classification (spec 1 §5)", () => {
  const a = (id: string, tags: Partial<{ required: boolean; catalogRequired: boolean; allowVariations: boolean }>) => ({
    id,
    name: id,
    required: false,
    catalogRequired: false,
    allowVariations: false,
    ...tags,
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
    ["store", { store: undefined }],
    [
      "linked",
      {
        linked: [
          { sku: "THW12NE100", qty: 1, discount: 0 },
          { sku: "", qty: 1, discount: 0 },
        ],
      },
    ],
    ["attributes.BRAND", { attributes: {} }],
  ])("flags %s", (key, over) => {
    expect(Object.keys(validateDraft(ready(over as Partial<Draft>), rules))).toContain(key);
  });
  it("needs each variation's selection", () => {
    const draft = ready({ linked: [], variations: [{ name: "", attributes: {}, linked: [{ sku: "A", qty: 1, discount: 0 }] }] });
    const errors = validateDraft(draft, { requiredAttributes: [], variationAttributes: [{ id: "COLOR", name: "Color" }] });
    expect(errors["variations[0].attributes.COLOR"]).toEqual(["Selecciona color."]);
  });
  it("needs a product in each variation, a name when the category has no variation attributes, and different selections", () => {
    const variation = (name: string, color: string, sku: string): Draft["variations"][number] => ({
      name,
      attributes: color ? { COLOR: color } : {},
      linked: [{ sku, qty: 1, discount: 0 }],
    });
    const named = validateDraft(ready({ linked: [], variations: [variation("", "", "A"), variation("Rojo", "", "")] }), rules);
    expect(named["variations[0].name"]).toEqual(["Escribe el nombre de la variación."]);
    expect(named["variations[1]"]).toEqual(["La variación necesita al menos un producto vinculado."]);
    const twins = validateDraft(ready({ linked: [], variations: [variation("", "Negro", "A"), variation("", "negro", "B")] }), {
      ...rules,
      variationAttributes: [{ id: "COLOR", name: "Color" }],
    });
    expect(twins.variations).toEqual(["Dos variaciones tienen la misma selección."]);
  });
});

describe("the dialog form's schema", () => {
  const value = (fd: FormData) => parseDraftForm(fd).value;
  const errorsOf = (fd: FormData) => parseDraftForm(fd).submission.reply().error ?? {};

  it("clamps discount to 0–10, qty to at least 1, upper-cases SKUs and sets autosync with a sync (spec 1 §4, §5)", () => {
    const d = value(
      form([
        ["title", "Foco"],
        ["linked[0].sku", "qo120"],
        ["linked[0].qty", "0"],
        ["linked[0].discount", "37"],
        ["linked[1].sku", "hom120"],
        ["linked[1].qty", "3"],
        ["linked[1].discount", "-4"],
        ["linked[2].sku", "qo130"],
        ["linked[2].qty", ""],
        ["linked[2].discount", ""],
        ["priceSync", "on"],
        ["warehouses", "1ML"],
        ["channels", "mshops"],
      ]),
    );
    expect(d?.linked).toEqual([
      { sku: "QO120", qty: 1, discount: 10 },
      { sku: "HOM120", qty: 3, discount: 0 },
      { sku: "QO130", qty: 1, discount: 0 },
    ]);
    expect(d).toMatchObject({
      autosync: true,
      priceSync: true,
      stockSync: false,
      warehouses: ["1ML"],
      channels: ["mshops"],
      listingType: "gold_special",
      status: "active",
    });
    expect(d?.store).toBeUndefined();
    expect(value(form([["stockSync", "on"]]))?.autosync).toBe(true);
    expect(value(form([["autosync", "on"]]))?.autosync).toBe(true);
    expect(value(form([]))?.autosync).toBe(false);
  });

  it("reads variations with their attributes and linked products", () => {
    const d = value(
      form([
        ["variations[0].name", ""],
        ["variations[0].attributes.COLOR", "Negro"],
        ["variations[0].linked[0].sku", "thw12ne100"],
        ["variations[0].linked[0].qty", "2"],
        ["variations[0].linked[0].discount", "5"],
        ["variations[1].id", "77"],
        ["variations[1].name", " Rojo "],
      ]),
    );
    expect(d?.variations).toEqual([
      { name: "", attributes: { COLOR: "Negro" }, linked: [{ sku: "THW12NE100", qty: 2, discount: 5 }] },
      { id: 77, name: "Rojo", attributes: {}, linked: [] },
    ]);
  });

  it.each<[string, Array<[string, string]>, string]>([
    [
      "a warehouse that does not exist",
      [
        ["warehouses", "1ML"],
        ["warehouses", "NOPE"],
      ],
      "warehouses[1]",
    ],
    ["a channel that does not exist", [["channels", "fax"]], "channels[0]"],
    ["an unknown listing type", [["listingType", "weird"]], "listingType"],
    ["an unknown store", [["store", "9999"]], "store"],
    ["a title over 55 characters", [["title", "x".repeat(56)]], "title"],
    [
      "an image that is not one of our files",
      [
        ["gallery[0].fileId", "x"],
        ["gallery[0].url", "https://evil.example/x.png"],
      ],
      "gallery[0].url",
    ],
    ["an attribute id that is not one", [["attributes.no valid", "x"]], "attributes.no valid"],
    ["a variation id that is not one", [["variations[0].id", "abc"]], "variations[0].id"],
    ["a search target that is no list", [["searchTarget", "v1x"]], "searchTarget"],
  ])("refuses %s (a forged post) with a message", (_what, entries, field) => {
    const parsed = parseDraftForm(form(entries));
    expect(parsed.value).toBeUndefined();
    expect(parsed.submission.status).toBe("error");
    expect(errorsOf(form(entries))[field]?.[0]).toMatch(/\S/);
  });

  it("says the title limit in Spanish", () => {
    expect(errorsOf(form([["title", "x".repeat(56)]])).title).toEqual(["El título admite 55 caracteres como máximo."]);
    expect(value(form([["title", "x".repeat(55)]]))?.title).toHaveLength(55);
  });

  it("allows 8 images per linked product, not 9 (spec 1 §2)", () => {
    const images = (n: number, sku: string) =>
      Array.from({ length: n }, (_, k) => ({
        fileId: `00000000-0000-4000-8000-${String(k).padStart(12, "0")}`,
        url: `/files/00000000-0000-4000-8000-${String(k).padStart(12, "0")}`,
        name: `f${k}`,
        sku,
        origin: "upload",
        alt: "",
      }));
    const post = (gallery: Draft["gallery"]) => parseDraftForm(publicationForm({ ...newDraft(), gallery }));
    expect(post([...images(8, "A"), ...images(8, "B")]).value?.gallery).toHaveLength(16);
    const nine = post(images(9, "A"));
    expect(nine.value).toBeUndefined();
    expect(nine.submission.reply().error?.gallery).toEqual(["Cada producto vinculado admite 8 imágenes."]);
  });

  it("new publications start with the section 3 defaults", () => {
    const d = newDraft();
    expect(d).toMatchObject({ autosync: false, priceSync: false, stockSync: false, listingType: "gold_special" });
    expect(d.linked).toEqual([{ sku: "", qty: 1, discount: 0 }]);
    // The defaults go through the form and come back the same.
    const { id: _id, ...fields } = d;
    expect(value(publicationForm(d))).toEqual(fields);
  });
});

describe("native constraints the loaders send, from the schema the action validates with", () => {
  const constraint = PUBLICATION_CONSTRAINT;
  it.each([
    ["title", { maxLength: 55 }],
    ["categoryId", { maxLength: 30 }],
    ["store", {}],
    ["channels", { multiple: true }],
    ["warehouses", { multiple: true }],
    ["linked[].qty", { min: 1, step: 1 }],
    ["linked[].discount", { min: 0, max: 10 }],
    ["variations[].linked[].discount", { min: 0, max: 10 }],
    ["gallery[].alt", { maxLength: 125 }],
    ["description.body", { maxLength: 20000 }],
  ])("%s: %j", (name, expected) => {
    expect(constraint[name]).toMatchObject(expected);
  });
  it("asks nothing as required of what is typed or chosen: every empty field the save needs has its own Spanish message", () => {
    // The dialog's inputs, selects and checkbox/radio groups (lists and objects are no inputs).
    const inputs = [
      "version",
      "title",
      "special",
      "categoryId",
      "listingType",
      "store",
      "autosync",
      "priceSync",
      "stockSync",
      "warehouses",
      "channels",
      "premium",
      "status",
      "linked[].sku",
      "linked[].qty",
      "linked[].discount",
      "variations[].id",
      "variations[].name",
      "variations[].linked[].sku",
      "variations[].linked[].qty",
      "variations[].linked[].discount",
      "gallery[].name",
      "gallery[].sku",
      "gallery[].origin",
      "gallery[].alt",
      "description.intro",
      "description.body",
      "description.closing",
      "productSearch",
      "searchTarget",
      "librarySearch",
    ];
    expect(inputs.filter((name) => !(name in constraint))).toEqual([]);
    expect(inputs.filter((name) => constraint[name].required)).toEqual([]);
  });
});

describe("list buttons (Conform's insert, remove, reorder and update) without JavaScript", () => {
  const base = (): Draft => ({ ...newDraft(), title: "Cable", linked: [{ sku: "QO120", qty: 2, discount: 5 }] });
  const press = (d: Draft, button: ListIntent) => {
    const parsed = parseDraftForm(publicationForm(d, button));
    // Not a submission: nothing is refused, and the changed form is in the value.
    expect(parsed.submission.status).toBeUndefined();
    return parsed.value;
  };
  it("adds an empty linked-product row, and removes one", () => {
    expect(
      press(base(), { type: "insert", payload: { name: "linked", defaultValue: { sku: "", qty: "1", discount: "0" } } })?.linked,
    ).toEqual([
      { sku: "QO120", qty: 2, discount: 5 },
      { sku: "", qty: 1, discount: 0 },
    ]);
    expect(press(base(), { type: "remove", payload: { name: "linked", index: 0 } })?.linked).toEqual([]);
  });
  it("adds a row to a variation's list and removes a variation", () => {
    const two: Draft = {
      ...base(),
      linked: [],
      variations: [
        { id: 1, name: "A", attributes: {}, linked: [{ sku: "QO120", qty: 1, discount: 0 }] },
        { id: 2, name: "B", attributes: {}, linked: [] },
      ],
    };
    expect(press(two, { type: "insert", payload: { name: "variations[1].linked" } })?.variations[1].linked).toEqual([
      { sku: "", qty: 1, discount: 0 },
    ]);
    expect(press(two, { type: "remove", payload: { name: "variations", index: 0 } })?.variations.map((v) => v.id)).toEqual([2]);
  });
  it("selects all 18 warehouses or none", () => {
    expect(allWarehouses(true)).toHaveLength(18);
    expect(press(base(), { type: "update", payload: { name: "warehouses", value: allWarehouses(true) } })?.warehouses).toEqual(
      allWarehouses(true),
    );
    expect(
      press({ ...base(), warehouses: ["1ML"] }, { type: "update", payload: { name: "warehouses", value: allWarehouses(false) } })
        ?.warehouses,
    ).toEqual([]);
  });
});

describe("the dialog's other buttons (intents)", () => {
  it.each<[string | null, EditorIntent | null]>([
    [null, { type: "save" }],
    ["save", { type: "save" }],
    ["search-products", { type: "search-products" }],
    ['{"type":"add-product","sku":" thw12ne100 "}', { type: "add-product", sku: "THW12NE100" }],
    ['{"type":"set-category","categoryId":"mlm187773"}', { type: "set-category", categoryId: "MLM187773" }],
    [
      '{"type":"pick-image","sku":"qo120","fileId":"11111111-1111-1111-1111-111111111111"}',
      { type: "pick-image", sku: "QO120", fileId: "11111111-1111-1111-1111-111111111111" },
    ],
    ['{"type":"upload","sku":""}', { type: "upload", sku: "" }],
    ["remove-row:flat:0", null],
    ['{"type":"add-product"}', null],
    ['{"type":"pick-image","sku":"A","fileId":"../../etc"}', null],
    ["{not json", null],
    ["x".repeat(301), null],
  ])("%s → %j", (raw, expected) => {
    expect(readEditorIntent(raw)).toEqual(expected);
  });
});

describe("adding a found product (spec 1 §2)", () => {
  const row = (sku: string, qty = 1, discount = 0) => ({ sku, qty, discount });
  it.each<[string, Draft["linked"], string, string, Draft["linked"]]>([
    [
      "fills the first row without a product",
      [row("QO120", 2), row(""), row("")],
      "flat",
      "hom120",
      [row("QO120", 2), row("HOM120"), row("")],
    ],
    ["adds a row when none is empty", [row("QO120")], "flat", "HOM120", [row("QO120"), row("HOM120")]],
    ["leaves a product already linked as it is", [row("QO120", 3, 5)], "flat", "qo120", [row("QO120", 3, 5)]],
    ["ignores a blank SKU", [row("")], "flat", "  ", [row("")]],
    ["ignores an unknown target", [row("")], "v3", "QO120", [row("")]],
  ])("%s", (_what, linked, target, sku, expected) => {
    expect(addProduct({ ...newDraft(), linked }, target, sku).linked).toEqual(expected);
  });
  it("goes into the chosen variation", () => {
    const d: Draft = {
      ...newDraft(),
      linked: [],
      variations: [
        { name: "A", attributes: {}, linked: [row("QO120")] },
        { name: "B", attributes: {}, linked: [row("")] },
      ],
    };
    expect(addProduct(d, "v1", "qo130").variations.map((v) => v.linked)).toEqual([[row("QO120")], [row("QO130")]]);
  });
});

describe("the first variation takes the flat rows", () => {
  const row = (sku: string, qty = 1) => ({ sku, qty, discount: 0 });
  it.each<[string, Draft["linked"], Draft["linked"]]>([
    ["rows with a product move", [row("QO120", 2), row("")], [row("QO120", 2)]],
    ["no product: one empty row", [row("")], [row("")]],
  ])("%s", (_what, linked, expected) => {
    const d = addVariation({ ...newDraft(), linked });
    expect(d.linked).toEqual([]);
    expect(d.variations).toEqual([{ name: "", attributes: {}, linked: expected }]);
    // "Agregar a" can no longer name the flat list.
    expect(d.searchTarget).toBe("v0");
  });
  it("a later variation starts with one empty row and leaves the others alone", () => {
    const first = addVariation({ ...newDraft(), linked: [row("QO120")] });
    const second = addVariation(first);
    expect(second.variations.map((v) => v.linked)).toEqual([[row("QO120")], [row("")]]);
  });
});

describe("adding images: up to 8 per linked product (spec 1 §2)", () => {
  const image = (n: number, sku: string) => ({
    fileId: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    url: `/files/00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    name: `f${n}`,
    sku,
    origin: "upload",
    alt: "",
  });
  const gallery = (n: number, sku: string) => Array.from({ length: n }, (_, k) => image(k, sku));
  it.each([
    [7, "A", true],
    [8, "A", false],
    [8, "B", true], // another product's images do not count
  ])("%i images of A: one more for %s fits: %s", (n, sku, fits) => {
    expect(canAddImage(gallery(n, "A"), sku)).toBe(fits);
    const added = addImage({ ...newDraft(), gallery: gallery(n, "A") }, image(99, sku));
    expect(added.ok).toBe(fits);
    if (added.ok) expect(added.draft.gallery.at(-1)).toEqual(image(99, sku));
  });
  it("picking an image the product already shows changes nothing", () => {
    const d = { ...newDraft(), gallery: gallery(2, "A") };
    const again = addImage(d, image(1, "A"));
    expect(again.ok && again.draft.gallery).toEqual(d.gallery);
    const other = addImage(d, image(1, "B"));
    expect(other.ok && other.draft.gallery).toHaveLength(3);
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
      {
        qty: 2,
        stocks: [
          { name: "1ML", qty: 9 },
          { name: "A1", qty: 4 },
        ],
      },
      {
        qty: 1,
        stocks: [
          { name: "M", qty: 3 },
          { name: "T", qty: 10 },
        ],
      },
    ];
    expect(computeStock(lines, [])).toEqual({ now: 3, later: 2 });
    expect(computeStock(lines, ["1ML", "M"])).toEqual({ now: 3, later: 0 });
    expect(computeStock([], [])).toEqual({ now: 0, later: 0 });
  });
});
