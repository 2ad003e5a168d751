import { describe, expect, it } from "vitest";
import {
  CATALOG_LIMITS,
  CATALOG_TEXTS,
  applyCatalogAction,
  catalogActionFrom,
  countProducts,
  isAddAction,
  parseCatalogListQuery,
  readCatalogDraft,
  type CatalogDraft,
} from "~/modules/content/catalogs";

const ID_A = "11111111-1111-4111-8111-111111111111";
const ID_B = "22222222-2222-4222-8222-222222222222";

function formOf(entries: Array<[string, string]>) {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
}

const base: Array<[string, string]> = [
  ["title", "Catálogo"],
  ["imageFileId", ID_A],
  ["imageAlt", " Portada "],
  ["imageFileId", "no-es-un-id"],
  ["imageAlt", "x"],
  ["imageFileId", ID_B],
  ["imageAlt", ""],
  ["subtitleTitle", "Focos"],
  ["product.0", "qo120"],
  ["qty.0", "2"],
  ["product.0", "QO115"],
  ["qty.0", "1"],
  ["subtitleTitle", "Cables"],
  ["product.1", "THW12NE100"],
  ["qty.1", "3"],
  ["q.1", " thw "],
];

describe("readCatalogDraft", () => {
  it("reads images with alt, subtitles with their own lists and searches", () => {
    const draft = readCatalogDraft(formOf(base));
    expect(draft.title).toBe("Catálogo");
    expect(draft.images).toEqual([
      { fileId: ID_A, alt: "Portada" },
      { fileId: ID_B, alt: "" },
    ]);
    expect(draft.subtitles).toEqual([
      { title: "Focos", products: [{ id: "QO120", qty: 2 }, { id: "QO115", qty: 1 }], q: "" },
      { title: "Cables", products: [{ id: "THW12NE100", qty: 3 }], q: "thw" },
    ]);
    expect(draft.badQty).toBe(false);
  });

  it("reports a bad quantity and merges a repeated SKU like the shop sections", () => {
    const draft = readCatalogDraft(formOf([["title", "x"], ["subtitleTitle", "A"], ["product.0", "QO120"], ["qty.0", "0"], ["product.0", "QO120"], ["qty.0", "2"]]));
    expect(draft.badQty).toBe(true);
    expect(draft.subtitles[0].products).toEqual([{ id: "QO120", qty: 3 }]);
  });

  it("drops a repeated image", () => {
    const draft = readCatalogDraft(formOf([["imageFileId", ID_A], ["imageAlt", "a"], ["imageFileId", ID_A], ["imageAlt", "b"]]));
    expect(draft.images).toEqual([{ fileId: ID_A, alt: "a" }]);
  });
});

describe("catalogActionFrom", () => {
  it("reads each button", () => {
    expect(catalogActionFrom(formOf([["intent", "save"]]), 0)).toEqual({ type: "save" });
    expect(catalogActionFrom(formOf([["intent", "add-subtitle"]]), 0)).toEqual({ type: "add-subtitle" });
    expect(catalogActionFrom(formOf([["removeSubtitle", "1"]]), 2)).toEqual({ type: "remove-subtitle", index: 1 });
    expect(catalogActionFrom(formOf([["removeImage", "0"]]), 2)).toEqual({ type: "remove-image", index: 0 });
    expect(catalogActionFrom(formOf([["add.1", "qo120"]]), 2)).toEqual({ type: "product", subtitle: 1, action: { type: "add", sku: "QO120" } });
    expect(catalogActionFrom(formOf([["down.0", "0"]]), 2)).toEqual({ type: "product", subtitle: 0, action: { type: "down", index: 0 } });
    expect(catalogActionFrom(formOf([["add.5", "QO120"]]), 2)).toEqual({ type: "refresh" });
    expect(catalogActionFrom(formOf([["intent", "upload"]]), 0)).toEqual({ type: "refresh" });
  });

  it("knows which buttons add", () => {
    expect(isAddAction({ type: "add-subtitle" })).toBe(true);
    expect(isAddAction({ type: "product", subtitle: 0, action: { type: "add", sku: "A" } })).toBe(true);
    expect(isAddAction({ type: "product", subtitle: 0, action: { type: "remove", index: 0 } })).toBe(false);
    expect(isAddAction({ type: "remove-image", index: 0 })).toBe(false);
  });
});

describe("applyCatalogAction", () => {
  const draft = (): CatalogDraft => ({ ...readCatalogDraft(formOf(base)), newSubtitle: "  Exterior " });

  it("adds a trimmed subtitle and clears the field", () => {
    const out = applyCatalogAction(draft(), { type: "add-subtitle" });
    expect(out.subtitles.map((s) => s.title)).toEqual(["Focos", "Cables", "Exterior"]);
    expect(out.subtitles[2]).toEqual({ title: "Exterior", products: [], q: "" });
    expect(out.newSubtitle).toBe("");
  });

  it("ignores a blank subtitle", () => {
    const out = applyCatalogAction({ ...draft(), newSubtitle: "   " }, { type: "add-subtitle" });
    expect(out.subtitles).toHaveLength(2);
  });

  it("ignores the adds while the title is blank, but not the other buttons", () => {
    const untitled = { ...draft(), title: "  " };
    expect(applyCatalogAction(untitled, { type: "add-subtitle" }).subtitles).toHaveLength(2);
    expect(applyCatalogAction(untitled, { type: "product", subtitle: 0, action: { type: "add", sku: "QO220" } }).subtitles[0].products).toHaveLength(2);
    expect(applyCatalogAction(untitled, { type: "product", subtitle: 0, action: { type: "remove", index: 0 } }).subtitles[0].products).toEqual([{ id: "QO115", qty: 1 }]);
    expect(applyCatalogAction(untitled, { type: "remove-image", index: 0 }).images).toEqual([{ fileId: ID_B, alt: "" }]);
  });

  it("applies the shop-section rules to one subtitle only", () => {
    const d = draft();
    const added = applyCatalogAction(d, { type: "product", subtitle: 1, action: { type: "add", sku: "QO120" } });
    expect(added.subtitles[1].products).toEqual([{ id: "THW12NE100", qty: 3 }, { id: "QO120", qty: 1 }]);
    expect(added.subtitles[0].products).toEqual(d.subtitles[0].products);
    const again = applyCatalogAction(added, { type: "product", subtitle: 1, action: { type: "add", sku: "QO120" } });
    expect(again.subtitles[1].products[1]).toEqual({ id: "QO120", qty: 2 });
    const moved = applyCatalogAction(d, { type: "product", subtitle: 0, action: { type: "up", index: 1 } });
    expect(moved.subtitles[0].products.map((p) => p.id)).toEqual(["QO115", "QO120"]);
  });

  it("removes a subtitle or an image; out of range changes nothing; the input is not changed", () => {
    const d = draft();
    expect(applyCatalogAction(d, { type: "remove-subtitle", index: 0 }).subtitles.map((s) => s.title)).toEqual(["Cables"]);
    expect(applyCatalogAction(d, { type: "remove-subtitle", index: 9 }).subtitles).toHaveLength(2);
    expect(applyCatalogAction(d, { type: "remove-image", index: 1 }).images).toEqual([{ fileId: ID_A, alt: "Portada" }]);
    expect(applyCatalogAction(d, { type: "remove-image", index: 7 }).images).toHaveLength(2);
    expect(d.subtitles).toHaveLength(2);
    expect(d.images).toHaveLength(2);
  });

  it("stops adding subtitles at the limit", () => {
    const full = { ...draft(), subtitles: Array.from({ length: CATALOG_LIMITS.subtitles }, (_, i) => ({ title: `S${i}`, products: [], q: "" })) };
    expect(applyCatalogAction(full, { type: "add-subtitle" }).subtitles).toHaveLength(CATALOG_LIMITS.subtitles);
  });
});

describe("list query and texts", () => {
  it("keeps the valid parameters", () => {
    expect(parseCatalogListQuery(new URLSearchParams("search=%20luz%20&sortName=title&sortValue=desc&page=2"))).toEqual({ search: "luz", sortName: "title", sortValue: "desc", page: 2 });
    expect(parseCatalogListQuery(new URLSearchParams("sortName=precio&sortValue=up&page=x"))).toEqual({ search: undefined, sortName: undefined, sortValue: undefined, page: 1 });
  });

  it("counts products across subtitles", () => {
    expect(countProducts([{ products: [1, 2] }, { products: [] }, { products: [3] }])).toBe(3);
  });

  it("states the catalogue's real minimum size", () => {
    expect(CATALOG_TEXTS.imageInvalid).toBe("Lo sentimos, la imagen no cumple con las dimensiones mínimas (1800x600)");
    expect(CATALOG_TEXTS.imageExists("a.png")).toBe("Error al guardar, la imagen a.png ya existe.");
  });
});
