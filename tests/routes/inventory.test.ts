import { describe, expect, it } from "vitest";
import sharp from "sharp";
import QRCode from "qrcode";
import { eq } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { auditLog, brands, categories, files, productProperties, products } from "../../server/db/schema";
import type { ProductAnswer } from "~/routes/shared/catalog/product-action.server";
import * as list from "~/routes/web-inventory/route";
import * as createRoute from "~/routes/web-inventory/new";
import * as editRoute from "~/routes/web-inventory/$sku";
import * as qrRoute from "~/routes/web-inventory/$sku.qr";
import { useTestDatabase } from "../helpers/db";
import { loginAs } from "../helpers/auth";
import { callRoute, dataOf, pngFile, statusOf, toastOf, type PostedFields, type RouteHandler } from "../helpers/catalog-routes";
import { topLevelKeys } from "../helpers/stored-files";

await useTestDatabase();

let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${++seq}`;

const create = (form: PostedFields, cookie: string, query = "") =>
  callRoute(createRoute.action as RouteHandler, `/web-inventory/new${query}`, cookie, { form });
const update = (sku: string, form: PostedFields, cookie: string) =>
  callRoute(editRoute.action as RouteHandler, `/web-inventory/${sku}`, cookie, { params: { sku }, form });
const open = (sku: string, cookie: string, query = "") =>
  callRoute(editRoute.loader as RouteHandler, `/web-inventory/${sku}${query}`, cookie, { params: { sku } });
const listOf = (query: string, cookie: string) => callRoute(list.loader as RouteHandler, `/web-inventory${query}`, cookie);

const answer = (res: unknown) => dataOf<ProductAnswer>(res);
const png = (name: string, width: number, height: number) => pngFile(name, width, height, { r: 200, g: 90, b: 20 });
const productRow = (sku: string) =>
  getDb()
    .select()
    .from(products)
    .where(eq(products.id, sku))
    .then((r) => r[0]);

const admin = await loginAs("admin");
const inventory = await loginAs("inventory");

describe("/web-inventory list", () => {
  it("filters by brand and category from the URL, counts in the database and falls back on bad values", async () => {
    const [cat] = await getDb()
      .insert(categories)
      .values({ name: unique("Cat"), slug: unique("cat") })
      .returning();
    const [brand] = await getDb()
      .insert(brands)
      .values({ name: unique("Marca"), slug: unique("marca") })
      .returning();
    const skus = [unique("LA"), unique("LB"), unique("LC")];
    await getDb()
      .insert(products)
      .values([
        { id: skus[0], name: "Uno", slug: "uno", categoryId: cat.id, brandId: brand.id, stockTotal: 5 },
        { id: skus[1], name: "Dos", slug: "dos", categoryId: cat.id, stockTotal: 9 },
        { id: skus[2], name: "Tres", slug: "tres", brandId: brand.id },
      ]);
    const both = (await listOf(`?brand=${brand.id}&category=${cat.id}`, inventory.cookie)) as Awaited<ReturnType<typeof list.loader>>;
    expect(both.total).toBe(1);
    expect(both.rows.map((r) => r.id)).toEqual([skus[0]]);
    const byCategory = (await listOf(`?category=${cat.id}&sortName=stock&sortValue=DESC`, inventory.cookie)) as Awaited<
      ReturnType<typeof list.loader>
    >;
    expect(byCategory.rows.map((r) => r.id)).toEqual([skus[1], skus[0]]);
    const bad = (await listOf(`?brand=abc&category=${cat.id}&sortName=nope&page=-3`, inventory.cookie)) as Awaited<
      ReturnType<typeof list.loader>
    >;
    expect(bad.query.brand).toBeUndefined();
    expect(bad.total).toBe(2);
    const searched = (await listOf(`?search=${skus[2].toLowerCase()}`, inventory.cookie)) as Awaited<ReturnType<typeof list.loader>>;
    expect(searched.rows.map((r) => r.id)).toEqual([skus[2]]);
  });

  it("is refused to roles outside the spec's list (Shop Manager goes home)", async () => {
    const shop = await loginAs("shop_manager");
    const res = await listOf("", shop.cookie);
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).headers.get("Location")).toBe("/products");
  });

  it("the incomplete filter keeps only products missing something", async () => {
    const sku = unique("INC");
    await getDb().insert(products).values({ id: sku, name: "Incompleto", slug: "inc" });
    const page = (await listOf(`?incomplete=1&search=${sku}`, inventory.cookie)) as Awaited<ReturnType<typeof list.loader>>;
    expect(page.rows.map((r) => r.id)).toEqual([sku]);
    expect(page.rows[0].completeness).toBe(0);
  });
});

describe("product save (spec 5)", () => {
  it("creates with the SKU and key uppercased, whitespace removed, the name capitalised, the slug, inactive, sanitised HTML, and syncs to the ERP", async () => {
    const raw = unique("NW");
    const res = await create(
      {
        sku: ` ${raw.slice(0, 3)} ${raw.slice(3).toLowerCase()} `,
        manufacturerSku: " qo-120 ",
        name: "interruptor termomagnético 1/2",
        description: '<p>Bueno</p><script>alert(1)</script><img src=x onerror="alert(1)">',
        price: "120.5",
        "properties[0].name": "Polos",
        "properties[0].value": "1",
        "properties[0].isSelector": "on",
      },
      admin.cookie,
      "?page=2&brand=3",
    );
    expect(statusOf(res)).toBe(302);
    expect((res as Response).headers.get("Location")).toBe("/web-inventory?page=2&brand=3");
    expect((await toastOf(res))?.message).toBe("Producto Guardado! Obteniendo información...");
    const row = await productRow(raw);
    expect(row).toMatchObject({
      manufacturerSku: "QO-120",
      name: "Interruptor Termomagnético 1/2",
      isActive: false,
      description: "<p>Bueno</p>",
      price: 120.5,
    });
    expect(row.slug).toBe(`${raw.toLowerCase()}-interruptor-termomagnético-12`);
    const props = await getDb().select().from(productProperties).where(eq(productProperties.productId, raw));
    expect(props.map((p) => [p.name, p.value, p.isSelector])).toEqual([["Polos", "1", true]]);
    const entries = await getDb().select().from(auditLog).where(eq(auditLog.identifier, raw));
    expect(entries.map((e) => e.message)).toEqual(
      expect.arrayContaining([`Producto creado: ${raw}`, `Producto sincronizado con Intelisis: ${raw}`]),
    );
  });

  it("requires SKU and manufacturer key with the spec's messages", async () => {
    const res = await create({ sku: " ", manufacturerSku: "", name: "x" }, admin.cookie);
    expect(statusOf(res)).toBe(400);
    const data = answer(res);
    expect(data.result.error?.sku).toEqual(["SKU es necesario"]);
    expect(data.result.error?.manufacturerSku).toEqual(["Clave de Fabricante es necesario"]);
  });

  it("refuses a SKU that exists and an EAN/UPC of another product, with the spec's messages", async () => {
    const sku = unique("DUP");
    await getDb().insert(products).values({ id: sku, name: "Original", slug: "o", eanUpc: "4006381333931" });
    const again = await create({ sku: sku.toLowerCase(), manufacturerSku: "K", name: "Copia" }, admin.cookie);
    expect(statusOf(again)).toBe(400);
    expect(answer(again).result.error?.sku).toEqual(["Error al guardar, El SKU del producto ya existe."]);
    // Spec 8: the refusal's toast.
    expect(answer(again).toast).toMatchObject({
      title: "Lo sentimos.",
      message: "El artículo que tratas de agregar ya existe.",
      variant: "warning",
      durationMs: 5000,
    });
    const ean = await create({ sku: unique("EAN"), manufacturerSku: "K", name: "Otro", eanUpc: "4006381333931" }, admin.cookie);
    expect(statusOf(ean)).toBe(400);
    expect(answer(ean).result.error?.eanUpc).toEqual([`Error al guardar, el código de barras ya existe en el producto ${sku}`]);
    expect(answer(ean).toast?.message).toBe(`Error al guardar, el código de barras ya existe en el producto ${sku}`);
  });

  it("refuses an EAN-13 whose check digit is off by one, on create and on edit, keeping what was typed", async () => {
    const sku = unique("GT");
    const typed = { sku, manufacturerSku: "K-GT", name: "Contacto doble", eanUpc: "5901234123458" };
    const refused = await create(typed, admin.cookie);
    expect(statusOf(refused)).toBe(400);
    expect(answer(refused).result.error?.eanUpc).toEqual([
      "EAN/UPC no válido: el dígito verificador no corresponde al código. Revisa que esté completo y bien escrito.",
    ]);
    // Nothing typed is lost: the form comes back with every value as posted.
    expect(answer(refused).result.initialValue).toMatchObject({ name: "Contacto doble", manufacturerSku: "K-GT", eanUpc: "5901234123458" });
    expect(await productRow(sku)).toBeUndefined();
    // The real code (its published check digit, 7) is saved.
    expect(statusOf(await create({ ...typed, eanUpc: "5901234123457" }, admin.cookie))).toBe(302);
    expect((await productRow(sku)).eanUpc).toBe("5901234123457");
    const { version } = ((await open(sku, admin.cookie)) as Awaited<ReturnType<typeof editRoute.loader>>).draft;
    const edit = await update(sku, { version, name: "Contacto doble", eanUpc: "96385075" }, admin.cookie);
    expect(statusOf(edit)).toBe(400);
    expect((await productRow(sku)).eanUpc).toBe("5901234123457");
  });

  it("skips an EAN of 0, keeps any other run of digits and refuses letters (spec 5: a numeric input)", async () => {
    const zero = unique("Z");
    expect(statusOf(await create({ sku: zero, manufacturerSku: "K", name: "Cero", eanUpc: "0" }, admin.cookie))).toBe(302);
    expect((await productRow(zero)).eanUpc).toBeNull();
    const short = unique("S");
    expect(
      statusOf(await create({ sku: short, manufacturerSku: "K", name: "Corto", eanUpc: `${Date.now() % 1_000_000}` }, admin.cookie)),
    ).toBe(302);
    expect((await productRow(short)).eanUpc).toMatch(/^\d{1,6}$/);
    const bad = await create({ sku: unique("B"), manufacturerSku: "K", name: "Malo", eanUpc: "40063813339a1" }, admin.cookie);
    expect(statusOf(bad)).toBe(400);
    expect(answer(bad).result.error?.eanUpc).toEqual(["El código de barras solo puede tener dígitos."]);
  });

  it("refuses a stale edit from another tab instead of overwriting it", async () => {
    const sku = unique("ST");
    await create({ sku, manufacturerSku: "K", name: "Primero" }, admin.cookie);
    const first = (await open(sku, admin.cookie)) as Awaited<ReturnType<typeof editRoute.loader>>;
    const version = first.draft.version;
    // The native checks come with the page. Spec 5: an empty SKU, manufacturer key or name gets the
    // spec's own message, not the browser's; EAN/UPC is a GTIN (at most 14 digits).
    expect(first.constraint.name.required).toBeUndefined();
    expect(first.constraint.sku.required).toBeUndefined();
    expect(first.constraint.manufacturerSku.required).toBeUndefined();
    expect(first.constraint.eanUpc.maxLength).toBe(14);
    expect(statusOf(await update(sku, { version, name: "Pestaña uno" }, admin.cookie))).toBe(302);
    const before = await getDb().select().from(auditLog).where(eq(auditLog.identifier, sku));
    const stale = await update(sku, { version, name: "Pestaña dos", price: "123.5", eanUpc: "4006381333931" }, admin.cookie);
    expect(statusOf(stale)).toBe(409);
    expect(answer(stale).toast?.message).toMatch(/Otra persona guardó este producto/);
    // The dialog comes back with what was typed in this tab, and its version, not the stored record.
    expect(answer(stale).result.intent).toBeUndefined();
    expect(answer(stale).result.initialValue).toMatchObject({ name: "Pestaña dos", price: "123.5", eanUpc: "4006381333931", version });
    expect((await productRow(sku)).name).toBe("Pestaña Uno");
    expect(await getDb().select().from(auditLog).where(eq(auditLog.identifier, sku))).toHaveLength(before.length);
  });

  it("keeps the existing SKU and manufacturer key whatever the form sends", async () => {
    const sku = unique("KEEP");
    await create({ sku, manufacturerSku: "ORIG", name: "Fijo" }, admin.cookie);
    const { draft } = (await open(sku, admin.cookie)) as Awaited<ReturnType<typeof editRoute.loader>>;
    await update(sku, { version: draft.version, sku: "OTRO", manufacturerSku: "CAMBIO", name: "Fijo" }, admin.cookie);
    expect((await productRow(sku)).manufacturerSku).toBe("ORIG");
    expect(await productRow("OTRO")).toBeUndefined();
  });

  it("an unknown SKU is a 404", async () => {
    expect(statusOf(await open("NO-EXISTE-123", admin.cookie))).toBe(404);
  });

  it("Iluminacion cannot change the e-commerce switch", async () => {
    const sku = unique("ILU");
    await create({ sku, manufacturerSku: "K", name: "Luz" }, admin.cookie);
    const ilu = await loginAs("iluminacion");
    const { draft } = (await open(sku, ilu.cookie)) as Awaited<ReturnType<typeof editRoute.loader>>;
    expect(statusOf(await update(sku, { version: draft.version, name: "Luz", isActive: "on" }, ilu.cookie))).toBe(302);
    expect((await productRow(sku)).isActive).toBe(false);
  });
});

describe("description visibility (spec 6)", () => {
  it("Admin, Developer and a MercadoLibre Manager with the flag see and save it; the others never get it and their saves keep it", async () => {
    const sku = unique("DESC");
    expect(statusOf(await create({ sku, manufacturerSku: "K", name: "Visible", description: "<p>Guardada</p>" }, admin.cookie))).toBe(302);
    const developer = await loginAs("developer");
    const flagged = await loginAs("ml_manager", { permissions: ["description_visibility"] });
    const manager = await loginAs("ml_manager");
    for (const who of [admin, developer, flagged]) {
      expect(((await open(sku, who.cookie)) as Awaited<ReturnType<typeof editRoute.loader>>).draft.description).toBe("<p>Guardada</p>");
    }
    for (const who of [manager, inventory, await loginAs("practicante"), await loginAs("iluminacion")]) {
      const { draft } = (await open(sku, who.cookie)) as Awaited<ReturnType<typeof editRoute.loader>>;
      expect(draft.description).toBe("");
      // A save without the field, or with one forged in, leaves the stored description as it was.
      expect(statusOf(await update(sku, { version: draft.version, name: "Visible" }, who.cookie))).toBe(302);
      expect((await productRow(sku)).description).toBe("<p>Guardada</p>");
      const again = (await open(sku, who.cookie)) as Awaited<ReturnType<typeof editRoute.loader>>;
      expect(statusOf(await update(sku, { version: again.draft.version, name: "Visible", description: "<p>Otra</p>" }, who.cookie))).toBe(
        302,
      );
      expect((await productRow(sku)).description).toBe("<p>Guardada</p>");
    }
    const { draft } = (await open(sku, flagged.cookie)) as Awaited<ReturnType<typeof editRoute.loader>>;
    expect(statusOf(await update(sku, { version: draft.version, name: "Visible", description: "<p>Nueva</p>" }, flagged.cookie))).toBe(302);
    expect((await productRow(sku)).description).toBe("<p>Nueva</p>");
  });
});

describe("gallery uploads", () => {
  it("keeps a 1500×1500 image with WebP variants of 150 and 800, and refuses small, fake and duplicate files leaving nothing on disk", async () => {
    const before = new Set(await topLevelKeys());
    const good = await png(`${unique("ok")}.png`, 1500, 1500);
    const ok = await create({ intent: "upload", uploads: good, sku: "", name: "" }, admin.cookie);
    expect(statusOf(ok)).toBe(200);
    const shown: { gallery?: Array<{ fileId: string }> } = answer(ok).result.initialValue ?? {};
    const [image] = shown.gallery ?? [];
    // A browser showing the form gets the new gallery alone as a Conform update: what is typed stays.
    expect(answer(ok).result.intent).toMatchObject({ type: "update", payload: { name: "gallery", value: [{ fileId: image.fileId }] } });
    const [row] = await getDb().select().from(files).where(eq(files.id, image.fileId));
    expect(row.mimeType).toBe("image/webp");
    expect(row.variants.map((v) => [v.name, v.width, v.height])).toEqual([
      ["150", 150, 150],
      ["800", 800, 800],
    ]);

    const small = await create({ intent: "upload", uploads: await png(`${unique("s")}.png`, 1499, 1500) }, admin.cookie);
    expect(statusOf(small)).toBe(422);
    expect(answer(small).toast).toMatchObject({
      title: "Imagen no válida",
      message: "Lo sentimos, la imagen no cumple con las dimensiones mínimas (1500x1500)",
    });
    const fake = await create(
      { intent: "upload", uploads: new File(["no soy imagen"], `${unique("f")}.png`, { type: "image/png" }) },
      admin.cookie,
    );
    expect(statusOf(fake)).toBe(422);
    const dup = await create({ intent: "upload", uploads: await png(good.name, 1500, 1500) }, admin.cookie);
    // Spec 5 'Product (non-combo)': the product dialog's text names no file.
    expect(answer(dup).toast).toMatchObject({ title: "Imagen ya existente", message: "Error al guardar, la imagen ya existe." });
    const after = (await topLevelKeys()).filter((f) => !before.has(f));
    expect(after.sort()).toEqual([`${image.fileId}-150.webp`, `${image.fileId}-800.webp`, `${image.fileId}.webp`].sort());
  });

  it("refuses a PDF that is not a PDF as the data sheet", async () => {
    const res = await create(
      { intent: "sheet-upload", sheetUpload: new File(["hola"], `${unique("f")}.pdf`, { type: "application/pdf" }) },
      admin.cookie,
    );
    expect(statusOf(res)).toBe(422);
    expect(answer(res).toast?.title).toBe("Documento no válido");
  });

  it("moves and removes images and adds property rows without saving (Conform's list buttons, no JavaScript)", async () => {
    const ids = ["11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222"];
    const sku = unique("LIST");
    const base = {
      sku,
      manufacturerSku: "K",
      name: "Lista",
      "gallery[0].fileId": ids[0],
      "gallery[1].fileId": ids[1],
      "properties[0].name": "A",
    };
    const button = (intent: object) => ({ ...base, __intent__: JSON.stringify(intent) });
    const listed = (res: unknown) => {
      expect(statusOf(res)).toBe(200);
      const values: { gallery?: Array<{ fileId?: string }>; properties?: unknown[] } = answer(res).result.initialValue ?? {};
      return { gallery: (values.gallery ?? []).map((g) => g.fileId), properties: values.properties ?? [] };
    };
    expect(listed(await create(button({ type: "reorder", payload: { name: "gallery", from: 1, to: 0 } }), admin.cookie)).gallery).toEqual([
      ids[1],
      ids[0],
    ]);
    expect(listed(await create(button({ type: "remove", payload: { name: "gallery", index: 0 } }), admin.cookie)).gallery).toEqual([
      ids[1],
    ]);
    expect(
      listed(await create(button({ type: "insert", payload: { name: "properties", defaultValue: { name: "", value: "" } } }), admin.cookie))
        .properties,
    ).toHaveLength(2);
    expect(await productRow(sku)).toBeUndefined();
  });

  it("answers a forged list button with a 400, and a value the schema refuses with the form and a Spanish message", async () => {
    expect(statusOf(await create({ name: "x", __intent__: "no-es-json" }, admin.cookie))).toBe(400);
    expect(
      statusOf(
        await create({ name: "x", __intent__: JSON.stringify({ type: "remove", payload: { name: "name", index: 0 } }) }, admin.cookie),
      ),
    ).toBe(400);
    const bad = await create({ intent: "save", sku: unique("NUM"), manufacturerSku: "K", name: "Medidas", tall: "-3" }, admin.cookie);
    expect(statusOf(bad)).toBe(400);
    expect(answer(bad).result.error?.tall).toEqual(["Debe ser al menos 0."]);
    expect(answer(bad).result.initialValue).toMatchObject({ name: "Medidas", tall: "-3" });
  });

  it("refuses a hand-made list index far past any list's limit with the guard's 400, before the form is read as lists", async () => {
    const res = await create(
      { intent: "save", sku: unique("IDX"), manufacturerSku: "K", name: "Indice", "properties[99999].name": "a" },
      admin.cookie,
    );
    const combo = await create({ intent: "save", name: "x", "gallery[5000000].fileId": "a" }, admin.cookie);
    // The guard's plain answer, not the form shown again: no list was built (its time is a bench line).
    for (const refused of [res, combo]) {
      expect(statusOf(refused)).toBe(400);
      expect(await (refused as Response).text()).toBe("El formulario no es válido.");
    }
  });

  it("a refused save keeps what was typed and leaves none of its uploads behind", async () => {
    const before = new Set(await topLevelKeys());
    const storedFiles = async () => (await getDb().select({ id: files.id }).from(files)).length;
    const count = await storedFiles();
    // A rule refuses first: nothing is uploaded.
    const rules = await create(
      { intent: "save", sku: "", manufacturerSku: "K", name: "Sin sku", uploads: await png(`${unique("r")}.png`, 1500, 1500) },
      admin.cookie,
    );
    expect(statusOf(rules)).toBe(400);
    expect(answer(rules).result.initialValue).toMatchObject({ manufacturerSku: "K", name: "Sin sku" });
    // The SKU is taken: the save is refused after the upload, which is undone.
    const taken = unique("TAKEN");
    await getDb().insert(products).values({ id: taken, name: "Ya existe", slug: "ya" });
    const sheet = new File(["%PDF-1.4\n%%EOF\n"], `${unique("ficha")}.pdf`, { type: "application/pdf" });
    const dup = await create(
      {
        intent: "save",
        sku: taken,
        manufacturerSku: "K",
        name: "Copia",
        uploads: await png(`${unique("d")}.png`, 1500, 1500),
        sheetUpload: sheet,
      },
      admin.cookie,
    );
    expect(statusOf(dup)).toBe(400);
    expect(answer(dup).result.error?.sku).toEqual(["Error al guardar, El SKU del producto ya existe."]);
    expect(answer(dup).result.initialValue).toMatchObject({ sku: taken, name: "Copia" });
    expect(await storedFiles()).toBe(count);
    expect((await topLevelKeys()).filter((f) => !before.has(f))).toEqual([]);
  });
});

/** The dark/light modules of a QR image, read at the centre of each module inside the code's bounding box. */
async function qrModulesOf(image: Buffer, size: number): Promise<boolean[]> {
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  const dark = (x: number, y: number) => data[(y * info.width + x) * info.channels] < 128;
  let left = info.width,
    top = info.height,
    right = -1,
    bottom = -1;
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++)
      if (dark(x, y)) [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
  const step = (right - left + 1) / size;
  const modules: boolean[] = [];
  for (let r = 0; r < size; r++)
    for (let c = 0; c < size; c++) modules.push(dark(Math.floor(left + (c + 0.5) * step), Math.floor(top + (r + 0.5) * step)));
  return modules;
}

describe("QR", () => {
  it("is a 200 px PNG of the SKU itself at error correction level L (spec 9), for the spec's roles and refused to Inventory", async () => {
    const sku = unique("QR");
    await getDb().insert(products).values({ id: sku, name: "Q", slug: "q-slug" });
    const res = (await callRoute(qrRoute.loader as RouteHandler, `/web-inventory/${sku}/qr`, admin.cookie, {
      params: { sku },
    })) as Response;
    expect(res.headers.get("Content-Type")).toBe("image/png");
    const image = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(image).metadata();
    expect(meta.width).toBe(200);
    const expected = QRCode.create(sku, { errorCorrectionLevel: "L" }).modules;
    expect(await qrModulesOf(image, expected.size)).toEqual(Array.from(expected.data, (bit) => bit === 1));
    const refused = (await callRoute(qrRoute.loader as RouteHandler, `/web-inventory/${sku}/qr`, inventory.cookie, {
      params: { sku },
    })) as Response;
    expect(refused.status).toBe(302);
  });
});
