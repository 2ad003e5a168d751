import { describe, expect, it } from "vitest";
import { eq, inArray, like } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { catalogs, files, products } from "../../server/db/schema";
import { DEMO_CATALOGS, seedCatalogs } from "../../server/db/seed/demo/catalogs";
import {
  CatalogDraftSchema,
  type CatalogAnswer,
  type CatalogDraft,
  type CatalogIntent,
  type CatalogListData,
  type CatalogLoaded,
} from "~/modules/content/catalogs";
import { intentValue, searchKey } from "~/modules/content/shop-sections";
import * as list from "~/routes/shop/catalogs";
import * as createRoute from "~/routes/shop/catalogs.new";
import * as editRoute from "~/routes/shop/catalogs.$catalogId";
import * as deleteRoute from "~/routes/shop/catalogs.$catalogId.delete";
import { CATALOG_LISTS } from "../../bench/lists/catalogs";
import { useTestDatabase } from "../helpers/db";
import { pngFile } from "../helpers/catalog-routes";
import { seedAreaIfEmpty } from "../helpers/demo-area";
import { loginAs } from "../helpers/auth";
import {
  auditOf as auditOfTag,
  callRoute as call,
  contentRoutes,
  locationOf as location,
  statusOf as status,
  toastOf,
  uniqueName as unique,
  type Handler,
} from "../helpers/content-routes";
import { expectRolesSentHome } from "../helpers/sent-home";

/**
 * The browser's checks the dialog gets from its loader: the title and a subtitle's text 1–150
 * characters, an image's alt text up to 250, a quantity a whole number 1–9999 (docs/catalogs.md), a
 * subtitle's search up to 80 (the product search's limit). The dialog drops `required` where the
 * spec has its own message.
 */
const CATALOG_CONSTRAINT = {
  title: { required: true, minLength: 1, maxLength: 150 },
  "images[].alt": { maxLength: 250 },
  "subtitles[].title": { required: true, minLength: 1, maxLength: 150 },
  "subtitles[].products[].qty": { required: true, min: 1, max: 9999, step: 1 },
  "subtitles[].q": { maxLength: 80 },
};

const database = await useTestDatabase({ demo: true });
await seedAreaIfEmpty(database, catalogs, seedCatalogs);

type FormOut = { data: CatalogAnswer; init: { status: number } };
type Fields = Array<[string, string | File]>;

function formOf(fields: Fields) {
  const fd = new FormData();
  for (const [k, v] of fields) fd.append(k, v);
  return fd;
}
const routes = contentRoutes("/catalogs", "catalogId", { list, create: createRoute, edit: editRoute, remove: deleteRoute }, formOf);
const { open, create, update, confirm, remove } = routes;
const listOf = (cookie: string | undefined, query = "") => routes.listOf(query, cookie) as Promise<CatalogListData | Response>;
const answerOf = (res: unknown) => (res as FormOut).data;
/** The form the answer draws: Conform's values (as typed, with the lists the server rewrote). */
const stateOf = (res: unknown) => CatalogDraftSchema.parse(answerOf(res).result.initialValue ?? {});
const catalogNamed = async (title: string) => (await getDb().select().from(catalogs).where(eq(catalogs.title, title)))[0];
const auditOf = (id: number) => auditOfTag(id, "catalogs");

const png = (name: string, width: number, height: number) => pngFile(name, width, height, { r: 200, g: 120, b: 20 });

/** The form as the dialog posts it (Conform's names), from the values it drew. */
function carried(state: CatalogDraft): Fields {
  const out: Fields = [["title", state.title]];
  state.images.forEach((img, i) => out.push([`images[${i}].fileId`, img.fileId], [`images[${i}].alt`, img.alt]));
  state.subtitles.forEach((sub, s) => {
    out.push([`subtitles[${s}].title`, sub.title], [`subtitles[${s}].q`, sub.q]);
    sub.products.forEach((p, i) => out.push([`subtitles[${s}].products[${i}].id`, p.id], [`subtitles[${s}].products[${i}].qty`, p.qty]));
  });
  return out;
}
const withField = (fields: Fields, name: string, value: string | File): Fields => [...fields.filter(([k]) => k !== name), [name, value]];
/** Agregar on a hit of subtitle `subtitle`. */
const addTo = (subtitle: number, sku: string): [string, string] => ["intent", intentValue<CatalogIntent>({ type: "add", subtitle, sku })];
/** A Conform list button (Agregar subtítulo, Quitar, ↑ ↓) as it posts without JavaScript. */
const listButton = (type: "insert" | "remove" | "reorder", payload: Record<string, unknown>): [string, string] => [
  "__intent__",
  JSON.stringify({ type, payload }),
];
const addSubtitle = listButton("insert", { name: "subtitles", defaultValue: { title: "", q: "", products: [] } });
const pairs = (state: CatalogDraft, s = 0) => state.subtitles[s].products.map((p) => [p.id, p.qty]);

const skus = DEMO_CATALOGS[0].subtitles[0].products.map(([id]) => id);

describe("access", () => {
  it("lets Admin, Developer, MercadoLibre Manager and Inventory in", async () => {
    for (const role of ["admin", "developer", "ml_manager", "inventory"] as const) {
      const { cookie } = await loginAs(role);
      const data = (await listOf(cookie)) as CatalogListData;
      expect(data.total, role).toBeGreaterThanOrEqual(DEMO_CATALOGS.length);
      const fresh = (await call(createRoute.loader as Handler, "/catalogs/new", cookie)) as {
        catalog: null;
        loaded: CatalogLoaded;
        constraint: unknown;
      };
      expect(fresh.loaded.values).toEqual({ title: "", images: [], subtitles: [] });
      expect(fresh.constraint).toMatchObject(CATALOG_CONSTRAINT);
    }
  });

  it("sends other roles to their home and writes nothing", async () => {
    const [first] = await getDb().select().from(catalogs).orderBy(catalogs.id).limit(1);
    await expectRolesSentHome(
      [
        ["cajero", "/pdv"],
        ["surtido", "/surtido"],
        ["shop_manager", "/products"],
      ],
      {
        list: ({ cookie }) => listOf(cookie),
        open: ({ cookie }) => open(first.id, cookie),
        create: ({ cookie }) =>
          create(
            [
              ["intent", "save"],
              ["title", unique("Intruso")],
            ],
            cookie,
          ),
        update: ({ cookie }) =>
          update(
            first.id,
            [
              ["intent", "save"],
              ["title", unique("Intruso")],
            ],
            cookie,
          ),
        remove: ({ cookie }) => remove(first.id, cookie),
      },
    );
    expect(await getDb().select().from(catalogs).where(like(catalogs.title, "Intruso%"))).toEqual([]);
    expect((await getDb().select().from(catalogs).where(eq(catalogs.id, first.id)))[0]).toEqual(first);
  });

  it("sends anonymous visitors to sign in", async () => {
    expect(location(await listOf(undefined))).toBe(`/login?redirectTo=${encodeURIComponent("/catalogs")}`);
  });
});

describe("list", () => {
  it("counts subtitles and products of the demo catalogues, which use real SKUs", async () => {
    const { cookie } = await loginAs("admin");
    const data = (await listOf(cookie, "?search=CATALOGO%20DE%20ILUMINACION")) as CatalogListData;
    expect(data.rows.map((r) => r.title)).toEqual(["Catálogo de iluminación 2026"]);
    expect(data.rows[0].subtitleCount).toBe(DEMO_CATALOGS[0].subtitles.length);
    expect(data.rows[0].productCount).toBe(DEMO_CATALOGS[0].subtitles.reduce((n, s) => n + s.products.length, 0));
    const all = [...new Set(DEMO_CATALOGS.flatMap((c) => c.subtitles.flatMap((s) => s.products.map(([id]) => id))))];
    const found = await getDb().select({ id: products.id }).from(products).where(inArray(products.id, all));
    expect(found.map((r) => r.id).sort()).toEqual([...all].sort());
  });

  it("sorts by id or title, pages by 15 (spec 2 §9) and redirects past the last page", async () => {
    const { cookie } = await loginAs("admin");
    const tag = unique("Paginado");
    await getDb()
      .insert(catalogs)
      .values(Array.from({ length: 23 }, (_, i) => ({ title: `${tag} ${String(i).padStart(2, "0")}` })));
    const q = `?search=${encodeURIComponent(tag)}`;
    const first = (await listOf(cookie, `${q}&sortName=title&sortValue=asc`)) as CatalogListData;
    expect(first.total).toBe(23);
    expect(first.rows).toHaveLength(15);
    expect(first.rows[0].title).toBe(`${tag} 00`);
    const second = (await listOf(cookie, `${q}&sortName=title&sortValue=asc&page=2`)) as CatalogListData;
    expect(second.rows.map((r) => r.title)).toEqual(Array.from({ length: 8 }, (_, i) => `${tag} ${15 + i}`));
    const byId = (await listOf(cookie, `${q}&sortName=id&sortValue=desc`)) as CatalogListData;
    expect(byId.rows.map((r) => r.id)).toEqual([...byId.rows.map((r) => r.id)].sort((a, b) => b - a));
    expect(location(await listOf(cookie, `${q}&page=9`))).toBe(`/catalogs${q.replace("%20", "+")}&page=2`);
    await getDb()
      .delete(catalogs)
      .where(like(catalogs.title, `${tag}%`));
  });

  it("has bench lines that read what the loader shows", async () => {
    const { cookie } = await loginAs("admin");
    for (const line of CATALOG_LISTS) {
      const data = (await listOf(cookie, line.query ? `?${line.query}` : "")) as CatalogListData | Response;
      if (data instanceof Response) continue;
      const raw = await database.query<{ id: number; subtitle_count: number | string; product_count: number | string }>(
        line.sql!,
        line.params ?? [],
      );
      expect(
        raw.map((r) => [r.id, Number(r.subtitle_count), Number(r.product_count)]),
        line.query,
      ).toEqual(data.rows.map((r) => [r.id, r.subtitleCount, r.productCount]));
    }
  });
});

describe("the dialog", () => {
  it("ignores the add buttons while the title is empty", async () => {
    const { cookie } = await loginAs("inventory");
    const res = await create([["title", " "], addSubtitle], cookie);
    expect(status(res)).toBe(200);
    expect(stateOf(res).subtitles).toEqual([]);
    const withOne = await create([["title", ""], ["subtitles[0].title", "Focos"], addTo(0, skus[0])], cookie);
    expect(stateOf(withOne).subtitles[0].products).toEqual([]);
  });

  it("creates a catalogue with a subtitle and products, through the buttons, with an audit entry", async () => {
    const { cookie, user } = await loginAs("inventory");
    const title = unique("Catálogo prueba");
    let res = await create([["title", title], addSubtitle], cookie);
    expect(status(res)).toBe(200);
    let state = stateOf(res);
    expect(state.subtitles).toEqual([{ title: "", q: "", products: [] }]);
    res = await create(
      [...withField(withField(carried(state), "subtitles[0].title", "Focos LED"), "subtitles[0].q", skus[0]), ["intent", "search"]],
      cookie,
    );
    expect(answerOf(res).results[searchKey(skus[0])].map((r) => r.id)).toContain(skus[0]);
    state = stateOf(res);
    state = stateOf(await create([...carried(state), addTo(0, skus[0])], cookie));
    state = stateOf(await create([...carried(state), addTo(0, skus[1])], cookie));
    res = await create([...carried(state), addTo(0, skus[1])], cookie);
    state = stateOf(res);
    expect(pairs(state)).toEqual([
      [skus[0], "1"],
      [skus[1], "2"],
    ]);
    expect(answerOf(res).products[skus[1]]).toMatchObject({ name: expect.any(String), isActive: true });
    state = stateOf(await create([...carried(state), listButton("reorder", { name: "subtitles[0].products", from: 1, to: 0 })], cookie));
    expect(pairs(state)).toEqual([
      [skus[1], "2"],
      [skus[0], "1"],
    ]);
    expect(state.subtitles[0].title).toBe("Focos LED");
    expect(await catalogNamed(title)).toBeUndefined();

    const saved = await create([...carried(state), ["intent", "save"]], cookie, "?page=1");
    expect(location(saved)).toBe("/catalogs?page=1");
    expect(await toastOf(saved)).toMatchObject({
      title: "Obteniendo información",
      message: "Información agregada/actualizada exitosamente",
    });
    const row = await catalogNamed(title);
    expect(row.subtitles).toEqual([
      {
        title: "Focos LED",
        products: [
          { id: skus[1], qty: 2 },
          { id: skus[0], qty: 1 },
        ],
      },
    ]);
    const [entry] = await auditOf(row.id);
    expect(entry).toMatchObject({ type: "create", userId: user.id, message: `Catálogo creado: ${title}` });
  });

  it("refuses a save without a title, with an empty subtitle or with a bad quantity, keeping what was typed", async () => {
    const { cookie } = await loginAs("admin");
    const res = await create(
      [
        ["title", ""],
        ["subtitles[0].title", "A"],
        ["subtitles[0].q", "qo1"],
        ["subtitles[0].products[0].id", skus[0]],
        ["subtitles[0].products[0].qty", "0"],
        ["subtitles[1].title", " "],
        ["intent", "save"],
      ],
      cookie,
    );
    expect(status(res)).toBe(400);
    expect(answerOf(res).result.error).toEqual({
      title: ["Ingresa el título del catálogo"],
      "subtitles[0].products[0].qty": ["Cantidad: ingresa un número entero mayor o igual a 1"],
      "subtitles[1].title": ["Ingresa el texto del subtítulo"],
    });
    expect(stateOf(res).subtitles.map((s) => [s.title, s.q])).toEqual([
      ["A", "qo1"],
      [" ", ""],
    ]);
    expect(pairs(stateOf(res))).toEqual([[skus[0], "0"]]);
    expect(answerOf(res).results[searchKey("qo1")].length).toBeGreaterThan(0);
  });

  it("uploads a 1800x600 image with its 1200 copy, refuses a smaller one keeping the rest, keeps alt texts, removes an image", async () => {
    const { cookie } = await loginAs("developer");
    const title = unique("Con imágenes");
    const name = `${unique("portada").replace(/\s/g, "-")}.png`;
    let res = await create(
      [
        ["title", title],
        ["subtitles[0].title", "Focos"],
        ["subtitles[0].products[0].id", skus[0]],
        ["subtitles[0].products[0].qty", "2"],
        ["intent", "upload"],
        ["imageUpload", await png(name, 1800, 600)],
      ],
      cookie,
    );
    expect(status(res)).toBe(200);
    let state = stateOf(res);
    expect(state.images).toHaveLength(1);
    const fileId = state.images[0].fileId;
    expect(answerOf(res).images[fileId]).toEqual({ url: `/files/${fileId}`, name });
    expect(answerOf(res).result.intent).toEqual({ type: "update", payload: { name: "images", value: [{ fileId, alt: "" }] } });
    const [file] = await getDb().select().from(files).where(eq(files.id, fileId));
    expect(file.variants).toEqual([expect.objectContaining({ name: "1200", width: 1200, height: 400 })]);

    const small = `${unique("chica").replace(/\s/g, "-")}.png`;
    const fields = withField(carried(state), "images[0].alt", "Portada del catálogo");
    res = await create([...fields, ["intent", "upload"], ["imageUpload", await png(small, 1500, 1500)]], cookie);
    expect(status(res)).toBe(400);
    state = stateOf(res);
    expect(answerOf(res).imageError).toEqual({
      title: "Imagen no válida",
      message: "Lo sentimos, la imagen no cumple con las dimensiones mínimas (1800x600)",
    });
    expect(answerOf(res).toast).toMatchObject({
      title: "Imagen no válida",
      message: "Lo sentimos, la imagen no cumple con las dimensiones mínimas (1800x600)",
      variant: "warning",
    });
    expect(state.images.map((i) => i.alt)).toEqual(["Portada del catálogo"]);
    expect(pairs(state)).toEqual([[skus[0], "2"]]);
    expect(state.title).toBe(title);

    res = await create([...carried(state), ["intent", "upload"], ["imageUpload", await png(name, 1800, 600)]], cookie);
    expect(answerOf(res).imageError).toEqual({ title: "Imagen ya existente", message: `Error al guardar, la imagen ${name} ya existe.` });

    const second = `${unique("segunda").replace(/\s/g, "-")}.png`;
    state = stateOf(await create([...carried(state), ["intent", "upload"], ["imageUpload", await png(second, 2000, 700)]], cookie));
    expect(state.images.map((i) => i.fileId)).toHaveLength(2);
    expect(state.images[0]).toEqual({ fileId, alt: "Portada del catálogo" });
    // Quitar on the second image: Conform's remove; the file still chosen in the form is not uploaded by it.
    const third = `${unique("tercera").replace(/\s/g, "-")}.png`;
    res = await create(
      [...carried(state), listButton("remove", { name: "images", index: 1 }), ["imageUpload", await png(third, 1800, 600)]],
      cookie,
    );
    state = stateOf(res);
    expect(state.images).toEqual([{ fileId, alt: "Portada del catálogo" }]);
    expect(await getDb().select().from(files).where(eq(files.filenameDownload, third))).toEqual([]);

    const saved = await create([...carried(state), ["intent", "save"]], cookie);
    expect(location(saved)).toBe("/catalogs");
    const row = await catalogNamed(title);
    expect(row.images).toEqual([{ fileId, url: `/files/${fileId}`, name, origin: "upload", alt: "Portada del catálogo" }]);
  });

  it("uploads a file chosen along with Guardar and shows it when the save is refused", async () => {
    const { cookie } = await loginAs("admin");
    const name = `${unique("con-guardar").replace(/\s/g, "-")}.png`;
    const res = await create(
      [
        ["title", ""],
        ["intent", "save"],
        ["imageUpload", await png(name, 1800, 600)],
      ],
      cookie,
    );
    expect(status(res)).toBe(400);
    const [file] = await getDb().select().from(files).where(eq(files.filenameDownload, name));
    expect(stateOf(res).images).toEqual([{ fileId: file.id, alt: "" }]);
    expect(answerOf(res).result.error).toEqual({ title: ["Ingresa el título del catálogo"] });
    // The image reaches a form on screen as an update, and the refusal's error stays marked to show.
    expect(answerOf(res).result.intent).toEqual({ type: "update", payload: { name: "images", value: [{ fileId: file.id, alt: "" }] } });
    expect(answerOf(res).result.state?.validated).toMatchObject({ title: true });
  });

  it("drops a forged image id", async () => {
    const { cookie } = await loginAs("admin");
    const res = await create(
      [
        ["title", "x"],
        ["images[0].fileId", "33333333-3333-4333-8333-333333333333"],
        ["images[0].alt", "x"],
        ["intent", "refresh"],
      ],
      cookie,
    );
    expect(stateOf(res).images).toEqual([]);
    const saved = await create(
      [
        ["title", unique("Falsa")],
        ["images[0].fileId", "33333333-3333-4333-8333-333333333333"],
        ["intent", "save"],
      ],
      cookie,
    );
    expect(status(saved)).toBe(302);
  });

  it("opens and updates a catalogue, with the changes audited", async () => {
    const { cookie } = await loginAs("ml_manager");
    const row = await catalogNamed("Protección y control");
    const opened = (await open(row.id, cookie)) as { catalog: { id: number }; loaded: CatalogLoaded; constraint: unknown };
    expect(opened.loaded.values.title).toBe("Protección y control");
    expect(opened.constraint).toMatchObject(CATALOG_CONSTRAINT);
    expect(opened.loaded.values.subtitles.map((s) => s.title)).toEqual(DEMO_CATALOGS[1].subtitles.map((s) => s.title));
    expect(opened.loaded.products[opened.loaded.values.subtitles[0].products[0].id].name).toBeTruthy();
    const title = unique("Protección");
    const values: CatalogDraft = {
      ...opened.loaded.values,
      subtitles: opened.loaded.values.subtitles.map((s) => ({ ...s, products: s.products.map((p) => ({ id: p.id, qty: String(p.qty) })) })),
    };
    const state = stateOf(
      await update(row.id, [...withField(carried(values), "title", title), listButton("remove", { name: "subtitles", index: 0 })], cookie),
    );
    expect(state.subtitles.map((s) => s.title)).toEqual([DEMO_CATALOGS[1].subtitles[1].title]);
    const saved = await update(row.id, [...carried(state), ["intent", "save"]], cookie);
    expect(location(saved)).toBe("/catalogs");
    const after = (await getDb().select().from(catalogs).where(eq(catalogs.id, row.id)))[0];
    expect(after.title).toBe(title);
    expect(after.subtitles).toHaveLength(1);
    const entry = (await auditOf(row.id)).find((e) => e.type === "update")!;
    expect(Object.keys((entry.detail as { changes: object }).changes).sort()).toEqual(["subtitles", "title"]);
  });

  it("refuses a post whose Conform intent is broken with a 400", async () => {
    const { cookie } = await loginAs("admin");
    for (const intent of ["{", JSON.stringify({ type: "remove", payload: { name: "title", index: 0 } })]) {
      expect(
        status(
          await create(
            [
              ["title", "x"],
              ["__intent__", intent],
            ],
            cookie,
          ),
        ),
        intent,
      ).toBe(400);
    }
  });

  it("answers a button the dialog does not have with a 400 and its message, uploading and writing nothing", async () => {
    const { cookie } = await loginAs("admin");
    const [row] = await getDb().select().from(catalogs).orderBy(catalogs.id).limit(1);
    const title = unique("Botón desconocido");
    const filesBefore = (await getDb().select({ id: files.id }).from(files)).length;
    const posts: Array<[string, Fields]> = [
      ["intent=bogus", [["intent", "bogus"]]],
      ["a broken add", [["intent", '{"type":"add","subtitle":0}']]],
      ["no intent and no list button", []],
    ];
    for (const [what, intent] of posts) {
      const fields: Fields = [
        ["title", title],
        ["subtitles[0].title", "Focos"],
        ["subtitles[0].q", ""],
        ["imageUpload", await png("a.png", 1800, 600)],
        ...intent,
      ];
      for (const res of [await create(fields, cookie), await update(row.id, fields, cookie)]) {
        expect(status(res), what).toBe(400);
        expect(await (res as Response).text(), what).toBe("Acción desconocida.");
      }
    }
    expect(await catalogNamed(title)).toBeUndefined();
    const after = (await getDb().select().from(catalogs).where(eq(catalogs.id, row.id)))[0];
    expect(after).toEqual(row);
    expect((await getDb().select({ id: files.id }).from(files)).length).toBe(filesBefore);
    // Enter in a field, and a list button (which posts no intent), still draw the dialog again.
    expect(
      status(
        await create(
          [
            ["title", title],
            ["intent", "refresh"],
          ],
          cookie,
        ),
      ),
    ).toBe(200);
    expect(status(await create([["title", title], addSubtitle], cookie))).toBe(200);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const { cookie } = await loginAs("admin");
    for (const id of ["999999", "abc"]) {
      expect(status(await open(id, cookie))).toBe(404);
      expect(
        status(
          await update(
            id,
            [
              ["intent", "save"],
              ["title", "x"],
            ],
            cookie,
          ),
        ),
      ).toBe(404);
      expect(status(await confirm(id, cookie))).toBe(404);
    }
  });
});

describe("delete", () => {
  it("is refused to Inventory and MercadoLibre Manager, and changes nothing", async () => {
    const { cookie: admin } = await loginAs("admin");
    const title = unique("Borrar no");
    await create(
      [
        ["title", title],
        ["intent", "save"],
      ],
      admin,
    );
    const row = await catalogNamed(title);
    for (const role of ["inventory", "ml_manager"] as const) {
      const { cookie } = await loginAs(role);
      expect(location(await confirm(row.id, cookie)), role).toBe(`/catalogs/${row.id}`);
      const refused = await remove(row.id, cookie);
      expect(location(refused), role).toBe(`/catalogs/${row.id}`);
      expect((await toastOf(refused))?.title).toBe("Sin permiso");
    }
    expect(await catalogNamed(title)).toBeDefined();
  });

  it("deletes after confirming as Admin, with the toast and an audit entry", async () => {
    const { cookie, user } = await loginAs("admin");
    const title = unique("Borrar sí");
    await create(
      [
        ["title", title],
        ["subtitles[0].title", "A"],
        ["subtitles[0].products[0].id", skus[0]],
        ["subtitles[0].products[0].qty", "1"],
        ["intent", "save"],
      ],
      cookie,
    );
    const row = await catalogNamed(title);
    const shown = (await confirm(row.id, cookie)) as { catalog: { title: string } };
    expect(shown.catalog.title).toBe(title);
    const res = await remove(row.id, cookie, "?page=1");
    expect(location(res)).toBe("/catalogs?page=1");
    expect(await toastOf(res)).toMatchObject({ title: "Cátalogo", message: "Se ha eliminado exitosamente" });
    expect(await catalogNamed(title)).toBeUndefined();
    const entry = (await auditOf(row.id)).find((e) => e.type === "delete")!;
    expect(entry).toMatchObject({ userId: user.id, message: `Catálogo eliminado: ${title}` });
    expect(status(await remove(row.id, cookie))).toBe(404);
  });
});
