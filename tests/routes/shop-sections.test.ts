import { describe, expect, it } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { products, shopSections } from "../../server/db/schema";
import { DEMO_SHOP_SECTIONS, seedShopSections } from "../../server/db/seed/demo/shop-sections";
import {
  SectionDraftSchema,
  intentValue,
  type SectionAnswer,
  type SectionIntent,
  type SectionLoaded,
  type ShopSectionRow,
} from "~/modules/content/shop-sections";
import * as list from "~/routes/shop/ecommerce";
import * as createRoute from "~/routes/shop/ecommerce.new";
import * as editRoute from "~/routes/shop/ecommerce.$sectionId";
import { SHOP_SECTION_LISTS } from "../../bench/lists/shop-sections";
import { useTestDatabase } from "../helpers/db";
import { seedAreaIfEmpty } from "../helpers/demo-area";
import { loginAs } from "../helpers/auth";
import {
  auditOf as auditOfTag,
  callRoute as call,
  locationOf as location,
  statusOf as status,
  toastOf,
  uniqueName as unique,
  type Handler,
} from "../helpers/content-routes";
import { expectRolesSentHome } from "../helpers/sent-home";

/**
 * The browser's checks the dialog gets from its loader: the title at most 120 characters and each
 * quantity a whole number from 1 to 9999 (docs/shop-sections.md), the search at most 80 characters
 * (the product search's limit). The dialog drops `required` where the spec has its own message (the
 * title, a quantity).
 */
const SECTION_CONSTRAINT = {
  title: { required: true, minLength: 1, maxLength: 120 },
  "products[].qty": { required: true, min: 1, max: 9999, step: 1 },
  q: { maxLength: 80 },
};

const database = await useTestDatabase({ demo: true });
await seedAreaIfEmpty(database, shopSections, seedShopSections);

type FormOut = { data: SectionAnswer; init: { status: number } };
type ListData = { rows: ShopSectionRow[]; total: number };
type Form = Record<string, string | string[]>;

const listOf = (cookie: string | undefined, query = "") =>
  call(list.loader as Handler, `/ecommerce${query}`, cookie) as Promise<ListData | Response>;
const toggle = (form: Form, cookie: string, query = "") => call(list.action as Handler, `/ecommerce${query}`, cookie, { form });
const open = (id: string | number, cookie: string) =>
  call(editRoute.loader as Handler, `/ecommerce/${id}`, cookie, { params: { sectionId: String(id) } });
const create = (form: Form, cookie: string, query = "") => call(createRoute.action as Handler, `/ecommerce/new${query}`, cookie, { form });
const update = (id: string | number, form: Form, cookie: string, query = "") =>
  call(editRoute.action as Handler, `/ecommerce/${id}${query}`, cookie, { params: { sectionId: String(id) }, form });

const answerOf = (res: unknown) => (res as FormOut).data;
const sectionNamed = async (title: string) => (await getDb().select().from(shopSections).where(eq(shopSections.title, title)))[0];
const auditOf = (id: number) => auditOfTag(id, "shop-sections");

/** The list as the dialog posts it: Conform's `products[i].id` / `products[i].qty`, in order. */
const carried = (items: Array<{ id: string; qty: number | string }>): Form =>
  Object.fromEntries(
    items.flatMap((item, i) => [
      [`products[${i}].id`, item.id],
      [`products[${i}].qty`, String(item.qty)],
    ]),
  );
/** Agregar on a search hit. */
const addSku = (sku: string) => intentValue<SectionIntent>({ type: "add", sku });
/** A Conform list button (↑ ↓ Quitar) as it posts without JavaScript. */
const listButton = (type: "remove" | "reorder", payload: Record<string, unknown>): Form => ({
  __intent__: JSON.stringify({ type, payload: { name: "products", ...payload } }),
});
/** The form the answer draws: Conform's values (as typed, with the server's list). */
const shown = (res: unknown) => answerOf(res).result.initialValue ?? {};
const rowsShown = (res: unknown) => SectionDraftSchema.parse(shown(res)).products;
const asNumbers = (rows: Array<{ id: string; qty: string }>) => rows.map((r) => ({ id: r.id, qty: Number(r.qty) }));

const activeSkus = await getDb()
  .select({ id: products.id })
  .from(products)
  .where(and(eq(products.isActive, true), sql`${products.id} like 'QO1%'`))
  .orderBy(products.id)
  .then((rows) => rows.map((r) => r.id));

describe("access", () => {
  it("lets Admin, Developer and MercadoLibre Manager in", async () => {
    for (const role of ["admin", "developer", "ml_manager"] as const) {
      const { cookie } = await loginAs(role);
      const data = (await listOf(cookie)) as ListData;
      expect(data.total, role).toBeGreaterThanOrEqual(DEMO_SHOP_SECTIONS.length);
      const fresh = (await call(createRoute.loader as Handler, "/ecommerce/new", cookie)) as {
        section: null;
        loaded: SectionLoaded;
        constraint: unknown;
      };
      expect(fresh.section).toBeNull();
      expect(fresh.constraint).toMatchObject(SECTION_CONSTRAINT);
      expect(fresh.loaded).toEqual({ values: { title: "", status: true, products: [] }, products: {} });
    }
  });

  it("sends other roles to their home, for loaders and actions, and writes nothing", async () => {
    const [first] = await getDb().select().from(shopSections).orderBy(shopSections.id).limit(1);
    await expectRolesSentHome(
      [
        ["inventory", "/products"],
        ["shop_manager", "/products"],
        ["cajero", "/pdv"],
        ["surtido", "/surtido"],
      ],
      {
        list: ({ cookie }) => listOf(cookie),
        open: ({ cookie }) => open(first.id, cookie),
        toggle: ({ cookie }) => toggle({ intent: "toggle", id: String(first.id), status: String(!first.status) }, cookie),
        create: ({ cookie }) => create({ intent: "save", title: unique("Intrusa") }, cookie),
        update: ({ cookie }) => update(first.id, { intent: "save", title: unique("Intrusa") }, cookie),
      },
    );
    const [after] = await getDb().select().from(shopSections).where(eq(shopSections.id, first.id));
    expect(after).toEqual(first);
    expect(
      await getDb()
        .select()
        .from(shopSections)
        .where(sql`${shopSections.title} like 'Intrusa%'`),
    ).toEqual([]);
  });

  it("sends anonymous visitors to sign in", async () => {
    expect(location(await listOf(undefined))).toBe(`/login?redirectTo=${encodeURIComponent("/ecommerce")}`);
  });
});

describe("list", () => {
  it("shows every section by id with its product count and status", async () => {
    const { cookie } = await loginAs("admin");
    const data = (await listOf(cookie)) as ListData;
    expect(data.total).toBe(data.rows.length);
    expect(data.rows.map((r) => r.id)).toEqual([...data.rows.map((r) => r.id)].sort((a, b) => a - b));
    const demo = data.rows.filter((r) => DEMO_SHOP_SECTIONS.some((s) => s.title === r.title));
    expect(demo.map((r) => r.title)).toEqual(DEMO_SHOP_SECTIONS.map((s) => s.title));
    expect(demo.map((r) => r.productCount)).toEqual(DEMO_SHOP_SECTIONS.map((s) => s.products.length));
    expect(demo.find((r) => r.title === "Ofertas de temporada")?.status).toBe(false);
  });

  it("seeds only SKUs the demo catalogue has", async () => {
    const skus = [...new Set(DEMO_SHOP_SECTIONS.flatMap((s) => s.products.map(([id]) => id)))];
    const found = await getDb().select({ id: products.id }).from(products).where(inArray(products.id, skus));
    expect(found.map((r) => r.id).sort()).toEqual([...skus].sort());
  });

  it("the bench runs the loader's statement", async () => {
    const { cookie } = await loginAs("admin");
    const data = (await listOf(cookie)) as ListData;
    for (const line of SHOP_SECTION_LISTS) {
      const raw = await database.query<{ id: number; product_count: number | string }>(line.sql!, line.params ?? []);
      expect(
        raw.map((r) => [r.id, Number(r.product_count)]),
        line.route,
      ).toEqual(data.rows.map((r) => [r.id, r.productCount]));
    }
  });
});

describe("toggle", () => {
  it("changes only status and updated_at, with an audit entry and a toast, keeping the query", async () => {
    const { cookie, user } = await loginAs("ml_manager");
    const section = await sectionNamed("Iluminación LED");
    const res = await toggle({ intent: "toggle", id: String(section.id), status: "false" }, cookie, "?from=x");
    expect(location(res)).toBe("/ecommerce?from=x");
    expect(await toastOf(res)).toMatchObject({ title: "Sección desactivada", variant: "success" });
    const after = await sectionNamed("Iluminación LED");
    expect(after.status).toBe(false);
    expect(after.updatedAt.getTime()).toBeGreaterThan(section.updatedAt.getTime());
    expect({ ...after, status: true, updatedAt: section.updatedAt }).toEqual(section);
    const entries = await auditOf(section.id);
    expect(entries.at(-1)).toMatchObject({
      message: "Sección desactivada: Iluminación LED",
      userId: user.id,
      detail: { changes: { status: { from: true, to: false } } },
    });

    await toggle({ intent: "toggle", id: String(section.id), status: "true" }, cookie);
    expect((await sectionNamed("Iluminación LED")).status).toBe(true);
  });

  it("refuses bad input and unknown ids with a warning toast, writing nothing", async () => {
    const { cookie } = await loginAs("admin");
    const section = await sectionNamed("Lo más vendido");
    const before = (await auditOf(section.id)).length;
    const forms: Form[] = [
      { intent: "toggle", id: String(section.id), status: "maybe" },
      { intent: "toggle", id: "abc", status: "true" },
      { intent: "other", id: String(section.id), status: "false" },
      { intent: "toggle", status: "false" },
    ];
    for (const form of forms) {
      const res = await toggle(form, cookie);
      expect(location(res), JSON.stringify(form)).toBe("/ecommerce");
      expect(await toastOf(res)).toMatchObject({ title: "No se pudo cambiar la sección", variant: "danger" });
    }
    const unknown = await toggle({ intent: "toggle", id: "999999", status: "false" }, cookie);
    expect(await toastOf(unknown)).toMatchObject({ title: "No se pudo cambiar la sección", message: "La sección no existe." });
    expect(await sectionNamed("Lo más vendido")).toEqual(section);
    expect(await auditOf(section.id)).toHaveLength(before);
  });
});

describe("dialog", () => {
  it("the product search lists up to 40 matches (spec 2 §9 typeahead)", async () => {
    const { cookie } = await loginAs("admin");
    const wide = answerOf(await create({ intent: "search", title: unique("Amplia"), status: "on", q: "e" }, cookie));
    expect(wide.results).toHaveLength(40);
  });

  it("creates a section with products found by search and added from it (+1 when listed)", async () => {
    const { cookie } = await loginAs("admin");
    const title = unique("Sección prueba");
    const searched = await create({ intent: "search", title, status: "on", q: "qo1" }, cookie, "?k=1");
    expect(status(searched)).toBe(200);
    const found = answerOf(searched);
    expect(found.results!.length).toBeGreaterThan(1);
    expect(found.results!.length).toBeLessThanOrEqual(40);
    expect(found.results!.every((r) => `${r.id} ${r.name}`.toUpperCase().includes("QO1"))).toBe(true);
    expect(found.results!.some((r) => r.id.startsWith("QO1"))).toBe(true);
    expect(found.result.error).toBeUndefined();
    expect(shown(searched)).toMatchObject({ title, status: "on", q: "qo1" });
    expect(shown(searched)).not.toHaveProperty("products");

    const [a, b] = found.results!.map((r) => r.id);
    const one = await create({ intent: addSku(a), title, status: "on", q: "qo1" }, cookie);
    expect(rowsShown(one)).toEqual([{ id: a, qty: "1" }]);
    expect(answerOf(one).results!.length).toBe(found.results!.length);
    expect(answerOf(one).result.intent).toEqual({ type: "update", payload: { name: "products", value: [{ id: a, qty: "1" }] } });
    const two = await create({ title, status: "on", q: "qo1", intent: addSku(b), ...carried(rowsShown(one)) }, cookie);
    const again = await create({ title, status: "on", q: "qo1", intent: addSku(a), ...carried(rowsShown(two)) }, cookie);
    expect(rowsShown(again)).toEqual([
      { id: a, qty: "2" },
      { id: b, qty: "1" },
    ]);
    expect(answerOf(again).products[a]).toMatchObject({
      name: expect.any(String),
      price: expect.any(Number),
      stockTotal: expect.any(Number),
      isActive: true,
    });
    expect(await sectionNamed(title)).toBeUndefined();

    const saved = await create({ intent: "save", title, status: "on", q: "qo1", ...carried(rowsShown(again)) }, cookie, "?k=1");
    expect(location(saved)).toBe("/ecommerce?k=1");
    expect(await toastOf(saved)).toMatchObject({
      title: "Obteniendo información",
      message: "Información agregada/actualizada exitosamente",
    });
    const row = await sectionNamed(title);
    expect(row).toMatchObject({
      status: true,
      products: [
        { id: a, qty: 2 },
        { id: b, qty: 1 },
      ],
    });
    expect((await auditOf(row.id)).map((e) => e.message)).toEqual([`Sección creada: ${title}`]);
  });

  it("updates order and quantities; without JavaScript ↑ ↓ Quitar post the form and only rearrange it", async () => {
    const { cookie } = await loginAs("developer");
    const section = await sectionNamed("Protección eléctrica");
    const opened = (await open(section.id, cookie)) as { section: { id: number }; loaded: SectionLoaded; constraint: unknown };
    expect(opened.loaded.values.products).toEqual(section.products);
    expect(opened.constraint).toMatchObject(SECTION_CONSTRAINT);
    expect(Object.keys(opened.loaded.products).sort()).toEqual(section.products.map((p) => p.id).sort());
    const start = section.products.map((p, i) => ({ id: p.id, qty: i === 0 ? 5 : p.qty }));

    const moved = await update(
      section.id,
      { title: section.title, status: "on", ...carried(start), ...listButton("reorder", { from: 1, to: 0 }) },
      cookie,
    );
    expect(status(moved)).toBe(200);
    expect(asNumbers(rowsShown(moved)).slice(0, 2)).toEqual([start[1], start[0]]);
    const down = await update(
      section.id,
      { title: section.title, status: "on", ...carried(asNumbers(rowsShown(moved))), ...listButton("reorder", { from: 0, to: 1 }) },
      cookie,
    );
    expect(asNumbers(rowsShown(down))).toEqual(start);
    const removed = await update(
      section.id,
      { title: section.title, status: "on", ...carried(asNumbers(rowsShown(moved))), ...listButton("remove", { index: start.length - 1 }) },
      cookie,
    );
    expect(asNumbers(rowsShown(removed))).toEqual(asNumbers(rowsShown(moved)).slice(0, -1));
    expect(shown(removed)).toMatchObject({ title: section.title, status: "on" });
    expect(await sectionNamed(section.title)).toEqual(section);

    const saved = await update(section.id, { intent: "save", title: section.title, ...carried(asNumbers(rowsShown(removed))) }, cookie);
    expect(location(saved)).toBe("/ecommerce");
    const after = await getDb()
      .select()
      .from(shopSections)
      .where(eq(shopSections.id, section.id))
      .then((r) => r[0]);
    expect(after.products).toEqual(asNumbers(rowsShown(removed)));
    expect(after.status).toBe(false);
    const entry = (await auditOf(section.id)).at(-1)!;
    expect(entry.message).toBe(`Sección actualizada: ${section.title}`);
    expect(Object.keys((entry.detail as { changes: object }).changes).sort()).toEqual(["products", "status"]);
  });

  it("drops SKUs the catalogue does not know, on every post and on save", async () => {
    const { cookie } = await loginAs("admin");
    const title = unique("Con desconocido");
    const list = [
      { id: activeSkus[0], qty: 1 },
      { id: "NO-EXISTE-1", qty: 3 },
    ];
    const res = await create({ intent: addSku("NO-EXISTE-2"), title, ...carried(list) }, cookie);
    expect(rowsShown(res)).toEqual([{ id: activeSkus[0], qty: "1" }]);
    expect(Object.keys(answerOf(res).products)).toEqual([activeSkus[0]]);
    const saved = await create({ intent: "save", title, ...carried(list) }, cookie);
    expect(status(saved)).toBe(302);
    expect((await sectionNamed(title)).products).toEqual([{ id: activeSkus[0], qty: 1 }]);
  });

  it("allows a section without products", async () => {
    const { cookie } = await loginAs("admin");
    const title = unique("Vacía");
    expect(status(await create({ intent: "save", title }, cookie))).toBe(302);
    expect(await sectionNamed(title)).toMatchObject({ products: [], status: false });
  });

  it("answers 400 for a bad title or quantity, keeping what was typed, and writes nothing", async () => {
    const { cookie } = await loginAs("admin");
    const list = [
      { id: activeSkus[1], qty: 2 },
      { id: activeSkus[0], qty: 1 },
    ];
    for (const [title, message] of [
      ["   ", "Ingresa el título de la sección"],
      ["x".repeat(121), "Título: máximo 120 caracteres"],
    ]) {
      const res = await create({ intent: "save", title, status: "on", q: "qo", ...carried(list) }, cookie);
      expect(status(res)).toBe(400);
      expect(answerOf(res).result.error).toEqual({ title: [message] });
      expect(shown(res)).toMatchObject({ title, status: "on", q: "qo" });
      expect(asNumbers(rowsShown(res))).toEqual(list);
      expect(answerOf(res).results?.length).toBeGreaterThan(0);
    }
    const title = unique("Cantidad mala");
    const bad = await create(
      {
        intent: "save",
        title,
        ...carried([
          { id: activeSkus[0], qty: "1" },
          { id: activeSkus[1], qty: "0" },
        ]),
      },
      cookie,
    );
    expect(status(bad)).toBe(400);
    expect(answerOf(bad).result.error).toEqual({ "products[1].qty": ["Cantidad: ingresa un número entero mayor o igual a 1"] });
    expect(rowsShown(bad)).toEqual([
      { id: activeSkus[0], qty: "1" },
      { id: activeSkus[1], qty: "0" },
    ]);
    expect(await sectionNamed(title)).toBeUndefined();
  });

  it("refuses a post whose Conform intent is broken with a 400, writing nothing", async () => {
    const { cookie } = await loginAs("admin");
    const title = unique("Intento roto");
    for (const intent of ["{", "a\u0000b", JSON.stringify({ type: "reorder", payload: { name: "title", from: 0, to: 1 } })]) {
      expect(status(await create({ intent: "save", title, __intent__: intent }, cookie)), intent).toBe(400);
      expect(status(await create({ title, __intent__: intent }, cookie)), intent).toBe(400);
    }
    expect(await sectionNamed(title)).toBeUndefined();
  });

  it("answers a button the dialog does not have with a 400 and its message, writing nothing", async () => {
    const { cookie } = await loginAs("admin");
    const [row] = await getDb().select().from(shopSections).limit(1);
    const title = unique("Botón desconocido");
    const posts: Array<[string, Form]> = [
      ["intent=bogus", { intent: "bogus" }],
      ["a broken add", { intent: '{"type":"add"}' }],
      ["no intent and no list button", {}],
    ];
    for (const [what, intent] of posts) {
      const form = { title, status: "on", ...carried([{ id: activeSkus[0], qty: 2 }]), ...intent };
      for (const res of [await create(form, cookie), await update(row.id, form, cookie)]) {
        expect(status(res), what).toBe(400);
        expect(await (res as Response).text(), what).toBe("Acción desconocida.");
      }
    }
    expect(await sectionNamed(title)).toBeUndefined();
    expect((await getDb().select().from(shopSections).where(eq(shopSections.id, row.id)))[0]).toEqual(row);
    // Buscar (Enter), and a list button (which posts no intent), still draw the dialog again.
    expect(status(await create({ title, intent: "search" }, cookie))).toBe(200);
    expect(
      status(await create({ title, ...carried([{ id: activeSkus[0], qty: 1 }]), ...listButton("remove", { index: 0 }) }, cookie)),
    ).toBe(200);
  });

  it("answers 404 for unknown or non-numeric ids", async () => {
    const { cookie } = await loginAs("admin");
    for (const id of ["999999", "abc", "0", "-1", "99999999999"]) {
      expect(status(await open(id, cookie)), id).toBe(404);
      expect(status(await update(id, { intent: "save", title: unique("Nada") }, cookie)), id).toBe(404);
    }
  });
});
