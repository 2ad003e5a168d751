import { request as pwRequest, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { expect, signIn, test } from "./fixtures";

/**
 * The shop reads what is edited here, at once: a banner, a section and a product saved through the
 * back office's own forms show in /api/shop/v1 with a new ETag, while a draft blog post stays absent.
 * The shop's side is an anonymous context: no cookie goes, none comes back.
 */
let staff: APIRequestContext;
let shop: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  staff = await pwRequest.newContext({ baseURL });
  await signIn(staff, "admin");
  shop = await pwRequest.newContext({ baseURL });
});
test.afterAll(async () => {
  await staff.dispose();
  await shop.dispose();
});

async function read(path: string, etag?: string) {
  const res = await shop.get(`/api/shop/v1${path}`, { headers: etag ? { "If-None-Match": etag } : {} });
  expect(res.headers()["set-cookie"], path).toBeUndefined();
  return res;
}

test("a banner, a section and a product edited here show in the shop API with a new ETag; a draft blog does not", async () => {
  const stamp = Date.now().toString(36).toUpperCase();
  const sku = `SHOPAPI${stamp}`.slice(0, 20);

  // Before: remember each answer's ETag and check it answers 304.
  const before = { banners: await read("/banners"), sections: await read("/sections"), products: await read(`/products?search=${sku}`) };
  const tags = Object.fromEntries(Object.entries(before).map(([k, r]) => [k, r.headers()["etag"]]));
  expect((await read("/banners", tags.banners)).status()).toBe(304);

  // The back office: a product created enabled, then renamed; a section showing it; the banner.
  const created = await staff.post("/web-inventory/new", {
    form: { intent: "save", sku, manufacturerSku: sku, name: "Producto de prueba tienda", isActive: "on" },
    maxRedirects: 0,
  });
  expect(created.status(), await created.text()).toBe(302);
  const edited = await staff.post(`/web-inventory/${sku}`, {
    form: { intent: "save", manufacturerSku: sku, name: "Producto renombrado tienda", isActive: "on" },
    maxRedirects: 0,
  });
  expect(edited.status(), await edited.text()).toBe(302);
  const section = await staff.post("/ecommerce/new", {
    form: { intent: "save", title: `Sección tienda ${stamp}`, status: "on", "products[0].id": sku, "products[0].qty": "3" },
    maxRedirects: 0,
  });
  expect(section.status(), await section.text()).toBe(302);
  // The banner's image: the spec's minimum, 3000×2000, with a name of its own (names are unique).
  const picture = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();
  const banner = await staff.post("/banner-home", {
    multipart: {
      name: "Portada",
      coverTitle: `Portada ${stamp}`,
      coverSubtitle: "",
      coverContent: "",
      image: { name: `portada-${stamp}.png`, mimeType: "image/png", buffer: picture },
    },
    maxRedirects: 0,
  });
  expect(banner.status(), await banner.text()).toBe(302);
  const draft = await staff.post("/blog-posts/new", {
    form: { title: `Borrador tienda ${stamp}`, content: "<p>No publicado</p>" },
    maxRedirects: 0,
  });
  expect(draft.status(), await draft.text()).toBe(302);

  // The shop: the changes at once, with new ETags.
  const banners = await read("/banners", tags.banners);
  expect(banners.status()).toBe(200);
  expect(banners.headers()["etag"]).not.toBe(tags.banners);
  const latest = (await banners.json()).data[0];
  expect(latest.coverTitle).toBe(`Portada ${stamp}`);
  // Its picture is public, 400 px wide, cached for good.
  const image = await read(latest.image.url400.replace("/api/shop/v1", ""));
  expect(image.status()).toBe(200);
  expect(image.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await sharp(await image.body()).metadata()).width).toBe(400);

  const sections = await read("/sections", tags.sections);
  expect(sections.headers()["etag"]).not.toBe(tags.sections);
  const shown = (await sections.json()).data.find((s: { title: string }) => s.title === `Sección tienda ${stamp}`);
  expect(shown.products.map((p: { sku: string; qty: number }) => [p.sku, p.qty])).toEqual([[sku, 3]]);

  const products = await read(`/products?search=${sku}`, tags.products);
  expect(products.headers()["etag"]).not.toBe(tags.products);
  expect((await products.json()).data.map((p: { sku: string; name: string }) => [p.sku, p.name])).toEqual([
    [sku, "Producto Renombrado Tienda"],
  ]);
  expect((await (await read(`/products/${sku.toLowerCase()}`)).json()).data.sku).toBe(sku);

  const blogs = await (await read(`/blogs?search=${encodeURIComponent(`Borrador tienda ${stamp}`)}`)).json();
  expect(blogs.data).toEqual([]);
});
