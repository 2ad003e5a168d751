import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { auditLog, brands, categories, products } from "../../server/db/schema";
import type { ComboView } from "~/routes/web-inventory/combo-route.server";
import { comboLinesOf, summariseCombo } from "~/modules/catalog/combo-form";
import * as createRoute from "~/routes/web-inventory/combos.new";
import * as editRoute from "~/routes/web-inventory/combos.$comboId";
import * as productRoute from "~/routes/web-inventory/$sku";
import { useTestDatabase } from "../helpers/db";
import { loginAs } from "../helpers/auth";
import { callRoute, dataOf, statusOf, toastOf, type PostedFields, type RouteHandler } from "../helpers/catalog-routes";

await useTestDatabase();

let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${++seq}`;

const post = (form: PostedFields, cookie: string, query = "") =>
  callRoute(createRoute.action as RouteHandler, `/web-inventory/combos/new${query}`, cookie, { form });
const postEdit = (id: string, form: PostedFields, cookie: string) =>
  callRoute(editRoute.action as RouteHandler, `/web-inventory/combos/${id}`, cookie, { params: { comboId: id }, form });
const view = (res: unknown) => dataOf<ComboView>(res);
type Shown = { components?: Array<{ id?: string; qty?: string }>; gallery?: Array<{ fileId?: string }>; componentSearch?: string };
/** The form as a page drawn from the answer shows it (Conform's `initialValue`: values as text). */
const shownOf = (res: unknown): Shown => view(res).result.initialValue ?? {};
/** The component rows the answer fills the form with, as [SKU, quantity]. */
const rowsOf = (res: unknown) => (shownOf(res).components ?? []).map((c) => [c.id, Number(c.qty)]);
/** Price and stock as the dialog adds them up from the answer's rows and catalogue. */
const summaryOf = (res: unknown) =>
  summariseCombo(
    comboLinesOf(
      rowsOf(res).map(([id, qty]) => ({ id: String(id), qty: Number(qty) })),
      view(res).catalogue,
    ),
  );

const inventory = await loginAs("inventory");
const practicante = await loginAs("practicante");
const [cat] = await getDb()
  .insert(categories)
  .values({ name: unique("CatCombo"), slug: unique("cat-combo").toLowerCase() })
  .returning();
const [brand] = await getDb()
  .insert(brands)
  .values({ name: unique("MarcaCombo"), slug: unique("marca-combo").toLowerCase() })
  .returning();
const stem = unique("CMP");
const A = `${stem}A`;
const B = `${stem}B`;
const EMPTY = `${stem}Z`;
await getDb()
  .insert(products)
  .values([
    { id: A, name: "Contacto dúplex", slug: "a", price: 45.5, stockTotal: 10 },
    { id: B, name: "Placa blanca", slug: "b", price: 20.25, stockTotal: 7 },
    { id: EMPTY, name: "Sin existencias", slug: "z", price: 99, stockTotal: 0 },
  ]);
const bytes = await sharp({ create: { width: 1500, height: 1500, channels: 3, background: { r: 1, g: 2, b: 3 } } })
  .png()
  .toBuffer();
const image = () => new File([new Uint8Array(bytes)], `${unique("combo").toLowerCase()}.png`, { type: "image/png" });

describe("combo dialog (spec 2 'Combo publication modal', 5 'Combo')", () => {
  it("is open to every role of /web-inventory and refused to others", async () => {
    const ok = await callRoute(createRoute.loader as RouteHandler, "/web-inventory/combos/new", practicante.cookie);
    expect(ok).not.toBeInstanceOf(Response);
    // The native checks come with the page (the schema is fetched later). Spec 5: a missing name,
    // description or component gets "Todos los campos son obligatorios…", never the browser's own.
    const { constraint } = ok as Awaited<ReturnType<typeof createRoute.loader>>;
    expect(constraint.name.required).toBeUndefined();
    expect(constraint.description.required).toBeUndefined();
    expect(constraint.components.required).toBeUndefined();
    const shop = await loginAs("shop_manager");
    const refused = await post({ name: "x", intent: "save" }, shop.cookie);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).headers.get("Location")).toBe("/products");
  });

  it("searches components from 1 character, 40 at most, never combos", async () => {
    const res = view(await post({ intent: "search", componentSearch: stem.toLowerCase() }, inventory.cookie));
    expect(res.matches!.map((m) => m.id).sort()).toEqual([A, B, EMPTY]);
    const one = view(await post({ intent: "search", componentSearch: "a" }, inventory.cookie));
    expect(one.matches!.length).toBeLessThanOrEqual(40);
    expect(one.matches!.length).toBeGreaterThan(0);
  });

  it("adds a product, +1 when already present, refuses one without stock, and checks each quantity against its stock", async () => {
    // Spec 5: the add-item button is disabled while the name is empty; the server refuses the add too.
    const unnamed = await post({ add: A }, inventory.cookie);
    expect(statusOf(unnamed)).toBe(400);
    expect(rowsOf(unnamed)).toEqual([]);
    expect(view(unnamed).result.error?.name).toEqual(["Escribe el nombre de la publicación antes de agregar productos."]);
    const name = "Kit de prueba";
    expect(rowsOf(await post({ name, add: A }, inventory.cookie))).toEqual([[A, 1]]);
    expect(rowsOf(await post({ name, add: A, "components[0].id": A, "components[0].qty": "3" }, inventory.cookie))).toEqual([[A, 4]]);
    const none = await post({ name, add: EMPTY, "components[0].id": A, "components[0].qty": "1" }, inventory.cookie);
    expect(view(none).toast).toMatchObject({ message: "No hay suficiente stock" });
    expect(rowsOf(none)).toEqual([[A, 1]]);

    const zero = await post({ intent: "search", "components[0].id": A, "components[0].qty": "0" }, inventory.cookie);
    expect(statusOf(zero)).toBe(422);
    expect(view(zero).toast).toMatchObject({ title: "Cantidad insuficiente", message: "La cantidad debe ser mayor a 0" });
    expect(rowsOf(zero)).toEqual([[A, 1]]);
    expect(view(zero).result.error?.["components[0].qty"]).toEqual(["La cantidad debe ser mayor a 0"]);
    const over = await post({ intent: "search", "components[0].id": A, "components[0].qty": "11" }, inventory.cookie);
    expect(view(over).toast).toMatchObject({ title: "Stock insuficiente", message: "La cantidad es mayor al stock disponible" });
    expect(rowsOf(over)).toEqual([[A, 1]]);
  });

  it("shows price = Σ price × qty and stock = min floor(stock / qty) with the limiting component", async () => {
    const res = await post(
      { intent: "search", "components[0].id": A, "components[0].qty": "3", "components[1].id": B, "components[1].qty": "2" },
      inventory.cookie,
    );
    // The catalogue's own price and stock, whatever a post might claim.
    expect(view(res).catalogue[A]).toEqual({ id: A, name: "Contacto dúplex", price: 45.5, priceNote: null, stock: 10 });
    // 45.50 × 3 + 20.25 × 2 = 177.00; A: floor(10/3) = 3, B: floor(7/2) = 3 → 3, first reaching it.
    expect(summaryOf(res)).toEqual({ price: 177, priceProblem: null, stock: 3, limitedBy: A });
    const limited = await post(
      { intent: "search", "components[0].id": A, "components[0].qty": "2", "components[1].id": B, "components[1].qty": "4" },
      inventory.cookie,
    );
    expect(summaryOf(limited)).toEqual({ price: 172, priceProblem: null, stock: 1, limitedBy: B });
  });

  it("removes a component row with Conform's list button (no JavaScript) and still knows the others' price and stock", async () => {
    const res = await post(
      {
        "components[0].id": A,
        "components[0].qty": "3",
        "components[1].id": B,
        "components[1].qty": "2",
        __intent__: JSON.stringify({ type: "remove", payload: { name: "components", index: 0 } }),
      },
      inventory.cookie,
    );
    expect(statusOf(res)).toBe(200);
    const values: { components?: unknown } = view(res).result.initialValue ?? {};
    expect(values.components).toEqual([{ id: B, qty: "2" }]);
    expect(view(res).catalogue[B]).toMatchObject({ price: 20.25, stock: 7 });
    expect(statusOf(await post({ __intent__: "{" }, inventory.cookie))).toBe(400);
  });

  it("refuses an incomplete combo with the spec's message and saves a complete one with a 7-character id", async () => {
    const incomplete = await post(
      {
        intent: "save",
        name: "kit",
        "components[0].id": A,
        "components[0].qty": "2",
        description: "<p>Hola</p>",
        categoryId: String(cat.id),
      },
      inventory.cookie,
    );
    expect(statusOf(incomplete)).toBe(400);
    expect(view(incomplete).toast).toMatchObject({
      title: "Campos obligatorios",
      message: "Todos los campos son obligatorios excepto (Alto, Largo, Ancho, y Peso)",
    });

    const uploaded = view(await post({ intent: "upload", uploads: image() }, inventory.cookie));
    const fileId = (uploaded.result.initialValue as Shown | undefined)?.gallery?.[0].fileId ?? "";
    const saved = await post(
      {
        intent: "save",
        name: "kit  de contactos",
        description: "<p>Tres contactos y dos placas</p><script>x()</script>",
        "components[0].id": A,
        "components[0].qty": "3",
        "components[1].id": B,
        "components[1].qty": "2",
        "gallery[0].fileId": fileId,
        "gallery[0].alt": "Kit",
        categoryId: String(cat.id),
        brandId: String(brand.id),
      },
      inventory.cookie,
      "?page=2",
    );
    expect(saved).toBeInstanceOf(Response);
    expect((saved as Response).headers.get("Location")).toBe("/web-inventory?page=2");
    const toast = await toastOf(saved);
    const id = /\(([A-Z0-9]{7})\)$/.exec(toast!.message)![1];
    const [row] = await getDb().select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({
      isCombo: true,
      name: "Kit De Contactos",
      price: 177,
      stockTotal: 3,
      claveSat: "0",
      tall: 0,
      categoryId: cat.id,
      brandId: brand.id,
    });
    expect(row.description).not.toContain("script");
    expect(row.comboProducts.map((c) => [c.id, c.qty])).toEqual([
      [A, 3],
      [B, 2],
    ]);
    expect((await getDb().select().from(auditLog).where(eq(auditLog.identifier, id))).some((a) => a.type === "create")).toBe(true);

    // An existing combo keeps its components whatever is posted; the product route sends it here.
    const edited = await postEdit(
      id,
      {
        intent: "save",
        version: row.updatedAt.toISOString(),
        name: row.name,
        description: row.description,
        "components[0].id": B,
        "components[0].qty": "1",
        "gallery[0].fileId": fileId,
        categoryId: String(cat.id),
        brandId: String(brand.id),
      },
      inventory.cookie,
    );
    expect(edited).toBeInstanceOf(Response);
    const [after] = await getDb().select().from(products).where(eq(products.id, id));
    expect(after.comboProducts.map((c) => [c.id, c.qty])).toEqual([
      [A, 3],
      [B, 2],
    ]);
    const stale = await postEdit(
      id,
      {
        intent: "save",
        version: row.updatedAt.toISOString(),
        name: row.name,
        description: row.description,
        "gallery[0].fileId": fileId,
        categoryId: String(cat.id),
        brandId: String(brand.id),
      },
      inventory.cookie,
    );
    expect(statusOf(stale)).toBe(409);
    expect(view(stale).toast?.message).toMatch(/Otra persona guardó esta publicación/);
    const redirected = await callRoute(productRoute.loader as RouteHandler, `/web-inventory/${id}?page=3`, inventory.cookie, {
      params: { sku: id },
    });
    expect((redirected as Response).headers.get("Location")).toBe(`/web-inventory/combos/${id}?page=3`);
  });

  it("answers 404 for an id that is not a combo", async () => {
    for (const id of [A, "abc", "ZZZZZZZ"]) {
      const res = await callRoute(editRoute.loader as RouteHandler, `/web-inventory/combos/${id}`, inventory.cookie, {
        params: { comboId: id },
      });
      expect(statusOf(res)).toBe(404);
    }
  });
});
