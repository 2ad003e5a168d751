import crypto from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import {
  bannersHome, blogPosts, brands, catalogs, categories, files, productProperties, products, settings, shopSections, storeLocations, storePromos,
} from "../../server/db/schema";
import { SHOP_API_PATH, shopApiRouter, type ShopApiOptions } from "../../server/shop-api/router";
import { uploadsDir } from "~/modules/files/storage.server";
import { DETAIL_ENDPOINTS, LIST_ENDPOINTS } from "~/modules/shop-api/endpoints";
import { useTestDatabase } from "../helpers/db";

/**
 * The shop's content API over HTTP against a fresh database: what is public and what never is,
 * prices, paging limits, 400/404/405, ETag/304, CORS, no cookies, the rate limit, public media.
 */
await useTestDatabase();

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

const imageIds = { product: crypto.randomUUID(), banner: crypto.randomUUID(), draftBlog: crypto.randomUUID(), message: crypto.randomUUID(), sheet: crypto.randomUUID() };

async function storedImage(id: string, origin = "upload") {
  fs.mkdirSync(uploadsDir(), { recursive: true });
  const disk = `${id}.webp`;
  await sharp({ create: { width: 1600, height: 1600, channels: 3, background: "#cc3300" } }).webp().toFile(path.join(uploadsDir(), disk));
  await getDb().insert(files).values({ id, filenameDisk: disk, filenameDownload: `${id}.webp`, mimeType: "image/webp", size: 1, width: 1600, height: 1600, origin });
}

beforeAll(async () => {
  const db = getDb();
  for (const id of [imageIds.product, imageIds.banner, imageIds.draftBlog]) await storedImage(id);
  await storedImage(imageIds.message, "message");
  fs.writeFileSync(path.join(uploadsDir(), `${imageIds.sheet}.pdf`), "%PDF-1.4\n%%EOF\n");
  await db.insert(files).values({ id: imageIds.sheet, filenameDisk: `${imageIds.sheet}.pdf`, filenameDownload: `ficha-${imageIds.sheet}.pdf`, mimeType: "application/pdf", size: 15 });
  await db.insert(settings).values({ key: "dollar_price", value: 20 }).onConflictDoUpdate({ target: settings.key, set: { value: 20 } });
  const [cat] = await db.insert(categories).values({ name: "Interruptores", slug: "interruptores" }).returning();
  const [brand] = await db.insert(brands).values({ name: "Square D", slug: "square-d" }).returning();
  await db.insert(products).values([
    {
      id: "QO120", name: "Interruptor QO 1P 20A", slug: "interruptor-qo-1p-20a", manufacturerSku: "QO120", categoryId: cat.id, brandId: brand.id, isActive: true,
      precio2: 100.5, precio3: 80, price: 100.5, monedaPrecio: "Pesos", stockTotal: 7, stocks: [{ name: "O4", qty: 7 }], descripcion1: "INTERNO QO", intelisisName: "ERP QO",
      gallery: [{ fileId: imageIds.product, url: `/files/${imageIds.product}`, sort: 0 }], dataSheetId: imageIds.sheet, description: "<p>Uso residencial</p>",
    },
    { id: "DOL1", name: "Contactor en dólares", slug: "contactor-dolares", isActive: true, precio2: 12.35, precio3: 11.9, price: 12.35, monedaPrecio: "Dolares", stockTotal: 0 },
    { id: "OFF1", name: "Producto deshabilitado", slug: "producto-deshabilitado", isActive: false, precio2: 10, precio3: 9, stockTotal: 3 },
  ]);
  await db.insert(productProperties).values({ productId: "QO120", name: "Polos", value: "1" });
  await db.insert(shopSections).values([
    { title: "Lo más vendido", status: true, products: [{ id: "dol1", qty: 1 }, { id: "OFF1", qty: 1 }, { id: "QO120", qty: 2 }] },
    { title: "Sección oculta", status: false, products: [{ id: "QO120", qty: 1 }] },
  ]);
  await db.insert(blogPosts).values([
    { title: "Calibres de cable", slug: "calibres-de-cable", status: true, content: "<p>Publicado</p>", createdAt: new Date("2026-06-01T00:00:00Z") },
    { title: "Programado", slug: "programado", status: true, publishAt: new Date("2026-06-15T19:00:00Z"), content: "<p>A su hora</p>" },
    { title: "Borrador", slug: "borrador", status: false, content: "<p>No</p>", featuredImage: { fileId: imageIds.draftBlog, url: "", alt: "b" } },
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
  await db.insert(bannersHome).values({ name: "Portada", coverTitle: "Todo para tu obra", image: { fileId: imageIds.banner, url: `/files/${imageIds.banner}`, origin: "upload" } });
  await db.insert(catalogs).values({ title: "Catálogo 2026", images: [], subtitles: [{ title: "Interruptores", products: [{ id: "QO120", qty: 1 }, { id: "OFF1", qty: 1 }] }] });
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
    expect(body.data.map((p: any) => p.price)).toEqual([{ amount: 247, currency: "MXN" }, { amount: 100.5, currency: "MXN" }]);
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
    expect(body.data[0].products.map((p: any) => [p.sku, p.qty])).toEqual([["DOL1", 1], ["QO120", 2]]);
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
    expect(banners.data[0]).toMatchObject({ name: "Portada", coverTitle: "Todo para tu obra", image: { url400: `${SHOP_API_PATH}/media/${imageIds.banner}/400.webp` } });
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
      await getDb().insert(settings).values({ key: "dollar_price", value: 20 }).onConflictDoUpdate({ target: settings.key, set: { value: 20 } });
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

describe("cross-origin, cookies, abuse", () => {
  it("the shop's origin is allowed (and its preflight answered); another origin is not", async () => {
    const ok = await get("/products", { headers: { Origin: "https://tienda.example.com.mx" } });
    expect(ok.headers.get("access-control-allow-origin")).toBe("https://tienda.example.com.mx");
    const other = await get("/products", { headers: { Origin: "https://evil.example" } });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await get("/products", { method: "OPTIONS", headers: { Origin: "https://tienda.example.com.mx", "Access-Control-Request-Method": "GET" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
    const refused = await get("/products", { method: "OPTIONS", headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "GET" } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("no cookie is set, whatever the request carries", async () => {
    for (const url of ["/products", "/blogs/no-existe", "/openapi.json", "/docs", "/nada"]) {
      const r = await get(url, { headers: { Cookie: "bo_session=abc" } });
      expect(r.headers.get("set-cookie"), url).toBeNull();
    }
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
    expect(fs.existsSync(path.join(uploadsDir(), "shop", `${imageIds.product}-w400.webp`))).toBe(true);
    expect((await get(`/media/${imageIds.sheet}/ficha.pdf`)).headers.get("content-type")).toBe("application/pdf");
    for (const url of [`/media/${imageIds.draftBlog}/400.webp`, `/media/${imageIds.message}/400.webp`, `/media/${imageIds.product}/800.webp`, `/media/nada/400.webp`]) {
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
    const validate = ajv.compile({ ...doc.paths["/products"].get.responses["200"].content["application/json"].schema, components: doc.components });
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
    for (const text of ["GET /api/shop/v1/products", "pageSize", "data[].price.amount", "GET /api/shop/v1/blogs/{slug}"]) expect(html).toContain(text);
  });
});
