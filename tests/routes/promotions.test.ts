import { describe, expect, it } from "vitest";
import { eq, like } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { files, storePromos } from "../../server/db/schema";
import type { SeedUsers } from "../../server/db/seed/demo/context";
import { DEMO_PROMOTIONS, seedShopContent } from "../../server/db/seed/demo/shop-content";
import { DemoClock } from "../../server/db/seed/demo/time";
import type { PromotionDialogState, PromotionListData } from "~/modules/content/promotions";
import * as list from "~/routes/shop/promotions";
import * as createRoute from "~/routes/shop/promotions.new";
import * as editRoute from "~/routes/shop/promotions.$promotionId";
import * as deleteRoute from "~/routes/shop/promotions.$promotionId.delete";
import { CONTENT_LISTS } from "../../bench/lists/content";
import { useTestDatabase } from "../helpers/db";
import { pngFile } from "../helpers/catalog-routes";
import { loginAs } from "../helpers/auth";
import {
  auditOf as auditOfTag,
  callRoute as call,
  contentRoutes,
  expectBenchMatchesLoader,
  expectEveryCallSendsHome,
  expectEveryDialogAnswers404,
  locationOf as location,
  statusOf as status,
  toastOf,
  uniqueName as unique,
  type Handler,
} from "../helpers/content-routes";

/**
 * The browser's checks the dialog gets from its loader: the title required and at most 150
 * characters, description 1000 and link 2000 (the dialog's limits; the spec gives none), both days of
 * the validity required and written yyyy-mm-dd (spaces around are the server's to trim).
 */
function expectPromotionConstraint(constraint: Record<string, { pattern?: string }>) {
  expect(constraint).toEqual({
    title: { required: true, minLength: 1, maxLength: 150 },
    description: { maxLength: 1000 },
    link: { maxLength: 2000 },
    visible: {},
    startDate: { required: true, pattern: expect.any(String) },
    endDate: { required: true, pattern: expect.any(String) },
  });
  for (const field of ["startDate", "endDate"]) {
    const pattern = new RegExp(`^(?:${constraint[field].pattern})$`, "v");
    expect(
      ["2026-01-31", " 2026-01-31 "].map((day) => pattern.test(day)),
      field,
    ).toEqual([true, true]);
    expect(
      ["31/01/2026", "2026-1-31", ""].map((day) => pattern.test(day)),
      field,
    ).toEqual([false, false, false]);
  }
}

const database = await useTestDatabase();
const clock = new DemoClock(new Date());
await database.db.transaction((tx) => seedShopContent({ tx, clock, brand: "Electrica", users: {} as SeedUsers }));

type Reply = { status?: string; error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null };
type ActionOut = { data: { result: Reply } & PromotionDialogState; init: { status: number } };
type Fields = Record<string, string | File>;

function formOf(fields: Fields) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}
const routes = contentRoutes("/promotions", "promotionId", { list, create: createRoute, edit: editRoute, remove: deleteRoute }, formOf);
const { open, create, update, confirm, remove } = routes;
const listOf = (query: string, cookie: string) => routes.listOf(query, cookie) as Promise<PromotionListData | Response>;
async function rowTitled(title: string) {
  const [row] = await getDb().select().from(storePromos).where(eq(storePromos.title, title));
  return row;
}
const auditOf = (id: number) => auditOfTag(id, "promotions");

const png = (name: string, width: number, height: number) => pngFile(name, width, height, { r: 20, g: 90, b: 200 });

const valid = (title: string): Fields => ({
  title,
  description: "Descuento en toda la línea de apagadores.",
  link: "/categorias/apagadores",
  visible: "on",
  startDate: "2025-06-01",
  endDate: "2025-06-30",
  imageFileId: "",
});

describe("access", () => {
  it("lets Admin, Developer and MercadoLibre Manager in", async () => {
    for (const role of ["admin", "developer", "ml_manager"] as const) {
      const { cookie } = await loginAs(role);
      const data = (await listOf("", cookie)) as PromotionListData;
      expect(data.total, role).toBe(DEMO_PROMOTIONS.length);
      const fresh = (await call(createRoute.loader as Handler, "/promotions/new", cookie)) as {
        constraint: Record<string, { pattern?: string }>;
      };
      expect(fresh).toMatchObject({ promotion: null, today: clock.today.toISODate() });
      expectPromotionConstraint(fresh.constraint);
    }
  });

  it("sends other roles to their home, for loaders and actions, and writes nothing", async () => {
    const [first] = await getDb().select().from(storePromos).limit(1);
    await expectEveryCallSendsHome(
      routes,
      [
        ["inventory", "/products"],
        ["iluminacion", "/products"],
        ["cajero", "/pdv"],
        ["gerente_pdv", "/pdv"],
      ],
      first.id,
      () => valid(unique("Intrusa")),
    );
    expect(await rowTitled(first.title)).toBeTruthy();
    expect(await getDb().select().from(storePromos).where(like(storePromos.title, "Intrusa%"))).toEqual([]);
  });
});

describe("list", () => {
  it("shows promotions newest first with status and validity dates", async () => {
    const { cookie } = await loginAs("admin");
    const data = (await listOf("", cookie)) as PromotionListData;
    expect(data.rows.map((r) => r.id)).toEqual([...data.rows.map((r) => r.id)].sort((a, b) => b - a));
    expect(data.rows[0].title).toBe("Kit de instalación residencial");
    expect(data.rows.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.startDate ?? "") && r.endDate! >= r.startDate!)).toBe(true);
    const current = data.rows.filter((r) => r.startDate! <= clock.today.toISODate()! && r.endDate! >= clock.today.toISODate()!);
    expect(current.length).toBeGreaterThanOrEqual(3);
  });

  it("searches the title (trimmed, case and accents ignored) and filters by visibility", async () => {
    const { cookie } = await loginAs("ml_manager");
    const search = (await listOf("?search=%20ILUMINACION%20", cookie)) as PromotionListData;
    expect(search.rows.map((r) => r.title)).toEqual(["Iluminación LED: 3x2 en focos A19"]);
    const active = (await listOf("?promo_status_filter=active", cookie)) as PromotionListData;
    expect(active.total).toBe(DEMO_PROMOTIONS.filter((p) => p.visible).length);
    expect(active.rows.every((r) => r.visible)).toBe(true);
    const inactive = (await listOf("?promo_status_filter=inactive", cookie)) as PromotionListData;
    expect(inactive.rows.map((r) => r.title).sort()).toEqual(["Kit de instalación residencial", "Liquidación de luminarias fluorescentes"]);
    const both = (await listOf("?search=kit&promo_status_filter=active", cookie)) as PromotionListData;
    expect(both.total).toBe(0);
    const bad = (await listOf("?promo_status_filter=x&page=-2", cookie)) as PromotionListData;
    expect(bad).toMatchObject({ total: DEMO_PROMOTIONS.length, page: 1 });
  });

  it("pages by 20 in the database and sends a page past the end to the last one", async () => {
    const { cookie } = await loginAs("admin");
    const tag = `zpromo${Date.now().toString(36)}`;
    await getDb()
      .insert(storePromos)
      .values(
        Array.from({ length: 23 }, (_, i) => ({
          title: `${tag} ${String(i).padStart(2, "0")}`,
          startDate: "2025-01-01",
          endDate: "2025-01-31",
        })),
      );
    const second = (await listOf(`?search=${tag}&page=2`, cookie)) as PromotionListData;
    expect(second).toMatchObject({ total: 23, page: 2, pageSize: 20 });
    expect(second.rows.map((r) => r.title)).toEqual([2, 1, 0].map((i) => `${tag} 0${i}`));
    expect(location(await listOf(`?search=${tag}&promo_status_filter=inactive&page=5`, cookie))).toBe(
      `/promotions?search=${tag}&promo_status_filter=inactive&page=2`,
    );
    await getDb()
      .delete(storePromos)
      .where(like(storePromos.title, `${tag}%`));
  });

  it("the bench's raw SQL returns the rows its loader shows", async () => {
    const { cookie } = await loginAs("admin");
    await expectBenchMatchesLoader(
      CONTENT_LISTS,
      "/promotions",
      (sql, params) => database.query(sql, params),
      (query) => listOf(query, cookie),
    );
  });
});

describe("create, update, delete", () => {
  it("creates with the permalink from the title, audits it and goes back to the list with the toast", async () => {
    const { cookie, user } = await loginAs("ml_manager");
    const title = unique("Oferta de Verano: Apagadores Ñ");
    const res = await create(valid(`  ${title} `), cookie, "?promo_status_filter=active");
    expect(location(res)).toBe("/promotions?promo_status_filter=active");
    expect(await toastOf(res)).toMatchObject({
      title: "Obteniendo información",
      message: "Información agregada/actualizada exitosamente",
      variant: "success",
    });
    const row = await rowTitled(title);
    expect(row).toMatchObject({
      description: "Descuento en toda la línea de apagadores.",
      link: "/categorias/apagadores",
      visible: true,
      startDate: "2025-06-01",
      endDate: "2025-06-30",
      image: null,
      status: "published",
    });
    expect(row.permalink).toMatch(/^\/promociones\/oferta-de-verano-apagadores-n-[a-z0-9]+$/);
    const [entry] = await auditOf(row.id);
    expect(entry).toMatchObject({ type: "create", userId: user.id, message: `Promoción creada: ${title}` });
  });

  it("updates (hidden, new title, new permalink) with an audit of the changes", async () => {
    const { cookie, user } = await loginAs("admin");
    const title = unique("Promo Cables");
    await create(valid(title), cookie);
    const row = await rowTitled(title);
    const opened = (await open(row.id, cookie)) as {
      promotion: { title: string; permalink: string };
      constraint: Record<string, { pattern?: string }>;
    };
    expect(opened.promotion).toMatchObject({ title, permalink: row.permalink });
    expectPromotionConstraint(opened.constraint);
    const { visible: _v, ...rest } = valid(`${title} Plus`);
    const res = await update(row.id, { ...rest, endDate: "2025-07-15" }, cookie, "?page=1");
    expect(location(res)).toBe("/promotions?page=1");
    const after = await rowTitled(`${title} Plus`);
    expect(after).toMatchObject({ id: row.id, visible: false, endDate: "2025-07-15", permalink: `${row.permalink}-plus` });
    expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(row.updatedAt.getTime());
    const entry = (await auditOf(row.id)).find((e) => e.type === "update")!;
    expect(entry.userId).toBe(user.id);
    expect(Object.keys((entry.detail as { changes: object }).changes).sort()).toEqual(["endDate", "permalink", "title", "visible"]);
  });

  it("refuses bad input with 400 and the typed values back", async () => {
    const { cookie } = await loginAs("admin");
    const title = unique("Promo Fechas");
    const res = (await create(
      { ...valid(title), startDate: "2025-06-10", endDate: "2025-06-01", link: "www.tienda.mx" },
      cookie,
    )) as ActionOut;
    expect(status(res)).toBe(400);
    expect(res.data.result.error).toMatchObject({
      endDate: ["La fecha final debe ser igual o posterior a la inicial"],
      link: ["Ingresa una dirección http(s):// o una ruta de la tienda que empiece con /"],
    });
    expect(res.data.result.initialValue).toMatchObject({
      title,
      startDate: "2025-06-10",
      endDate: "2025-06-01",
      visible: "on",
      link: "www.tienda.mx",
    });
    const missing = (await create({ title: "", startDate: "", endDate: "" }, cookie)) as ActionOut;
    expect(missing.data.result.error).toMatchObject({
      title: ["Ingresa el título"],
      startDate: ["Ingresa la fecha inicial"],
      endDate: ["Ingresa la fecha final"],
    });
    expect(await rowTitled(title)).toBeUndefined();
  });

  it("answers 404 for unknown or non-numeric ids", async () => {
    const { cookie } = await loginAs("admin");
    await expectEveryDialogAnswers404(routes, ["424242", "nueva", "0"], () => valid(unique("Nada")), cookie);
  });

  it("deletes after confirming, with the toast and an audit entry", async () => {
    const { cookie, user } = await loginAs("developer");
    const title = unique("Promo Borrar");
    await create(valid(title), cookie);
    const row = await rowTitled(title);
    expect(((await confirm(row.id, cookie)) as { promotion: { title: string } }).promotion.title).toBe(title);
    const res = await remove(row.id, cookie, "?search=borrar");
    expect(location(res)).toBe("/promotions?search=borrar");
    expect(await toastOf(res)).toMatchObject({ title: "Promoción", message: "Se ha eliminado exitosamente", variant: "success" });
    expect(await rowTitled(title)).toBeUndefined();
    const entry = (await auditOf(row.id)).find((e) => e.type === "delete")!;
    expect(entry).toMatchObject({ userId: user.id, message: `Promoción eliminada: ${title}` });
  });
});

describe("image", () => {
  it("accepts an uploaded 1500×1500 image and stores it as the promotion's image", async () => {
    const { cookie, user } = await loginAs("admin");
    const title = unique("Promo Imagen");
    const name = `${title.replace(/\s+/g, "-")}.png`;
    const res = await create({ ...valid(title), imageUpload: await png(name, 1500, 1500) }, cookie);
    expect(location(res)).toBe("/promotions");
    const row = await rowTitled(title);
    expect(row.image).toMatchObject({ name, origin: "upload", url: `/files/${row.image!.fileId}` });
    const [file] = await getDb().select().from(files).where(eq(files.id, row.image!.fileId));
    expect(file).toMatchObject({ filenameDownload: name, mimeType: "image/webp", width: 1500, height: 1500, uploadedBy: user.id });
    expect(file.variants.map((v) => v.name)).toEqual(["150", "800"]);
    expect((await auditOf(row.id))[0].detail).toMatchObject({ image: { fileId: file.id, origin: "upload" } });
  });

  it("refuses an image under 1500×1500 with the spec's text, keeping the typed fields and writing nothing", async () => {
    const { cookie } = await loginAs("admin");
    const title = unique("Promo Chica");
    const before = await getDb().select({ id: files.id }).from(files);
    const res = (await create(
      { ...valid(title), description: "Texto escrito", imageUpload: await png("chica.png", 1499, 1500) },
      cookie,
    )) as ActionOut;
    expect(status(res)).toBe(400);
    expect(res.data.imageError).toEqual({
      title: "Imagen no válida",
      message: "Lo sentimos, la imagen no cumple con las dimensiones mínimas (1500x1500)",
    });
    // Spec 5/8: also the warning toast.
    expect(res.data.toast).toMatchObject({
      title: "Imagen no válida",
      message: "Lo sentimos, la imagen no cumple con las dimensiones mínimas (1500x1500)",
      variant: "warning",
    });
    expect(res.data.result.error?.imageUpload).toEqual(["Lo sentimos, la imagen no cumple con las dimensiones mínimas (1500x1500)"]);
    expect(res.data.result.initialValue).toMatchObject({
      title,
      description: "Texto escrito",
      startDate: "2025-06-01",
      endDate: "2025-06-30",
      visible: "on",
    });
    expect(res.data.result.initialValue).not.toHaveProperty("imageUpload");
    expect(await rowTitled(title)).toBeUndefined();
    expect(await getDb().select({ id: files.id }).from(files)).toHaveLength(before.length);
  });

  it("refuses a file whose name is already in the library", async () => {
    const { cookie } = await loginAs("admin");
    const name = `${unique("duplicada").replace(/\s+/g, "-")}.png`;
    await create({ ...valid(unique("Promo Original")), imageUpload: await png(name, 1600, 1500) }, cookie);
    const title = unique("Promo Copia");
    const res = (await create({ ...valid(title), imageUpload: await png(name.toUpperCase(), 1600, 1500) }, cookie)) as ActionOut;
    expect(status(res)).toBe(400);
    expect(res.data.imageError).toEqual({
      title: "Imagen ya existente",
      message: `Error al guardar, la imagen ${name.toUpperCase()} ya existe.`,
    });
    expect(res.data.result.initialValue).toMatchObject({ title });
    expect(await rowTitled(title)).toBeUndefined();
  });

  it("keeps an accepted upload when another field is wrong, so the next Guardar saves it", async () => {
    const { cookie } = await loginAs("admin");
    const title = unique("Promo Reintento");
    const name = `${title.replace(/\s+/g, "-")}.png`;
    const res = (await create({ ...valid(title), endDate: "2025-05-01", imageUpload: await png(name, 1500, 1500) }, cookie)) as ActionOut;
    expect(status(res)).toBe(400);
    expect(res.data.image).toMatchObject({ name, origin: "upload" });
    expect(res.data.result.initialValue).toMatchObject({ imageFileId: res.data.image!.fileId });
    await create({ ...valid(title), imageFileId: res.data.image!.fileId }, cookie);
    expect((await rowTitled(title)).image).toMatchObject({ fileId: res.data.image!.fileId, name });
  });

  it("searches the library, picks an existing image, saves it, then removes it", async () => {
    const { cookie } = await loginAs("developer");
    const name = `${unique("biblioteca").replace(/\s+/g, "-")}.png`;
    await create({ ...valid(unique("Promo Fuente")), imageUpload: await png(name, 1500, 1500) }, cookie);
    const [file] = await getDb().select().from(files).where(eq(files.filenameDownload, name));

    const title = unique("Promo Biblioteca");
    await create({ ...valid(title), visible: "" }, cookie);
    const row = await rowTitled(title);
    const typed = { ...valid(`${title} editada`), description: "Sin guardar aún" };

    const searched = (await update(
      row.id,
      { ...typed, intent: "library", librarySearch: name.slice(0, 14).toUpperCase() },
      cookie,
    )) as ActionOut;
    expect(status(searched)).toBe(200);
    expect(searched.data.library?.images.map((i) => i.fileId)).toContain(file.id);
    expect(searched.data.result.error ?? {}).toEqual({});
    expect(searched.data.result.initialValue).toMatchObject({ title: `${title} editada`, description: "Sin guardar aún" });

    const picked = (await update(row.id, { ...typed, intent: `pick:${file.id}` }, cookie)) as ActionOut;
    expect(status(picked)).toBe(200);
    expect(picked.data.image).toEqual({ fileId: file.id, url: `/files/${file.id}`, name, origin: "directus" });
    expect(picked.data.result.initialValue).toMatchObject({ imageFileId: file.id, description: "Sin guardar aún" });
    expect((await rowTitled(title)).image).toBeNull();

    const gone = (await update(row.id, { ...typed, intent: "pick:00000000-0000-4000-8000-000000000000" }, cookie)) as ActionOut;
    expect(gone.data.imageError).toEqual({ title: "Imagen no encontrada", message: "La imagen ya no existe en la biblioteca." });

    await update(row.id, { ...typed, intent: "save", imageFileId: file.id }, cookie);
    const saved = await rowTitled(`${title} editada`);
    expect(saved.image).toEqual({ fileId: file.id, url: `/files/${file.id}`, name, origin: "directus" });
    const opened = (await open(row.id, cookie)) as { promotion: { image: unknown } };
    expect(opened.promotion.image).toEqual(saved.image);

    // The stored image keeps its own record (origin, alt) when the form carries it back untouched.
    await getDb()
      .update(storePromos)
      .set({ image: { ...saved.image!, alt: "Texto alternativo" } })
      .where(eq(storePromos.id, row.id));
    await update(row.id, { ...typed, imageFileId: file.id }, cookie);
    expect((await rowTitled(`${title} editada`)).image).toMatchObject({ alt: "Texto alternativo", origin: "directus" });

    const removed = (await update(row.id, { ...typed, intent: "remove-image", imageFileId: file.id }, cookie)) as ActionOut;
    expect(status(removed)).toBe(200);
    expect(removed.data.image).toBeNull();
    expect(removed.data.result.initialValue).not.toHaveProperty("imageFileId");
    await update(row.id, { ...typed, imageFileId: "" }, cookie);
    expect((await rowTitled(`${title} editada`)).image).toBeNull();
    // The file stays in the library.
    expect(await getDb().select({ id: files.id }).from(files).where(eq(files.id, file.id))).toHaveLength(1);
  });

  it("ignores an image id that is not in the library", async () => {
    const { cookie } = await loginAs("admin");
    const title = unique("Promo Sin Archivo");
    await create({ ...valid(title), imageFileId: "00000000-0000-4000-8000-000000000000" }, cookie);
    expect((await rowTitled(title)).image).toBeNull();
  });
});
