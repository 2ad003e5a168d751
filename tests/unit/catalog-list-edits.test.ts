import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { ComboDraftSchema, ComboPostSchema, comboLinesOf, summariseCombo, typedQty } from "~/modules/catalog/combo-form";
import { NEW_PROPERTY, ProductDraftSchema, ProductPostSchema, addToGallery, catalogErrorMap } from "~/modules/catalog/product-form";

/**
 * The gallery, property and component lists of the product and combo dialogs are Conform field
 * lists. Without JavaScript their buttons post `__intent__` (Conform's own control value, what
 * `form.remove/reorder/insert.getButtonProps` put on the button) and the server's `parseWithZod`
 * applies it; these tests post what those buttons post and read the list the reply sends back.
 */
/** What "Agregar propiedad" posts: Conform serialises NEW_PROPERTY's default value (false is left out). */
const addProperty = { type: "insert", payload: { name: "properties", defaultValue: { name: "", value: "" } } };
const ids = ["11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222", "33333333-3333-4333-8333-333333333333"];

function productForm(intent: object | null) {
  const form = new FormData();
  form.set("name", "Foco");
  ids.forEach((id, k) => {
    form.set(`gallery[${k}].fileId`, id);
    form.set(`gallery[${k}].name`, `img${k}.png`);
  });
  form.set("properties[0].name", "Color");
  form.set("properties[0].value", "Blanco");
  form.set("properties[0].isSelector", "on");
  if (intent) form.set("__intent__", JSON.stringify(intent));
  return form;
}

type Reply = {
  gallery?: Array<{ fileId?: string }>;
  properties?: Array<{ name?: string; value?: string; isSelector?: string }>;
  name?: string;
};
function replied(intent: object) {
  const submission = parseWithZod(productForm(intent), { schema: ProductDraftSchema });
  // A list edit is not a save: Conform answers with the form again, nothing is refused.
  expect(submission.status).toBeUndefined();
  const values: Reply = submission.reply().initialValue ?? {};
  return { gallery: (values.gallery ?? []).map((g) => g.fileId), properties: values.properties ?? [], name: values.name };
}

describe("gallery and property edits of the product and combo dialogs (Conform list intents)", () => {
  it.each<[string, object, string[], number]>([
    ["Quitar the second image", { type: "remove", payload: { name: "gallery", index: 1 } }, [ids[0], ids[2]], 1],
    ["drag the third image to the front", { type: "reorder", payload: { name: "gallery", from: 2, to: 0 } }, [ids[2], ids[0], ids[1]], 1],
    ["Subir the second image", { type: "reorder", payload: { name: "gallery", from: 1, to: 0 } }, [ids[1], ids[0], ids[2]], 1],
    ["Bajar the first image", { type: "reorder", payload: { name: "gallery", from: 0, to: 1 } }, [ids[1], ids[0], ids[2]], 1],
    ["Agregar propiedad", addProperty, ids, 2],
    ["Quitar the property", { type: "remove", payload: { name: "properties", index: 0 } }, ids, 0],
  ])("%s", (_label, intent, gallery, properties) => {
    const next = replied(intent);
    expect(next.gallery).toEqual(gallery);
    expect(next.properties).toHaveLength(properties);
    expect(next.name).toBe("Foco");
  });

  it("a new property row is empty and not a selector", () => {
    const rows = replied(addProperty).properties;
    expect(rows[0]).toEqual({ name: "Color", value: "Blanco", isSelector: "on" });
    // Conform drops empty values from the reply: the second row is there with nothing in it.
    expect(rows).toHaveLength(2);
    expect(rows[1] ?? {}).toEqual({});
    expect(NEW_PROPERTY).toEqual({ name: "", value: "", isSelector: false });
  });

  it("a combo's component row is removed the same way, its SKU and quantity with it", () => {
    const form = new FormData();
    form.set("components[0].id", "A");
    form.set("components[0].qty", "2");
    form.set("components[1].id", "B");
    form.set("components[1].qty", "3");
    form.set("__intent__", JSON.stringify({ type: "remove", payload: { name: "components", index: 0 } }));
    const values: { components?: unknown } = parseWithZod(form, { schema: ComboDraftSchema }).reply().initialValue ?? {};
    expect(values.components).toEqual([{ id: "B", qty: "3" }]);
  });

  it("a plain post (no list button) is a submit with the typed draft", () => {
    const submission = parseWithZod(productForm(null), { schema: ProductDraftSchema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.gallery.map((g) => g.fileId)).toEqual(ids);
    expect(submission.value.properties).toEqual([{ name: "Color", value: "Blanco", isSelector: true }]);
  });
});

describe("the buttons the server handles (spec 5: add a match, +1 when present; uploads, AI, sync, save)", () => {
  it.each<[Record<string, unknown>, string]>([
    [{ intent: "upload" }, "upload"],
    [{ intent: "sheet-remove" }, "sheet-remove"],
    [{ intent: "ai-use" }, "ai-use"],
    [{ intent: "sync" }, "sync"],
    [{ intent: null }, "save"],
  ])("product %j → %s", (posted, intent) => {
    expect(ProductPostSchema.parse(posted).intent).toBe(intent);
  });

  it.each(["image-remove:1", "bogus", ""])("product intent %j is no button: refused", (intent) => {
    expect(ProductPostSchema.safeParse({ intent }).success).toBe(false);
  });

  it.each<[Record<string, unknown>, object]>([
    [{ intent: "search" }, { kind: "search" }],
    [{ intent: "upload" }, { kind: "upload" }],
    [
      { add: " QO120 ", intent: null },
      { kind: "add", sku: "QO120" },
    ],
    [{ add: "x".repeat(61) }, { kind: "save" }],
    [{}, { kind: "save" }],
  ])("combo %j → %j", (posted, action) => {
    expect(ComboPostSchema.parse(posted).action).toEqual(action);
  });

  it.each(["line-remove:0", "bogus", ""])("combo intent %j is no button: refused", (intent) => {
    expect(ComboPostSchema.safeParse({ intent }).success).toBe(false);
  });
});

describe("library picks and messages", () => {
  const image = (fileId: string) => ({ fileId, url: `/files/${fileId}`, name: fileId, alt: "", origin: "directus" });
  it("a pick is added at the end of the gallery, once", () => {
    const gallery = [image("a"), image("b")];
    expect(addToGallery(gallery, image("c")).map((g) => g.fileId)).toEqual(["a", "b", "c"]);
    expect(addToGallery(gallery, image("a"))).toBe(gallery);
  });

  it("what the schema refuses is said in Spanish", () => {
    const form = new FormData();
    form.set("price", "doce");
    form.set("tall", "-1");
    form.set("gallery[0].fileId", ids[0]);
    form.set("gallery[0].alt", "x".repeat(201));
    const submission = parseWithZod(form, { schema: ProductDraftSchema, errorMap: catalogErrorMap });
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({
      price: ["Escribe un número."],
      tall: ["Debe ser al menos 0."],
      "gallery[0].alt": ["Máximo 200 caracteres."],
    });
    const combo = new FormData();
    combo.set("components[0].id", "A");
    combo.set("components[0].qty", "1.5");
    expect(parseWithZod(combo, { schema: ComboDraftSchema, errorMap: catalogErrorMap }).reply().error).toEqual({
      "components[0].qty": ["Escribe un número entero."],
    });
  });
});

describe("the combo's rows and totals as the dialog shows them (spec 5)", () => {
  const catalogue = {
    A: { id: "A", name: "Contacto", price: 45.5, stock: 10 },
    B: { id: "B", name: "Placa", price: 20.25, stock: 7 },
  };
  it("takes name, price and stock from the catalogue, leaves out a SKU it lacks, and adds up Σ price × qty and min floor(stock / qty)", () => {
    const lines = comboLinesOf(
      [
        { id: "A", qty: 3 },
        { id: "GONE", qty: 1 },
        { id: "B", qty: 2 },
      ],
      catalogue,
    );
    expect(lines).toEqual([
      { ...catalogue.A, qty: 3 },
      { ...catalogue.B, qty: 2 },
    ]);
    // 45.50 × 3 + 20.25 × 2 = 177.00; A: floor(10/3) = 3, B: floor(7/2) = 3 → 3, the first reaching it.
    expect(summariseCombo(lines)).toEqual({ price: 177, priceProblem: null, stock: 3, limitedBy: "A" });
    expect(
      summariseCombo(
        comboLinesOf(
          [
            { id: "A", qty: 2 },
            { id: "B", qty: 4 },
          ],
          catalogue,
        ),
      ),
    ).toEqual({ price: 172, priceProblem: null, stock: 1, limitedBy: "B" });
  });
  it("reads a typed quantity; what is not a number counts as 0 until the server checks it", () => {
    expect([typedQty("3"), typedQty(" 2 "), typedQty(""), typedQty(undefined), typedQty("tres")]).toEqual([3, 2, 0, 0, 0]);
  });
});

describe("the browser's lazy check (no error map passed) says what the server says", () => {
  it.each([
    ["a negative measure", { tall: "-3" }, "tall", "Debe ser al menos 0."],
    ["a price that is not a number", { price: "abc" }, "price", "Escribe un número."],
  ])("%s", (_label, fields, name, message) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    const inBrowser = parseWithZod(form, { schema: ProductDraftSchema }).reply().error?.[name];
    const onServer = parseWithZod(form, { schema: ProductDraftSchema, errorMap: catalogErrorMap }).reply().error?.[name];
    expect(inBrowser).toEqual([message]);
    expect(onServer).toEqual([message]);
  });
});
