/* eslint-disable @typescript-eslint/no-explicit-any -- the shop API's JSON answers are read loosely: each assertion checks the shape it needs */
import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import Ajv2020 from "ajv/dist/2020";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import {
  bannersHome,
  blogPosts,
  brands,
  catalogs,
  categories,
  files,
  productProperties,
  products,
  settings,
  shopSections,
  storeLocations,
  storePromos,
} from "../../server/db/schema";
import { shopApiRouter } from "../../app/shop-api-router.server";
import { SHOP_API_PATH, type ShopApiOptions } from "../../server/shop-api/options";
import { fileKey, shopVariantKey } from "~/modules/files/storage.server";
import { isStored, putStored } from "../helpers/stored-files";
import { DETAIL_ENDPOINTS, LIST_ENDPOINTS } from "~/modules/shop-api/endpoints";
import { shopProductByKeyQuery, shopProductsPageQuery } from "~/modules/shop-api/content.server";
import { parseListQuery } from "~/modules/shop-api/queries";
import { exchangeRateOf, pesoPrice } from "~/modules/pricing/price";
import { useTestDatabase } from "../helpers/db";

/**
 * The shop's content API over HTTP against a fresh database: what is public and what never is,
 * prices, paging limits, 400/404/405, ETag/304, CORS, no cookies, the rate limit, public media.
 */
const database = await useTestDatabase();

const NOW = new Date("2026-06-15T18:00:00.000Z"); // 12:00 in Mexico City
let clock = NOW;

async function serve(options: Partial<ShopApiOptions> = {}) {
  const app = express();
  app.use(SHOP_API_PATH, shopApiRouter({ origins: ["https://tienda.example.com.mx"], rateLimit: 10_000, now: () => clock, ...options }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${SHOP_API_PATH}`;
  return (pathAndQuery: string, init?: RequestInit) => fetch(`${base}${pathAndQuery}`, init);
}

const imageIds = {
  product: crypto.randomUUID(),
  banner: crypto.randomUUID(),
  draftBlog: crypto.randomUUID(),
  message: crypto.randomUUID(),
  sheet: crypto.randomUUID(),
};

async function storedImage(id: string, origin = "upload") {
  const disk = `${id}.webp`;
  await putStored(
    fileKey({ filenameDisk: disk, origin }),
    await sharp({ create: { width: 1600, height: 1600, channels: 3, background: "#cc3300" } })
      .webp()
      .toBuffer(),
    "image/webp",
  );
  await getDb()
    .insert(files)
    .values({ id, filenameDisk: disk, filenameDownload: `${id}.webp`, mimeType: "image/webp", size: 1, width: 1600, height: 1600, origin });
}

beforeAll(async () => {
  const db = getDb();
  for (const id of [imageIds.product, imageIds.banner, imageIds.draftBlog]) await storedImage(id);
  await storedImage(imageIds.message, "message");
  await putStored(`${imageIds.sheet}.pdf`, "%PDF-1.4\n%%EOF\n", "application/pdf");
  await db.insert(files).values({
    id: imageIds.sheet,
    filenameDisk: `${imageIds.sheet}.pdf`,
    filenameDownload: `ficha-${imageIds.sheet}.pdf`,
    mimeType: "application/pdf",
    size: 15,
  });
  await db
    .insert(settings)
    .values({ key: "dollar_price", value: 20 })
    .onConflictDoUpdate({ target: settings.key, set: { value: 20 } });
  const [cat] = await db.insert(categories).values({ name: "Interruptores", slug: "interruptores" }).returning();
  const [brand] = await db.insert(brands).values({ name: "Square D", slug: "square-d" }).returning();
  await db.insert(products).values([
    {
      id: "QO120",
      name: "Interruptor QO 1P 20A",
      slug: "interruptor-qo-1p-20a",
      manufacturerSku: "QO120",
      categoryId: cat.id,
      brandId: brand.id,
      isActive: true,
      precio2: 100.5,
      precio3: 80,
      price: 100.5,
      monedaPrecio: "Pesos",
      stockTotal: 7,
      stocks: [{ name: "O4", qty: 7 }],
      descripcion1: "INTERNO QO",
      intelisisName: "ERP QO",
      gallery: [{ fileId: imageIds.product, url: `/files/${imageIds.product}`, sort: 0 }],
      dataSheetId: imageIds.sheet,
      description: "<p>Uso residencial</p>",
    },
    {
      id: "DOL1",
      name: "Contactor en dólares",
      slug: "contactor-dolares",
      isActive: true,
      precio2: 12.35,
      precio3: 11.9,
      price: 12.35,
      monedaPrecio: "Dolares",
      stockTotal: 0,
    },
    { id: "OFF1", name: "Producto deshabilitado", slug: "producto-deshabilitado", isActive: false, precio2: 10, precio3: 9, stockTotal: 3 },
  ]);
  await db.insert(productProperties).values({ productId: "QO120", name: "Polos", value: "1" });
  await db.insert(shopSections).values([
    {
      title: "Lo más vendido",
      status: true,
      products: [
        { id: "dol1", qty: 1 },
        { id: "OFF1", qty: 1 },
        { id: "QO120", qty: 2 },
      ],
    },
    { title: "Sección oculta", status: false, products: [{ id: "QO120", qty: 1 }] },
  ]);
  await db.insert(blogPosts).values([
    {
      title: "Calibres de cable",
      slug: "calibres-de-cable",
      status: true,
      content: "<p>Publicado</p>",
      createdAt: new Date("2026-06-01T00:00:00Z"),
    },
    { title: "Programado", slug: "programado", status: true, publishAt: new Date("2026-06-15T19:00:00Z"), content: "<p>A su hora</p>" },
    {
      title: "Borrador",
      slug: "borrador",
      status: false,
      content: "<p>No</p>",
      featuredImage: { fileId: imageIds.draftBlog, url: "", alt: "b" },
    },
  ]);
  await db.insert(storePromos).values([
    { title: "Vigente", visible: true, startDate: "2026-06-01", endDate: "2026-06-15" },
    { title: "Vencida", visible: true, startDate: "2026-05-01", endDate: "2026-06-14" },
    { title: "Oculta", visible: false },
  ]);
  await db.insert(storeLocations).values([
    { name: "Matriz", address: "Centro", isActive: true, geolocation: { lat: 19.4, lng: -99.1 } },
    { name: "Cerrada", address: "Norte", isActive: false },
  ]);
  await db.insert(bannersHome).values({
    name: "Portada",
    coverTitle: "Todo para tu obra",
    image: { fileId: imageIds.banner, url: `/files/${imageIds.banner}`, origin: "upload" },
  });
  await db.insert(catalogs).values({
    title: "Catálogo 2026",
    images: [],
    subtitles: [
      {
        title: "Interruptores",
        products: [
          { id: "QO120", qty: 1 },
          { id: "OFF1", qty: 1 },
        ],
      },
    ],
  });
});

const get = await serve();
const json = async (r: Response) => (await r.json()) as any;

describe("what the shop sees", () => {
  it("products: only the enabled ones, priced in pesos (dollars at the day's rate), stock as disponible/agotado", async () => {
    const r = await get("/products?sort=sku");
    expect(r.status).toBe(200);
    const body = await json(r);
    expect(body.meta).toEqual({ total: 2, page: 1, pageSize: 20 });
    expect(body.data.map((p: any) => p.sku)).toEqual(["DOL1", "QO120"]);
    // 12.35 US$ × 20 = 247.00 pesos; 100.50 pesos stay 100.50; precio3 never shows.
    expect(body.data.map((p: any) => p.price)).toEqual([
      { amount: 247, currency: "MXN" },
      { amount: 100.5, currency: "MXN" },
    ]);
    expect(body.data.map((p: any) => p.stock)).toEqual(["agotado", "disponible"]);
    const text = JSON.stringify(body);
    for (const secret of ["INTERNO", "ERP QO", "precio3", "O4", "stocks", "intelisis", "descripcion1"]) expect(text).not.toContain(secret);
    // precio3 (80) as a value, not as digits inside a file id.
    expect(text).not.toMatch(/[:[,]80(\.0+)?[,}\]]/);
  });

  it("products: filters by category, brand and search; detail by slug or SKU; a disabled one is 404", async () => {
    const [cat] = await getDb().select().from(categories);
    const [brand] = await getDb().select().from(brands);
    expect((await json(await get(`/products?category=${cat.id}`))).data.map((p: any) => p.sku)).toEqual(["QO120"]);
    expect((await json(await get(`/products?brand=${brand.id}`))).data.map((p: any) => p.sku)).toEqual(["QO120"]);
    expect((await json(await get(`/products?search=contactor`))).data.map((p: any) => p.sku)).toEqual(["DOL1"]);
    const bySlug = await json(await get("/products/interruptor-qo-1p-20a"));
    const bySku = await json(await get("/products/qo120"));
    expect(bySlug).toEqual(bySku);
    expect(bySlug.data.properties).toEqual([{ name: "Polos", value: "1" }]);
    expect(bySlug.data.dataSheetUrl).toBe(`${SHOP_API_PATH}/media/${imageIds.sheet}/ficha.pdf`);
    const off = await get("/products/OFF1");
    expect(off.status).toBe(404);
    expect(await json(off)).toEqual({ error: { message: "No existe un producto disponible con ese slug o SKU." } });
  });

  it("sections: only active ones, their enabled products in order with their quantities", async () => {
    const body = await json(await get("/sections"));
    expect(body.data.map((s: any) => s.title)).toEqual(["Lo más vendido"]);
    expect(body.data[0].products.map((p: any) => [p.sku, p.qty])).toEqual([
      ["DOL1", 1],
      ["QO120", 2],
    ]);
  });

  it("blogs: drafts never, a scheduled post at its time and not before", async () => {
    clock = NOW;
    expect((await json(await get("/blogs"))).data.map((b: any) => b.slug)).toEqual(["calibres-de-cable"]);
    expect((await get("/blogs/programado")).status).toBe(404);
    expect((await get("/blogs/borrador")).status).toBe(404);
    clock = new Date("2026-06-15T19:00:00.000Z");
    expect((await json(await get("/blogs"))).data.map((b: any) => b.slug)).toEqual(["programado", "calibres-de-cable"]);
    const post = await json(await get("/blogs/programado"));
    expect(post.data).toMatchObject({ title: "Programado", content: "<p>A su hora</p>", publishedAt: "2026-06-15T19:00:00.000Z" });
    clock = NOW;
  });

  it("promotions current today (Mexico City), active locations, banners, catalogues with enabled products, trees", async () => {
    expect((await json(await get("/promotions"))).data.map((p: any) => p.title)).toEqual(["Vigente"]);
    const locations = await json(await get("/locations"));
    expect(locations.data.map((l: any) => [l.name, l.geolocation])).toEqual([["Matriz", { lat: 19.4, lng: -99.1 }]]);
    const banners = await json(await get("/banners"));
    expect(banners.data[0]).toMatchObject({
      name: "Portada",
      coverTitle: "Todo para tu obra",
      image: { url400: `${SHOP_API_PATH}/media/${imageIds.banner}/400.webp` },
    });
    const catalog = await json(await get("/catalogs"));
    expect(catalog.data[0].subtitles[0].products.map((p: any) => p.sku)).toEqual(["QO120"]);
    expect((await json(await get("/categories"))).data.map((c: any) => c.slug)).toEqual(["interruptores"]);
    expect((await json(await get("/brands"))).data.map((c: any) => c.slug)).toEqual(["square-d"]);
  });
});

describe("bad input", () => {
  it.each([
    ["/products?page=0", "page"],
    ["/products?pageSize=21", "pageSize"],
    ["/blogs?pageSize=11", "pageSize"],
    ["/products?sort=cost", "sort"],
    ["/products?order=up", "order"],
    [`/products?search=${"a".repeat(2000)}`, "search"],
    ["/products?category=abc", "category"],
    ["/products?page=1&page=2", "page"],
    ["/locations?page=x", "page"],
  ])("%s → 400 naming %s", async (url, field) => {
    const r = await get(url);
    expect(r.status).toBe(400);
    const body = await json(r);
    expect(body.error.field).toBe(field);
    expect(body.error.message).toMatch(/[a-záéíóú]/);
  });

  it("a query string over 2 KB is refused; an unknown path or slug is a Spanish 404", async () => {
    expect((await get(`/products?x=${"a".repeat(3000)}`)).status).toBe(414);
    const unknown = await get("/nada");
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toEqual({ error: { message: "No existe ese recurso en la API de la tienda." } });
    expect(await json(await get("/blogs/no-existe"))).toEqual({ error: { message: "No existe una entrada publicada con ese slug." } });
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"])("%s → 405 with Allow", async (method) => {
    const r = await get("/products", { method });
    expect(r.status).toBe(405);
    expect(r.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect((await json(r)).error.message).toContain("solo permite consultar");
  });
});

describe("caching", () => {
  it("ETag, Last-Modified, short public caching, 304 on a match, and a new ETag after an edit", async () => {
    const first = await get("/banners");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toBe("public, max-age=60, stale-while-revalidate=300");
    expect(new Date(first.headers.get("last-modified")!).getTime()).toBeGreaterThan(0);
    const again = await get("/banners", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    await getDb().update(bannersHome).set({ coverTitle: "Nuevo título", updatedAt: new Date() });
    const changed = await get("/banners", { headers: { "If-None-Match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect((await json(changed)).data[0].coverTitle).toBe("Nuevo título");
  });

  it("with no dollar rate a dollar-priced product has no price (null), never its dollar figure; a peso price stays", async () => {
    await getDb().delete(settings).where(eq(settings.key, "dollar_price"));
    try {
      const body = await json(await get("/products?sort=sku"));
      const bySku = Object.fromEntries(body.data.map((p: any) => [p.sku, p.price]));
      expect(bySku.DOL1).toBeNull();
      expect(bySku.QO120).toEqual({ amount: 100.5, currency: "MXN" });
    } finally {
      await getDb()
        .insert(settings)
        .values({ key: "dollar_price", value: 20 })
        .onConflictDoUpdate({ target: settings.key, set: { value: 20 } });
    }
  });

  it("a change of the dollar rate changes a dollar-priced product's price and ETag", async () => {
    const before = await get("/products/DOL1");
    await getDb().update(settings).set({ value: 17.3 }).where(eq(settings.key, "dollar_price"));
    const after = await get("/products/DOL1");
    expect((await json(after)).data.price.amount).toBe(213.66); // 12.35 × 17.3 = 213.655 → 213.66, half away from zero as the quoter rounds
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
    await getDb().update(settings).set({ value: 20 }).where(eq(settings.key, "dollar_price"));
  });
});

describe("the ETag is what an answer reads: an edit changes it at once, a 304 reads no record", () => {
  // Every answer of the API (lists and details), as the shop asks for them.
  const URLS = [
    "/banners",
    "/sections",
    "/blogs",
    "/blogs/calibres-de-cable",
    "/promotions",
    "/locations",
    "/catalogs",
    "/products",
    "/products?sort=price&order=desc",
    "/products/QO120",
    "/products/DOL1",
    "/categories",
    "/brands",
  ];
  type Seen = { status: number; etag: string | null; body: string };
  async function look() {
    const seen = new Map<string, Seen>();
    for (const url of URLS) {
      const r = await get(url);
      seen.set(url, { status: r.status, etag: r.headers.get("etag"), body: await r.text() });
    }
    return seen;
  }
  const db = () => getDb();
  const setRate = (value: unknown) =>
    db().insert(settings).values({ key: "dollar_price", value }).onConflictDoUpdate({ target: settings.key, set: { value } });
  const PRODUCT_PAGES = ["/products", "/products?sort=price&order=desc"];
  // Each edit is made the way a writer would make it, mostly without touching updated_at (a feed, a
  // trigger, a rate): the tag must not depend on it. `shows` are the answers whose body it changes.
  const EDITS: Array<{ edit: string; apply: () => Promise<unknown>; undo: () => Promise<unknown>; shows: string[] }> = [
    {
      edit: "a product renamed",
      apply: () => db().update(products).set({ name: "Interruptor QO 1P 20 A" }).where(eq(products.id, "QO120")),
      undo: () => db().update(products).set({ name: "Interruptor QO 1P 20A" }).where(eq(products.id, "QO120")),
      shows: [...PRODUCT_PAGES, "/products/QO120", "/sections", "/catalogs"],
    },
    {
      edit: "a product's price changed",
      apply: () => db().update(products).set({ price: 150 }).where(eq(products.id, "QO120")),
      undo: () => db().update(products).set({ price: 100.5 }).where(eq(products.id, "QO120")),
      shows: [...PRODUCT_PAGES, "/products/QO120", "/sections", "/catalogs"],
    },
    {
      edit: "a new dollar rate",
      apply: () => setRate(21),
      undo: () => setRate(20),
      shows: [...PRODUCT_PAGES, "/products/DOL1", "/sections"],
    },
    {
      edit: "the dollar rate removed",
      apply: () => db().delete(settings).where(eq(settings.key, "dollar_price")),
      undo: () => setRate(20),
      shows: [...PRODUCT_PAGES, "/products/DOL1", "/sections"],
    },
    {
      edit: "a product unpublished",
      apply: () => db().update(products).set({ isActive: false }).where(eq(products.id, "DOL1")),
      undo: () => db().update(products).set({ isActive: true }).where(eq(products.id, "DOL1")),
      shows: [...PRODUCT_PAGES, "/products/DOL1", "/sections"],
    },
    {
      edit: "a product added (undone: deleted)",
      apply: () =>
        db()
          .insert(products)
          .values({ id: "NEW1", name: "Zapata nueva", slug: "zapata-nueva", isActive: true, price: 9000, monedaPrecio: "Pesos" }),
      undo: () => db().delete(products).where(eq(products.id, "NEW1")),
      shows: PRODUCT_PAGES,
    },
    {
      edit: "a product's property changed",
      apply: () => db().update(productProperties).set({ value: "2" }).where(eq(productProperties.productId, "QO120")),
      undo: () => db().update(productProperties).set({ value: "1" }).where(eq(productProperties.productId, "QO120")),
      shows: ["/products/QO120"],
    },
    {
      edit: "a brand renamed",
      apply: () => db().update(brands).set({ name: "Square D by Schneider" }).where(eq(brands.slug, "square-d")),
      undo: () => db().update(brands).set({ name: "Square D" }).where(eq(brands.slug, "square-d")),
      shows: [...PRODUCT_PAGES, "/products/QO120", "/sections", "/catalogs", "/brands"],
    },
    {
      edit: "a category renamed",
      apply: () => db().update(categories).set({ name: "Interruptores termomagnéticos" }).where(eq(categories.slug, "interruptores")),
      undo: () => db().update(categories).set({ name: "Interruptores" }).where(eq(categories.slug, "interruptores")),
      shows: [...PRODUCT_PAGES, "/products/QO120", "/sections", "/catalogs", "/categories"],
    },
    {
      edit: "a banner edited",
      apply: () => db().update(bannersHome).set({ coverSubtitle: "Envíos a todo México" }),
      undo: () => db().update(bannersHome).set({ coverSubtitle: "" }),
      shows: ["/banners"],
    },
    {
      edit: "a banner added (undone: deleted)",
      apply: () => db().insert(bannersHome).values({ name: "Segunda portada" }),
      undo: () => db().delete(bannersHome).where(eq(bannersHome.name, "Segunda portada")),
      shows: ["/banners"],
    },
    {
      edit: "a section's quantities changed",
      apply: () =>
        db()
          .update(shopSections)
          .set({
            products: [
              { id: "dol1", qty: 3 },
              { id: "QO120", qty: 2 },
            ],
          })
          .where(eq(shopSections.title, "Lo más vendido")),
      undo: () =>
        db()
          .update(shopSections)
          .set({
            products: [
              { id: "dol1", qty: 1 },
              { id: "OFF1", qty: 1 },
              { id: "QO120", qty: 2 },
            ],
          })
          .where(eq(shopSections.title, "Lo más vendido")),
      shows: ["/sections"],
    },
    {
      edit: "a section deactivated",
      apply: () => db().update(shopSections).set({ status: false }).where(eq(shopSections.title, "Lo más vendido")),
      undo: () => db().update(shopSections).set({ status: true }).where(eq(shopSections.title, "Lo más vendido")),
      shows: ["/sections"],
    },
    {
      edit: "a post unpublished",
      apply: () => db().update(blogPosts).set({ status: false }).where(eq(blogPosts.slug, "calibres-de-cable")),
      undo: () => db().update(blogPosts).set({ status: true }).where(eq(blogPosts.slug, "calibres-de-cable")),
      shows: ["/blogs", "/blogs/calibres-de-cable"],
    },
    {
      edit: "a promotion hidden",
      apply: () => db().update(storePromos).set({ visible: false }).where(eq(storePromos.title, "Vigente")),
      undo: () => db().update(storePromos).set({ visible: true }).where(eq(storePromos.title, "Vigente")),
      shows: ["/promotions"],
    },
    {
      edit: "a branch added (undone: deleted)",
      apply: () => db().insert(storeLocations).values({ name: "Sucursal Sur", address: "Sur", isActive: true }),
      undo: () => db().delete(storeLocations).where(eq(storeLocations.name, "Sucursal Sur")),
      shows: ["/locations"],
    },
    {
      edit: "a catalogue retitled",
      apply: () => db().update(catalogs).set({ title: "Catálogo 2026-B" }),
      undo: () => db().update(catalogs).set({ title: "Catálogo 2026" }),
      shows: ["/catalogs"],
    },
  ];

  /** Every answer whose body moved has a new tag; the ones the edit shows in did move. */
  function expectNewTags(before: Map<string, Seen>, after: Map<string, Seen>, shows: string[], edit: string) {
    for (const url of URLS) {
      const a = before.get(url)!;
      const b = after.get(url)!;
      if (shows.includes(url)) expect(`${b.status} ${b.body}`, `${edit}: ${url} shows it`).not.toBe(`${a.status} ${a.body}`);
      if (a.status === 200 && b.status === 200 && a.body !== b.body) expect(b.etag, `${edit}: ${url}`).not.toBe(a.etag);
    }
  }

  it.each(EDITS)("$edit: a new ETag on every answer it changes, and again when undone", async ({ edit, apply, undo, shows }) => {
    clock = NOW;
    const before = await look();
    await apply();
    try {
      const after = await look();
      expectNewTags(before, after, shows, edit);
      // The client holding the old tag gets the new answer, not a 304.
      for (const url of shows) {
        const r = await get(url, { headers: { "If-None-Match": before.get(url)!.etag! } });
        expect(r.status, `${edit}: ${url}`).not.toBe(304);
      }
      await undo();
      expectNewTags(after, await look(), shows, `${edit} (undone)`);
    } finally {
      await undo().catch(() => undefined);
    }
  });

  it("without an edit the tag holds: every answer is a 304 to its own tag, with ETag and Cache-Control", async () => {
    clock = NOW;
    for (const [url, seen] of await look()) {
      if (seen.status !== 200) continue;
      const again = await get(url, { headers: { "If-None-Match": seen.etag! } });
      expect(again.status, url).toBe(304);
      expect(again.headers.get("etag"), url).toBe(seen.etag);
      expect(again.headers.get("cache-control"), url).toBe("public, max-age=60, stale-while-revalidate=300");
      expect(await again.text(), url).toBe("");
    }
  });

  it("a products list's total follows every write at once (it is kept per version)", async () => {
    const totalOf = async (url: string) => (await json(await get(url))).meta.total as number;
    const urls = ["/products?pageSize=1", "/products?search=zapata&pageSize=1", "/products?sort=price&pageSize=1"];
    const before = await Promise.all(urls.map(totalOf));
    await getDb()
      .insert(products)
      .values({ id: "ZZZ1", name: "Zapata al final", slug: "zapata-al-final", isActive: true, price: 1, monedaPrecio: "Pesos" });
    try {
      expect(await Promise.all(urls.map(totalOf))).toEqual(before.map((n) => n + 1));
      await getDb().update(products).set({ isActive: false }).where(eq(products.id, "ZZZ1"));
      expect(await Promise.all(urls.map(totalOf))).toEqual(before);
      await getDb().update(products).set({ isActive: true }).where(eq(products.id, "ZZZ1"));
      expect(await Promise.all(urls.map(totalOf))).toEqual(before.map((n) => n + 1));
    } finally {
      await getDb().delete(products).where(eq(products.id, "ZZZ1"));
    }
    expect(await Promise.all(urls.map(totalOf))).toEqual(before);
  });

  it("another query of the same list has its own tag", async () => {
    const tags = new Set<string | null>();
    for (const url of ["/products", "/products?sort=price", "/products?sort=price&order=desc", "/products?page=2", "/products?search=qo"]) {
      tags.add((await get(url)).headers.get("etag"));
    }
    expect(tags.size).toBe(5);
  });

  it("a scheduled post falling due and a new day change the tags with no write", async () => {
    clock = NOW;
    const blogs = await get("/blogs");
    const promotions = await get("/promotions");
    clock = new Date("2026-06-15T19:00:00.000Z"); // "Programado" is due
    const due = await get("/blogs", { headers: { "If-None-Match": blogs.headers.get("etag")! } });
    expect(due.status).toBe(200);
    expect((await json(due)).data.map((b: any) => b.slug)).toContain("programado");
    clock = new Date("2026-06-16T18:00:00.000Z"); // "Vigente" ended yesterday (Mexico City)
    const nextDay = await get("/promotions", { headers: { "If-None-Match": promotions.headers.get("etag")! } });
    expect(nextDay.status).toBe(200);
    expect((await json(nextDay)).data.map((p: any) => p.title)).not.toContain("Vigente");
    clock = NOW;
  });

  it("an answer kept by its tag is the answer built afresh, gzipped or not", async () => {
    for (const url of URLS) {
      const first = await get(url);
      if (first.status !== 200) continue;
      const fresh = await first.text();
      const gzipped = await get(url, { headers: { "Accept-Encoding": "gzip" } });
      const plain = await get(url, { headers: { "Accept-Encoding": "identity" } });
      expect(plain.headers.get("content-encoding"), url).toBeNull();
      expect(await gzipped.text(), url).toBe(fresh);
      expect(await plain.text(), url).toBe(fresh);
      for (const r of [gzipped, plain]) {
        expect(r.headers.get("etag"), url).toBe(first.headers.get("etag"));
        expect(r.headers.get("last-modified"), url).toBe(first.headers.get("last-modified"));
        expect(r.headers.get("vary"), url).toMatch(/Accept-Encoding/);
      }
    }
  });

  it.skipIf(!database.pglite)(
    "a 304, and an answer already kept, read no record: no statement once the process keeps the versions (the versions statement where they move with the clock); no-cache builds afresh",
    async () => {
      clock = NOW;
      const client = database.pglite!;
      const original = client.query;
      const sent: string[] = [];
      client.query = ((text: string, ...rest: unknown[]) => {
        sent.push(text);
        return (original as (...a: unknown[]) => unknown).call(client, text, ...rest);
      }) as typeof client.query;
      try {
        for (const [url, seen] of await look()) {
          if (seen.status !== 200) continue;
          // The blogs' visibility moves with the clock (a scheduled post falling due): read each time.
          const clockBound = /\/blogs/.test(url);
          for (const headers of [{ "If-None-Match": seen.etag! }, {}] as Array<Record<string, string>>) {
            sent.length = 0;
            const r = await get(url, { headers });
            expect(r.status, url).toBe(headers["If-None-Match"] ? 304 : 200);
            expect(sent.length, url).toBe(clockBound ? 1 : 0);
            if (clockBound) {
              expect(sent[0], url).toContain("content_versions");
              for (const table of ['"products"', '"blog_posts"."title"', '"banners_home"', '"catalogs"', '"store_locations"'])
                expect(sent[0], url).not.toContain(table);
            }
          }
          // Asked for afresh (Cache-Control: no-cache): built again, to the same answer.
          sent.length = 0;
          const fresh = await get(url, { headers: { "Cache-Control": "no-cache" } });
          expect(await fresh.text(), url).toBe(seen.body);
          expect(sent.length, url).toBeGreaterThan(clockBound ? 1 : 0);
        }
      } finally {
        client.query = original;
      }
    },
  );
});

describe("the price sort", () => {
  const EXTRA = [
    { id: "PX1", name: "Extra pesos 240", slug: "px1", price: 240, monedaPrecio: "Pesos" },
    { id: "PX2", name: "Extra pesos 300", slug: "px2", price: 300, monedaPrecio: "Pesos" },
    { id: "DX1", name: "Extra dólares 12", slug: "dx1", price: 12, monedaPrecio: "Dolares" }, // 240.00 at 20: a tie with PX1
    { id: "DX2", name: "Extra dólares 14.99", slug: "dx2", price: 14.99, monedaPrecio: "Dolares" },
    { id: "EUR1", name: "Extra en euros", slug: "eur1", price: 5, monedaPrecio: "Euros" }, // never a price
  ];
  const setRate = (value: unknown) =>
    getDb().insert(settings).values({ key: "dollar_price", value }).onConflictDoUpdate({ target: settings.key, set: { value } });

  /** The enabled products in the order their prices from the pricing function give (no price last, then SKU). */
  async function expectedOrder(order: "asc" | "desc") {
    const [rate] = await getDb().select({ value: settings.value }).from(settings).where(eq(settings.key, "dollar_price"));
    const rows = await getDb()
      .select({ id: products.id, price: products.price, currency: products.monedaPrecio })
      .from(products)
      .where(eq(products.isActive, true));
    const priced = rows.map((r) => {
      const p = pesoPrice({ amount: r.price, currency: r.currency }, exchangeRateOf(rate?.value));
      return { sku: r.id, cents: p.ok ? p.cents : null };
    });
    const sign = order === "asc" ? 1 : -1;
    priced.sort((a, b) => {
      if (a.cents === null || b.cents === null) return a.cents === b.cents ? (a.sku < b.sku ? -1 : 1) : a.cents === null ? 1 : -1;
      return a.cents !== b.cents ? sign * (a.cents - b.cents) : a.sku < b.sku ? -1 : 1;
    });
    return priced.map((p) => ({ sku: p.sku, price: p.cents === null ? null : { amount: p.cents / 100, currency: "MXN" } }));
  }

  async function expectSortedAsPriced(why: string) {
    for (const order of ["asc", "desc"] as const) {
      const body = await json(await get(`/products?sort=price&order=${order}`));
      const want = await expectedOrder(order);
      expect(
        body.data.map((p: any) => ({ sku: p.sku, price: p.price })),
        `${why}, ${order}`,
      ).toEqual(want);
      // Paging follows the same order.
      const second = await json(await get(`/products?sort=price&order=${order}&pageSize=2&page=2`));
      expect(
        second.data.map((p: any) => p.sku),
        `${why}, ${order}, page 2`,
      ).toEqual(want.slice(2, 4).map((p) => p.sku));
    }
  }

  it("orders by the pricing function's figures: at the day's rate, after a new rate, a new price, a new currency, and with no rate", async () => {
    await getDb()
      .insert(products)
      .values(EXTRA.map((p) => ({ ...p, isActive: true })));
    try {
      await expectSortedAsPriced("rate 20");
      await setRate(15.5); // the dollar products move below the peso ones
      await expectSortedAsPriced("rate 15.5");
      await setRate("26.1234"); // a rate kept as text
      await expectSortedAsPriced("rate 26.1234 (text)");
      await getDb().update(products).set({ price: 100 }).where(eq(products.id, "PX2"));
      await expectSortedAsPriced("PX2 at 100");
      await getDb().update(products).set({ monedaPrecio: "Dolares" }).where(eq(products.id, "PX1"));
      await expectSortedAsPriced("PX1 now in dollars");
      await getDb().delete(settings).where(eq(settings.key, "dollar_price"));
      const none = await json(await get("/products?sort=price&order=desc"));
      expect(none.data.slice(-5).map((p: any) => p.price)).toEqual([null, null, null, null, null]); // DOL1, PX1, DX1, DX2, EUR1
      await expectSortedAsPriced("no rate");
    } finally {
      await setRate(20);
      await getDb()
        .delete(products)
        .where(sql`${products.id} in ('PX1', 'PX2', 'DX1', 'DX2', 'EUR1')`);
    }
    await expectSortedAsPriced("back at 20");
  });

  it("the stored price is the pricing function's, whoever writes the product or the rate", async () => {
    const stored = async () =>
      Object.fromEntries(
        (
          await getDb()
            .select({ id: products.id, cents: products.shopPriceCents })
            .from(products)
            .where(and(sql`${products.id} in ('QO120', 'DOL1')`))
        ).map((r) => [r.id, r.cents]),
      );
    expect(await stored()).toEqual({ QO120: 10050, DOL1: 24700 });
    // A hand-written figure does not stick: the trigger works it out again.
    await getDb().update(products).set({ shopPriceCents: 1 }).where(eq(products.id, "DOL1"));
    expect((await stored()).DOL1).toBe(24700);
    await database.query("update settings set value = '\"18.35\"' where key = 'dollar_price'");
    expect(await stored()).toEqual({ QO120: 10050, DOL1: 22662 }); // 12.35 × 18.35 = 226.6225
    await setRate(20);
    expect(await stored()).toEqual({ QO120: 10050, DOL1: 24700 });
  });

  it("a product detail finds its product by slug or SKU through their indexes (no read of every product)", async () => {
    for (const key of ["interruptor-qo-1p-20a", "qo120"]) {
      const statement = shopProductByKeyQuery(getDb(), key).toSQL();
      await database.query("set enable_seqscan = off");
      try {
        const plan = (await database.query<{ "QUERY PLAN": string }>(`explain ${statement.sql}`, statement.params))
          .map((r) => r["QUERY PLAN"])
          .join("\n");
        expect(plan, key).toContain("products_slug_idx");
        expect(plan, key).toContain("products_upper_id_idx");
      } finally {
        await database.query("reset enable_seqscan");
      }
    }
  });

  // Its ORDER BY is written as the index is built: the planner can read the page off it (with the
  // other ways ruled out, as a few rows here would be sorted faster; at volume it chooses it alone).
  it.each([
    ["price", "asc", "products_active_shop_price_idx"],
    ["price", "desc", "products_active_shop_price_desc_idx"],
    ["name", "asc", "products_active_name_search_idx"],
    ["name", "desc", "products_active_name_search_idx"],
    ["updatedAt", "asc", "products_active_updated_idx"],
    ["updatedAt", "desc", "products_active_updated_idx"],
    ["sku", "desc", "products_pkey"],
  ])("a page by %s %s can be read off %s, in its order (no sort of every enabled product)", async (sort, order, index) => {
    const parsed = parseListQuery("products", new URLSearchParams({ sort, order, page: "10" }));
    if (!parsed.ok) throw new Error(parsed.message);
    const statement = shopProductsPageQuery(getDb(), parsed.query).toSQL();
    const OTHER_WAYS = ["enable_seqscan", "enable_bitmapscan", "enable_sort"];
    for (const setting of OTHER_WAYS) await database.query(`set ${setting} = off`);
    try {
      const plan = (await database.query<{ "QUERY PLAN": string }>(`explain ${statement.sql}`, statement.params))
        .map((r) => r["QUERY PLAN"])
        .join("\n");
      expect(plan).toContain(index);
      expect(plan).not.toMatch(/^\s*(->\s*)?Sort\b/m);
    } finally {
      for (const setting of OTHER_WAYS) await database.query(`reset ${setting}`);
    }
  });
});

describe("cross-origin, cookies, abuse", () => {
  it("the shop's origin is allowed (and its preflight answered); another origin is not", async () => {
    const ok = await get("/products", { headers: { Origin: "https://tienda.example.com.mx" } });
    expect(ok.headers.get("access-control-allow-origin")).toBe("https://tienda.example.com.mx");
    const other = await get("/products", { headers: { Origin: "https://evil.example" } });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await get("/products", {
      method: "OPTIONS",
      headers: { Origin: "https://tienda.example.com.mx", "Access-Control-Request-Method": "GET" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
    const refused = await get("/products", {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "GET" },
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("no cookie is set, whatever the request carries", async () => {
    for (const url of ["/products", "/blogs/no-existe", "/openapi.json", "/docs", "/nada"]) {
      const r = await get(url, { headers: { Cookie: "bo_session=abc" } });
      expect(r.headers.get("set-cookie"), url).toBeNull();
    }
  });

  it("too many shop requests waiting for the database: 503 in Spanish with Retry-After, the rest answered", async () => {
    const crowded = await serve({ concurrency: 1, queueMax: 1 });
    // The database held up (a writer's lock on the versions): the first request keeps its turn, one
    // waits, the rest are shed at once.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const lockTaken = new Promise<void>((r) => (locked = r));
    const writer = getDb().transaction(async (tx) => {
      await tx.execute(sql`lock table content_versions in access exclusive mode`);
      locked();
      await held;
    });
    await lockTaken;
    const sent = Array.from({ length: 6 }, (_, i) => crowded(`/products?page=${i + 1}`));
    await new Promise((r) => setTimeout(r, 300));
    release();
    await writer;
    const answers = await Promise.all(sent);
    const busy = answers.filter((r) => r.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(answers.some((r) => r.status === 200)).toBe(true);
    expect(busy[0].headers.get("retry-after")).toBe("1");
    expect((await json(busy[0])).error.message).toMatch(/^La tienda recibe demasiadas solicitudes/);
  });

  it("over the per-address limit: 429 in Spanish with Retry-After", async () => {
    const limited = await serve({ rateLimit: 3 });
    for (let i = 0; i < 3; i++) expect((await limited("/locations")).status).toBe(200);
    const r = await limited("/locations");
    expect(r.status).toBe(429);
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await json(r)).error.message).toMatch(/^Demasiadas solicitudes/);
  });
});

describe("media", () => {
  it("a published record's image in 400 and 1200 px WebP, cached for a year; others 404", async () => {
    const r = await get(`/media/${imageIds.product}/400.webp`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("image/webp");
    expect(r.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await sharp(Buffer.from(await r.arrayBuffer())).metadata()).width).toBe(400);
    const big = await get(`/media/${imageIds.product}/1200.webp`);
    expect((await sharp(Buffer.from(await big.arrayBuffer())).metadata()).width).toBe(1200);
    expect(await isStored(shopVariantKey(imageIds.product, 400))).toBe(true);
    expect((await get(`/media/${imageIds.sheet}/ficha.pdf`)).headers.get("content-type")).toBe("application/pdf");
    for (const url of [
      `/media/${imageIds.draftBlog}/400.webp`,
      `/media/${imageIds.message}/400.webp`,
      `/media/${imageIds.product}/800.webp`,
      `/media/nada/400.webp`,
    ]) {
      expect((await get(url)).status, url).toBe(404);
    }
  });

  it("stops being served when its record is unpublished", async () => {
    await getDb().update(products).set({ isActive: false }).where(eq(products.id, "QO120"));
    expect((await get(`/media/${imageIds.product}/400.webp`)).status).toBe(404);
    expect((await get(`/media/${imageIds.sheet}/ficha.pdf`)).status).toBe(404);
    await getDb().update(products).set({ isActive: true }).where(eq(products.id, "QO120"));
    expect((await get(`/media/${imageIds.product}/400.webp`)).status).toBe(200);
  });
});

describe("the OpenAPI document", () => {
  it("is served, and every real answer (200, 400, 404) validates against it", async () => {
    const r = await get("/openapi.json");
    expect(r.status).toBe(200);
    expect(r.headers.get("etag")).toBeTruthy();
    const doc = await json(r);
    expect(doc.openapi).toBe("3.1.0");
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const validatorFor = (docPath: string, status: string) => {
      const schema = doc.paths[docPath].get.responses[status].content["application/json"].schema;
      return ajv.compile({ ...schema, components: doc.components });
    };
    const check = async (docPath: string, url: string, status: string) => {
      const res = await get(url);
      expect(String(res.status), url).toBe(status);
      const validate = validatorFor(docPath, status);
      const body = await json(res);
      expect(validate(body) ? [] : validate.errors, url).toEqual([]);
      return body;
    };
    clock = new Date("2026-06-15T19:00:00.000Z");
    for (const e of LIST_ENDPOINTS) {
      const body = await check(e.path, e.path, "200");
      expect(body.data.length, e.path).toBeGreaterThan(0);
      await check(e.path, `${e.path}?page=0`, "400");
    }
    const keys: Record<string, string> = { blog: "programado", product: "QO120" };
    for (const e of DETAIL_ENDPOINTS) {
      const base = e.path.replace(`/{${e.param}}`, "");
      await check(e.path, `${base}/${keys[e.name]}`, "200");
      await check(e.path, `${base}/no-existe`, "404");
    }
    clock = NOW;
  });

  it("the contract test catches an answer the document does not allow", async () => {
    const doc = await json(await get("/openapi.json"));
    const ajv = new Ajv2020({ strict: false });
    const validate = ajv.compile({
      ...doc.paths["/products"].get.responses["200"].content["application/json"].schema,
      components: doc.components,
    });
    const body = await json(await get("/products"));
    expect(validate(body)).toBe(true);
    body.data[0].precio3 = 80;
    expect(validate(body)).toBe(false);
  });

  it("has a readable page listing paths, parameters and fields, with no script", async () => {
    const r = await get("/docs");
    expect(r.headers.get("content-type")).toContain("text/html");
    const html = await r.text();
    expect(html).not.toContain("<script");
    for (const text of ["GET /api/shop/v1/products", "pageSize", "data[].price.amount", "GET /api/shop/v1/blogs/{slug}"])
      expect(html).toContain(text);
  });
});
