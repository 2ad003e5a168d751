import { describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { auditLog, blogPosts, categories, files, products, storePromos } from "../../server/db/schema";
import * as productNew from "~/routes/web-inventory/new";
import * as comboNew from "~/routes/web-inventory/combos.new";
import * as categoryNew from "~/routes/taxonomies/product-categories.new";
import * as promotionNew from "~/routes/shop/promotions.new";
import * as blogNew from "~/routes/shop/blog-posts.new";
import { useTestDatabase } from "../helpers/db";
import { loginAs } from "../helpers/auth";
import { callRoute, pngFile, statusOf, type PostedFields, type RouteHandler } from "../helpers/catalog-routes";

/**
 * Every dialog answers a button it does not have (a forged or stale `intent`) with 400 "Acción
 * desconocida." and does nothing else: no save, no upload, no audit entry — never as if Guardar
 * (or any other button) had been pressed. The catalogue and shop-section dialogs are checked in
 * their own files.
 */

await useTestDatabase();

const TABLES = { products, blogPosts, categories, storePromos, files, auditLog };

/** How many rows each table the dialogs write to holds. */
async function rowsIn() {
  const counted = await Promise.all(
    Object.entries(TABLES).map(async ([name, table]) => [name, (await getDb().select({ n: count() }).from(table))[0].n] as const),
  );
  return Object.fromEntries(counted);
}

const image = () => pngFile("foto.png", 1200, 1200, { r: 10, g: 160, b: 90 });

const DIALOGS: Array<[string, RouteHandler, string, () => Promise<PostedFields>]> = [
  [
    "product",
    productNew.action as RouteHandler,
    "/web-inventory/new",
    async () => ({ sku: "QO120X", name: "Interruptor", price: "10", uploads: await image() }),
  ],
  ["combo", comboNew.action as RouteHandler, "/web-inventory/combos/new", async () => ({ name: "Combo", uploads: await image() })],
  [
    "category",
    categoryNew.action as RouteHandler,
    "/product-categories/new",
    async () => ({ name: "Categoría nueva", coverUpload: await image() }),
  ],
  ["promotion", promotionNew.action as RouteHandler, "/promotions/new", async () => ({ name: "Promoción", imageUpload: await image() })],
  [
    "blog post",
    blogNew.action as RouteHandler,
    "/blog-posts/new",
    async () => ({ title: "Entrada", content: "<p>Hola</p>", imageUpload: await image() }),
  ],
];

describe("a button the dialog does not have", () => {
  it.each(DIALOGS)("%s: 400 'Acción desconocida.', nothing saved or uploaded", async (_name, action, path, fields) => {
    const { cookie } = await loginAs("admin");
    const before = await rowsIn();
    for (const intent of ["bogus", "save-now", '{"type":"save"}']) {
      const res = await callRoute(action, path, cookie, { form: { ...(await fields()), intent } });
      expect(statusOf(res), intent).toBe(400);
      expect(await (res as Response).text(), intent).toBe("Acción desconocida.");
    }
    expect(await rowsIn()).toEqual(before);
  });
});
