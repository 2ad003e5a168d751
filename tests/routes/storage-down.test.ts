import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "../../server/db/client";
import { files } from "../../server/db/schema";
import { createLocalStore, setStorage, StorageUnavailableError, type ObjectStore } from "../../server/storage";
import type { Draft } from "~/modules/publications/draft";
import * as comboNew from "~/routes/web-inventory/combos.new";
import * as categoryNew from "~/routes/taxonomies/product-categories.new";
import * as promotionNew from "~/routes/shop/promotions.new";
import * as blogNew from "~/routes/shop/blog-posts.new";
import * as catalogNew from "~/routes/shop/catalogs.new";
import * as publicationNew from "~/routes/publications/new";
import * as banner from "~/routes/shop/banner-home";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { formOf, pngFile, statusOf, type PostedFields, type RouteHandler } from "../helpers/catalog-routes";
import { routeArgs } from "../helpers/route-args";
import { useTestDatabase } from "../helpers/db";
import { publicationForm } from "../helpers/publication-form";

/*
 * Issue 31, "store down": every screen that uploads an image says the store does not answer the way
 * it says any other refusal (its toast, its field's error), with a 503 — never a 500 — and keeps no
 * file row. The store here fails every call, as a bucket that is down or a disk that is full.
 */
const STORE_DOWN = "El almacenamiento de archivos no responde. Intenta de nuevo en unos minutos.";

await useTestDatabase({ demo: true });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-down-"));
const down = (operation: string) => () => Promise.reject(new StorageUnavailableError(operation, "", new Error("connect ECONNREFUSED")));
const failing: ObjectStore = {
  ...createLocalStore(dir),
  put: down("put"),
  get: down("get"),
  head: down("head"),
  delete: down("delete"),
};
setStorage(failing);
afterAll(() => {
  setStorage(undefined);
  fs.rmSync(dir, { recursive: true, force: true });
});

const { cookie } = await loginAs("admin");
const fileRows = async () => (await getDb().select({ n: count() }).from(files))[0].n;
const png = (name: string, width: number, height: number) => pngFile(name, width, height, { r: 30, g: 60, b: 90 });

function publicationUpload() {
  const draft: Omit<Draft, "id"> = {
    version: 0,
    title: "Foco",
    special: false,
    categoryId: "",
    listingType: "gold_special",
    store: undefined,
    attributes: {},
    autosync: false,
    priceSync: false,
    stockSync: false,
    warehouses: [],
    channels: [],
    premium: false,
    status: "active",
    linked: [{ sku: "QO120", qty: 1, discount: 0 }],
    variations: [],
    gallery: [],
    description: { intro: "", body: "", closing: "" },
    productSearch: "",
    searchTarget: "flat",
    librarySearch: "",
  };
  return publicationForm(draft, JSON.stringify({ type: "upload", sku: "QO120" }));
}

/** Each screen's upload post, and where its answer shows the refusal. */
const SCREENS: Array<[string, RouteHandler, string, () => Promise<PostedFields | FormData>, (data: never) => unknown[]]> = [
  [
    "combo (Subir imagen)",
    comboNew.action as RouteHandler,
    "/web-inventory/combos/new",
    async () => ({ intent: "upload", name: "Combo", uploads: await png("combo.png", 1500, 1500) }),
    (d: { toast: { message: string }; fileErrors: { uploads: string[] } }) => [d.toast.message, ...d.fileErrors.uploads],
  ],
  [
    "category (cover)",
    categoryNew.action as RouteHandler,
    "/product-categories/new",
    async () => ({ name: "Categoría", intent: "upload", coverUpload: await png("portada.png", 1800, 600) }),
    (d: { toast: { message: string }; fieldErrors: { coverUpload: string[] } }) => [d.toast.message, ...d.fieldErrors.coverUpload],
  ],
  [
    "promotion (Guardar with an image)",
    promotionNew.action as RouteHandler,
    "/promotions/new",
    async () => ({
      title: "Promoción",
      visible: "on",
      startDate: "2025-06-01",
      endDate: "2025-06-30",
      imageFileId: "",
      imageUpload: await png("promo.png", 1500, 1500),
    }),
    (d: { toast: { message: string }; result: { error: { imageUpload: string[] } } }) => [d.toast.message, ...d.result.error.imageUpload],
  ],
  [
    "blog post (Guardar with an image)",
    blogNew.action as RouteHandler,
    "/blog-posts/new",
    async () => ({ title: "Entrada", content: "<p>Hola</p>", imageFileId: "", imageUpload: await png("blog.png", 1500, 1500) }),
    (d: { toast: { message: string }; result: { error: { imageUpload: string[] } } }) => [d.toast.message, ...d.result.error.imageUpload],
  ],
  [
    "catalogue (Subir imagen)",
    catalogNew.action as RouteHandler,
    "/catalogs/new",
    async () => {
      const form = new FormData();
      form.append("title", "Catálogo");
      form.append("intent", "upload");
      form.append("imageUpload", await png("catalogo.png", 1800, 600));
      return form;
    },
    (d: { imageError: { message: string }; toast: { message: string } }) => [d.imageError.message, d.toast.message],
  ],
  [
    "home banner",
    banner.action as RouteHandler,
    "/banner-home",
    async () => ({
      name: "Portada",
      coverTitle: "",
      coverSubtitle: "",
      coverContent: "",
      image: await png("portada-tienda.png", 3000, 2000),
    }),
    (d: { toast: { message: string }; result: { error: { image: string[] } } }) => [
      d.toast.message,
      ...d.result.error.image.map((e) => e.replace(/^[^:]+: /, "")),
    ],
  ],
  [
    "publication editor (Subir imagen)",
    publicationNew.action as RouteHandler,
    "/publications/new",
    async () => {
      const form = publicationUpload();
      form.append("upload:QO120", await png("publicacion.png", 1500, 1500));
      return form;
    },
    (d: { toast: { message: string } }) => [d.toast.message],
  ],
];

describe("an upload while the file store does not answer", () => {
  it.each(SCREENS)(
    "%s: 503, the store's message where the screen shows refusals, no file row",
    async (_name, action, path, fields, shown) => {
      const before = await fileRows();
      const posted = await fields();
      const form = posted instanceof FormData ? posted : formOf(posted);
      const answer = await settle(() => action(routeArgs({ request: makeRequest(path, { cookie, form }), params: {} })));
      expect(statusOf(answer), JSON.stringify((answer as { data?: unknown }).data ?? null).slice(0, 400)).toBe(503);
      const messages = shown((answer as { data: never }).data);
      expect(messages.length).toBeGreaterThan(0);
      for (const message of messages) expect(message).toBe(STORE_DOWN);
      expect(await fileRows()).toBe(before);
    },
  );
});
