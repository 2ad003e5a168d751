import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import {
  CATALOG_LIMITS,
  CATALOG_TEXTS,
  CatalogDraftSchema,
  CatalogIntentSchema,
  addToSubtitle,
  countProducts,
  parseCatalogListQuery,
  postedImages,
  withoutUntitledInsert,
  type CatalogDraft,
  type CatalogIntent,
} from "~/modules/content/catalogs";
import { CatalogFormSchema } from "~/modules/content/catalog-form";
import { intentValue } from "~/modules/content/shop-sections";
import { readFormIntent } from "~/lib/dialog-intent";

const ID_A = "11111111-1111-4111-8111-111111111111";
const ID_B = "22222222-2222-4222-8222-222222222222";

function formOf(entries: Array<[string, string]>) {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
}
const save = (entries: Array<[string, string]>) => parseWithZod(formOf(entries), { schema: CatalogFormSchema });

const draft = (): CatalogDraft => ({
  title: "Catálogo",
  images: [
    { fileId: ID_A, alt: "Portada" },
    { fileId: ID_B, alt: "" },
  ],
  subtitles: [
    {
      title: "Focos",
      q: "",
      products: [
        { id: "QO120", qty: "2" },
        { id: "QO115", qty: "1" },
      ],
    },
    { title: "Cables", q: "thw", products: [{ id: "THW12NE100", qty: "3" }] },
  ],
});

describe("what Guardar accepts (CatalogFormSchema through Conform)", () => {
  const full: Array<[string, string]> = [
    ["title", " Catálogo "],
    ["images[0].fileId", ID_A],
    ["images[0].alt", " Portada "],
    ["subtitles[0].title", "Focos"],
    ["subtitles[0].q", "qo"],
    ["subtitles[0].products[0].id", "qo120"],
    ["subtitles[0].products[0].qty", "2"],
    ["subtitles[0].products[1].id", "QO115"],
    ["subtitles[0].products[1].qty", "1"],
    ["subtitles[0].products[2].id", "QO120"],
    ["subtitles[0].products[2].qty", "1"],
    ["subtitles[1].title", "Cables"],
  ];

  it("reads images with alt text and subtitles with their own product lists (a repeated SKU merged)", () => {
    const submission = save(full);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toEqual({
      title: "Catálogo",
      images: [{ fileId: ID_A, alt: "Portada" }],
      subtitles: [
        {
          title: "Focos",
          q: "qo",
          products: [
            { id: "QO120", qty: 3 },
            { id: "QO115", qty: 1 },
          ],
        },
        { title: "Cables", products: [] },
      ],
    });
  });

  it("refuses what the spec's texts name, each on its field", () => {
    const bad = save([
      ["title", ""],
      ["images[0].fileId", "no-es-un-id"],
      ["images[1].fileId", ID_B],
      ["images[1].alt", "x".repeat(251)],
      ["subtitles[0].title", "  "],
      ["subtitles[0].products[0].id", "QO120"],
      ["subtitles[0].products[0].qty", "0"],
      ["subtitles[1].title", "x".repeat(151)],
    ]);
    expect(bad.reply().error).toEqual({
      title: [CATALOG_TEXTS.titleRequired],
      "images[0].fileId": [CATALOG_TEXTS.imageUnknown],
      "images[1].alt": ["Texto alternativo: máximo 250 caracteres"],
      "subtitles[0].title": ["Ingresa el texto del subtítulo"],
      "subtitles[0].products[0].qty": ["Cantidad: ingresa un número entero mayor o igual a 1"],
      "subtitles[1].title": ["Subtítulo: máximo 150 caracteres"],
    });
    expect(save([["title", "x".repeat(151)]]).reply().error).toEqual({ title: ["Título: máximo 150 caracteres"] });
  });

  it("stops at 30 images and 50 subtitles", () => {
    const images = Array.from({ length: 31 }, (_, i): Array<[string, string]> => [
      [`images[${i}].fileId`, `${String(i).padStart(8, "0")}-1111-4111-8111-111111111111`],
    ]).flat();
    expect(save([["title", "T"], ...images]).reply().error).toEqual({ images: [CATALOG_TEXTS.tooManyImages] });
    const subtitles = Array.from({ length: 51 }, (_, i): [string, string] => [`subtitles[${i}].title`, `S${i}`]);
    expect(save([["title", "T"], ...subtitles]).reply().error).toEqual({ subtitles: [CATALOG_TEXTS.tooManySubtitles] });
    expect(save([["title", "T"], ...subtitles.slice(0, 50)]).status).toBe("success");
  });

  it("gives the inputs their limits from the schema", () => {
    const constraint = getZodConstraint(CatalogFormSchema);
    expect(constraint.title).toMatchObject({ maxLength: CATALOG_LIMITS.title });
    expect(constraint["images[3].alt"]).toMatchObject({ maxLength: CATALOG_LIMITS.alt });
    expect(constraint["subtitles[2].title"]).toMatchObject({ maxLength: CATALOG_LIMITS.subtitle });
    expect(constraint["subtitles[2].products[4].qty"]).toMatchObject({ min: 1, max: 9999 });
    expect(constraint["subtitles[0].q"]).toMatchObject({ maxLength: 80 });
  });
});

describe("the list buttons are Conform intents on the catalogue's lists", () => {
  const rows = (intent: Record<string, unknown>): Array<[string, string]> => [
    ["title", "T"],
    ["images[0].fileId", ID_A],
    ["images[1].fileId", ID_B],
    ["subtitles[0].title", "Focos"],
    ["subtitles[0].products[0].id", "A"],
    ["subtitles[0].products[0].qty", "1"],
    ["subtitles[0].products[1].id", "B"],
    ["subtitles[0].products[1].qty", "2"],
    ["subtitles[1].title", "Cables"],
    ["__intent__", JSON.stringify(intent)],
  ];
  const after = (intent: Record<string, unknown>) =>
    CatalogDraftSchema.parse(parseWithZod(formOf(rows(intent)), { schema: CatalogDraftSchema }).payload);

  it("Agregar subtítulo inserts an empty subtitle; Quitar subtítulo removes one", () => {
    expect(
      after({ type: "insert", payload: { name: "subtitles", defaultValue: { title: "", q: "", products: [] } } }).subtitles.map(
        (s) => s.title,
      ),
    ).toEqual(["Focos", "Cables", ""]);
    expect(after({ type: "remove", payload: { name: "subtitles", index: 0 } }).subtitles.map((s) => s.title)).toEqual(["Cables"]);
  });
  it("Quitar on an image removes it", () => {
    expect(after({ type: "remove", payload: { name: "images", index: 0 } }).images).toEqual([{ fileId: ID_B, alt: "" }]);
  });
  it("↑ moves a product within its own subtitle", () => {
    const moved = after({ type: "reorder", payload: { name: "subtitles[0].products", from: 1, to: 0 } });
    expect(moved.subtitles[0].products.map((p) => p.id)).toEqual(["B", "A"]);
  });
});

describe("CatalogDraftSchema: the dialog as typed", () => {
  it("reads an empty row (Conform leaves it out of its values) as an empty subtitle, and drops what is not a row", () => {
    expect(
      CatalogDraftSchema.parse({
        title: "T",
        subtitles: [undefined, { title: "A", products: [{ id: " qo1 ", qty: "x" }, "y"] }, 3],
        images: "z",
      }),
    ).toEqual({
      title: "T",
      images: [],
      subtitles: [
        { title: "", q: "", products: [] },
        { title: "A", q: "", products: [{ id: "QO1", qty: "x" }] },
      ],
    });
  });
});

describe("CatalogIntentSchema: the buttons that are not list changes", () => {
  const read = (fields: Record<string, string>) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    return readFormIntent(CatalogIntentSchema, fd, { type: "refresh" });
  };

  it("reads Guardar, Subir imagen, Buscar, Enter; a list button's post redraws; anything else is no button", () => {
    for (const type of ["save", "upload", "search", "refresh"] as const) expect(read({ intent: type })).toEqual({ type });
    expect(read({ __intent__: '{"type":"insert","payload":{"name":"subtitles"}}' })).toEqual({ type: "refresh" });
    for (const other of ["borrar", "", "{", "x".repeat(301)]) expect(read({ intent: other }), other).toBeNull();
    expect(read({ title: "x" })).toBeNull();
  });

  it("reads Agregar's subtitle and SKU from the button's value, and refuses a broken one", () => {
    const add: CatalogIntent = { type: "add", subtitle: 1, sku: "QO120" };
    expect(read({ intent: intentValue(add) })).toEqual(add);
    expect(read({ intent: '{"type":"add","subtitle":0,"sku":" qo1 "}' })).toEqual({ type: "add", subtitle: 0, sku: "QO1" });
    for (const bad of [
      '{"type":"add","subtitle":-1,"sku":"A"}',
      '{"type":"add","subtitle":50,"sku":"A"}',
      '{"type":"add","subtitle":0,"sku":""}',
      '{"type":"add","subtitle":"0","sku":"A"}',
      '{"type":"add"}',
      "add",
    ]) {
      expect(read({ intent: bad }), bad).toBeNull();
    }
  });
});

describe("addToSubtitle: the shop sections' +1 rule on one subtitle", () => {
  it("adds to that subtitle only, +1 when listed", () => {
    const d = draft();
    const added = addToSubtitle(d, { subtitle: 1, sku: "QO120" });
    expect(added.subtitles[1].products).toEqual([
      { id: "THW12NE100", qty: "3" },
      { id: "QO120", qty: "1" },
    ]);
    expect(added.subtitles[0]).toEqual(d.subtitles[0]);
    expect(addToSubtitle(added, { subtitle: 1, sku: "QO120" }).subtitles[1].products[1]).toEqual({ id: "QO120", qty: "2" });
    expect(addToSubtitle(d, { subtitle: 0, sku: "QO115" }).subtitles[0].products).toEqual([
      { id: "QO120", qty: "2" },
      { id: "QO115", qty: "2" },
    ]);
    expect(d.subtitles[1].products).toHaveLength(1);
  });

  it("adds nothing while the title is empty (spec 5), nor to a subtitle that is not there", () => {
    expect(addToSubtitle({ ...draft(), title: "  " }, { subtitle: 0, sku: "QO220" })).toEqual({ ...draft(), title: "  " });
    expect(addToSubtitle(draft(), { subtitle: 2, sku: "QO220" })).toEqual(draft());
  });
});

describe("withoutUntitledInsert: adding a subtitle needs a title (spec 5)", () => {
  const inserted = (title: string): CatalogDraft => ({
    ...draft(),
    title,
    subtitles: [...draft().subtitles, { title: "", q: "", products: [] }],
  });
  const insert = { type: "insert" as const, payload: { name: "subtitles" } };

  it("takes back a subtitle inserted while the title is empty", () => {
    expect(withoutUntitledInsert(inserted(" "), insert).subtitles.map((s) => s.title)).toEqual(["Focos", "Cables"]);
    const atStart = { ...draft(), title: "", subtitles: [{ title: "", q: "", products: [] }, ...draft().subtitles] };
    expect(
      withoutUntitledInsert(atStart, { type: "insert", payload: { name: "subtitles", index: 0 } }).subtitles.map((s) => s.title),
    ).toEqual(["Focos", "Cables"]);
  });
  it("keeps it with a title, and leaves other intents alone", () => {
    expect(withoutUntitledInsert(inserted("Catálogo"), insert).subtitles).toHaveLength(3);
    expect(
      withoutUntitledInsert({ ...draft(), title: "" }, { type: "remove", payload: { name: "images", index: 0 } }).subtitles,
    ).toHaveLength(2);
    expect(withoutUntitledInsert({ ...draft(), title: "" }, null).subtitles).toHaveLength(2);
  });
  it("stops the subtitles at 50", () => {
    const many = { ...draft(), subtitles: Array.from({ length: 52 }, (_, i) => ({ title: `S${i}`, q: "", products: [] })) };
    expect(withoutUntitledInsert(many, null).subtitles).toHaveLength(CATALOG_LIMITS.subtitles);
  });
});

describe("postedImages", () => {
  it("keeps well-formed ids once each, up to 30", () => {
    expect(
      postedImages([
        { fileId: ID_A, alt: "a" },
        { fileId: "no-es-un-id", alt: "x" },
        { fileId: ID_A, alt: "b" },
        { fileId: ID_B, alt: "" },
      ]),
    ).toEqual([
      { fileId: ID_A, alt: "a" },
      { fileId: ID_B, alt: "" },
    ]);
    const many = Array.from({ length: 31 }, (_, i) => ({ fileId: `${String(i).padStart(8, "0")}-1111-4111-8111-111111111111`, alt: "" }));
    expect(postedImages(many)).toHaveLength(CATALOG_LIMITS.images);
  });
});

describe("list query and texts", () => {
  it("keeps the valid parameters", () => {
    expect(parseCatalogListQuery(new URLSearchParams("search=%20luz%20&sortName=title&sortValue=desc&page=2"))).toEqual({
      search: "luz",
      sortName: "title",
      sortValue: "desc",
      page: 2,
    });
    expect(parseCatalogListQuery(new URLSearchParams("sortName=precio&sortValue=up&page=x"))).toEqual({
      search: undefined,
      sortName: undefined,
      sortValue: undefined,
      page: 1,
    });
  });

  it("counts products across subtitles", () => {
    expect(countProducts([{ products: [1, 2] }, { products: [] }, { products: [3] }])).toBe(3);
  });

  it("states the catalogue's real minimum size", () => {
    expect(CATALOG_TEXTS.imageInvalid).toBe("Lo sentimos, la imagen no cumple con las dimensiones mínimas (1800x600)");
    expect(CATALOG_TEXTS.imageExists("a.png")).toBe("Error al guardar, la imagen a.png ya existe.");
  });
});
