import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { eq, inArray, like, sql } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { auditLog, catalogs, files, products } from "../../server/db/schema";
import { seedDemo } from "../../server/db/seed/demo";
import { DEMO_CATALOGS, seedCatalogs } from "../../server/db/seed/demo/catalogs";
import { DemoClock } from "../../server/db/seed/demo/time";
import type { SeedUsers } from "../../server/db/seed/demo/context";
import { readToast } from "~/lib/toast.server";
import type { CatalogFormState, CatalogListData } from "~/modules/content/catalogs";
import * as list from "~/routes/_app.catalogs";
import * as createRoute from "~/routes/_app.catalogs.new";
import * as editRoute from "~/routes/_app.catalogs.$catalogId";
import * as deleteRoute from "~/routes/_app.catalogs.$catalogId_.delete";
import { CATALOG_LISTS } from "../../bench/lists/catalogs";
import { useTestDatabase } from "../helpers/db";
import { loginAs, makeRequest, settle } from "../helpers/auth";

const database = await useTestDatabase();
await seedDemo(database, { now: new Date(), brand: "Electrica", simulator: false });
// The demo index may already seed the catalogues; only add them when it does not.
const [{ n: seeded }] = await getDb().select({ n: sql<number>`count(*)`.mapWith(Number) }).from(catalogs);
if (seeded === 0) {
  await database.db.transaction((tx) => seedCatalogs({ tx, clock: new DemoClock(new Date()), brand: "Electrica", users: {} as SeedUsers }));
}

type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;
type FormOut = { data: { form: CatalogFormState }; init: { status: number } };
type Fields = Array<[string, string | File]>;

let seq = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${++seq}`;

function formOf(fields: Fields) {
  const fd = new FormData();
  for (const [k, v] of fields) fd.append(k, v);
  return fd;
}
function call(handler: Handler, path: string, cookie: string | undefined, opts: { params?: Record<string, string>; form?: FormData } = {}) {
  return settle(() => handler({ request: makeRequest(path, { cookie, form: opts.form }), params: opts.params ?? {}, context: {} }));
}
const listOf = (cookie: string | undefined, query = "") => call(list.loader as Handler, `/catalogs${query}`, cookie) as Promise<CatalogListData | Response>;
const open = (id: string | number, cookie: string) => call(editRoute.loader as Handler, `/catalogs/${id}`, cookie, { params: { catalogId: String(id) } });
const create = (fields: Fields, cookie: string, query = "") => call(createRoute.action as Handler, `/catalogs/new${query}`, cookie, { form: formOf(fields) });
const update = (id: string | number, fields: Fields, cookie: string) =>
  call(editRoute.action as Handler, `/catalogs/${id}`, cookie, { params: { catalogId: String(id) }, form: formOf(fields) });
const confirm = (id: string | number, cookie: string) => call(deleteRoute.loader as Handler, `/catalogs/${id}/delete`, cookie, { params: { catalogId: String(id) } });
const remove = (id: string | number, cookie: string, query = "") =>
  call(deleteRoute.action as Handler, `/catalogs/${id}/delete${query}`, cookie, { params: { catalogId: String(id) }, form: new FormData() });

function location(res: unknown) {
  expect(res).toBeInstanceOf(Response);
  return (res as Response).headers.get("Location");
}
const status = (res: unknown) => (res instanceof Response ? res.status : (res as FormOut).init.status);
const stateOf = (res: unknown) => (res as FormOut).data.form;
async function toastOf(res: unknown) {
  const cookie = ((res as Response).headers.get("Set-Cookie") ?? "").split(";")[0];
  return (await readToast(new Request("http://localhost/", { headers: { cookie } }))).toast;
}
const catalogNamed = async (title: string) => (await getDb().select().from(catalogs).where(eq(catalogs.title, title)))[0];
const auditOf = (id: number) =>
  getDb()
    .select()
    .from(auditLog)
    .where(eq(auditLog.identifier, String(id)))
    .then((rows) => rows.filter((r) => r.tags.includes("catalogs")));

async function png(name: string, width: number, height: number) {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 20 } } }).png().toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: "image/png" });
}

/** The form as the dialog posts it, from a state it drew. */
function carried(state: CatalogFormState): Fields {
  const out: Fields = [["title", state.title], ["newSubtitle", state.newSubtitle]];
  for (const img of state.images) out.push(["imageFileId", img.fileId], ["imageAlt", img.alt]);
  state.subtitles.forEach((s, i) => {
    out.push(["subtitleTitle", s.title], [`q.${i}`, s.q]);
    for (const p of s.products) out.push([`product.${i}`, p.id], [`qty.${i}`, String(p.qty)]);
  });
  return out;
}
const withField = (fields: Fields, name: string, value: string | File): Fields => [...fields.filter(([k]) => k !== name), [name, value]];

const skus = DEMO_CATALOGS[0].subtitles[0].products.map(([id]) => id);

describe("access", () => {
  it("lets Admin, Developer, MercadoLibre Manager and Inventory in", async () => {
    for (const role of ["admin", "developer", "ml_manager", "inventory"] as const) {
      const { cookie } = await loginAs(role);
      const data = (await listOf(cookie)) as CatalogListData;
      expect(data.total, role).toBeGreaterThanOrEqual(DEMO_CATALOGS.length);
      const fresh = (await call(createRoute.loader as Handler, "/catalogs/new", cookie)) as { catalog: null; form: CatalogFormState };
      expect(fresh.form).toMatchObject({ title: "", images: [], subtitles: [] });
    }
  });

  it("sends other roles to their home and writes nothing", async () => {
    const [first] = await getDb().select().from(catalogs).orderBy(catalogs.id).limit(1);
    for (const [role, home] of [["cajero", "/pdv"], ["surtido", "/surtido"], ["shop_manager", "/products"]] as const) {
      const { cookie } = await loginAs(role);
      expect(location(await listOf(cookie)), role).toBe(home);
      expect(location(await open(first.id, cookie)), role).toBe(home);
      expect(location(await create([["intent", "save"], ["title", unique("Intruso")]], cookie)), role).toBe(home);
      expect(location(await update(first.id, [["intent", "save"], ["title", unique("Intruso")]], cookie)), role).toBe(home);
      expect(location(await remove(first.id, cookie)), role).toBe(home);
    }
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
    await getDb().insert(catalogs).values(Array.from({ length: 23 }, (_, i) => ({ title: `${tag} ${String(i).padStart(2, "0")}` })));
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
    await getDb().delete(catalogs).where(like(catalogs.title, `${tag}%`));
  });

  it("has bench lines that read what the loader shows", async () => {
    const { cookie } = await loginAs("admin");
    for (const line of CATALOG_LISTS) {
      const data = (await listOf(cookie, line.query ? `?${line.query}` : "")) as CatalogListData | Response;
      if (data instanceof Response) continue;
      const raw = await database.query<{ id: number; subtitle_count: number | string; product_count: number | string }>(line.sql!, line.params ?? []);
      expect(raw.map((r) => [r.id, Number(r.subtitle_count), Number(r.product_count)]), line.query).toEqual(data.rows.map((r) => [r.id, r.subtitleCount, r.productCount]));
    }
  });
});

describe("the dialog", () => {
  it("ignores the add buttons while the title is empty", async () => {
    const { cookie } = await loginAs("inventory");
    const res = await create([["title", " "], ["intent", "add-subtitle"], ["newSubtitle", "Focos"]], cookie);
    expect(status(res)).toBe(200);
    expect(stateOf(res).subtitles).toEqual([]);
    const withOne = await create([["title", ""], ["subtitleTitle", "Focos"], ["add.0", skus[0]]], cookie);
    expect(stateOf(withOne).subtitles[0].products).toEqual([]);
  });

  it("creates a catalogue with a subtitle and products, through the buttons, with an audit entry", async () => {
    const { cookie, user } = await loginAs("inventory");
    const title = unique("Catálogo prueba");
    let state = stateOf(await create([["title", title], ["intent", "add-subtitle"], ["newSubtitle", "Focos LED"]], cookie));
    expect(state.subtitles.map((s) => s.title)).toEqual(["Focos LED"]);
    expect(state.newSubtitle).toBe("");
    state = stateOf(await create(withField(carried(state), "q.0", skus[0]), cookie));
    expect(state.subtitles[0].results?.map((r) => r.id)).toContain(skus[0]);
    state = stateOf(await create([...carried(state), ["add.0", skus[0]]], cookie));
    state = stateOf(await create([...carried(state), ["add.0", skus[1]]], cookie));
    state = stateOf(await create([...carried(state), ["add.0", skus[1]]], cookie));
    expect(state.subtitles[0].products.map((p) => [p.id, p.qty])).toEqual([[skus[0], 1], [skus[1], 2]]);
    state = stateOf(await create([...carried(state), ["up.0", "1"]], cookie));
    expect(state.subtitles[0].products.map((p) => p.id)).toEqual([skus[1], skus[0]]);
    expect(await catalogNamed(title)).toBeUndefined();

    const saved = await create([...carried(state), ["intent", "save"]], cookie, "?page=1");
    expect(location(saved)).toBe("/catalogs?page=1");
    expect(await toastOf(saved)).toMatchObject({ title: "Catálogo guardado", message: "Información agregada/actualizada exitosamente" });
    const row = await catalogNamed(title);
    expect(row.subtitles).toEqual([{ title: "Focos LED", products: [{ id: skus[1], qty: 2 }, { id: skus[0], qty: 1 }] }]);
    const [entry] = await auditOf(row.id);
    expect(entry).toMatchObject({ type: "create", userId: user.id, message: `Catálogo creado: ${title}` });
  });

  it("refuses a save without a title or with a bad quantity, keeping the state", async () => {
    const { cookie } = await loginAs("admin");
    const res = await create([["title", ""], ["subtitleTitle", "A"], ["product.0", skus[0]], ["qty.0", "0"], ["intent", "save"]], cookie);
    expect(status(res)).toBe(400);
    expect(stateOf(res).errors.title).toEqual(["Ingresa el título del catálogo"]);
    expect(stateOf(res).errors.subtitles).toContain("Cantidad: ingresa un número entero mayor o igual a 1");
    expect(stateOf(res).subtitles[0].products.map((p) => p.id)).toEqual([skus[0]]);
  });

  it("uploads a 1800x600 image with its 1200 copy, refuses a smaller one keeping the rest, keeps alt texts, removes an image", async () => {
    const { cookie } = await loginAs("developer");
    const title = unique("Con imágenes");
    const name = `${unique("portada").replace(/\s/g, "-")}.png`;
    let res = await create([["title", title], ["subtitleTitle", "Focos"], ["product.0", skus[0]], ["qty.0", "2"], ["intent", "upload"], ["imageUpload", await png(name, 1800, 600)]], cookie);
    expect(status(res)).toBe(200);
    let state = stateOf(res);
    expect(state.images).toHaveLength(1);
    expect(state.images[0]).toMatchObject({ name, origin: "upload", alt: "" });
    const [file] = await getDb().select().from(files).where(eq(files.id, state.images[0].fileId));
    expect(file.variants).toEqual([expect.objectContaining({ name: "1200", width: 1200, height: 400 })]);

    const small = `${unique("chica").replace(/\s/g, "-")}.png`;
    const fields = withField(carried(state), "imageAlt", "Portada del catálogo");
    res = await create([...fields, ["intent", "upload"], ["imageUpload", await png(small, 1500, 1500)]], cookie);
    expect(status(res)).toBe(400);
    state = stateOf(res);
    expect(state.imageError).toEqual({ title: "Imagen no válida", message: "Lo sentimos, la imagen no cumple con las dimensiones mínimas (1800x600)" });
    expect(state.images.map((i) => i.alt)).toEqual(["Portada del catálogo"]);
    expect(state.subtitles[0].products.map((p) => [p.id, p.qty])).toEqual([[skus[0], 2]]);
    expect(state.title).toBe(title);

    res = await create([...carried(state), ["intent", "upload"], ["imageUpload", await png(name, 1800, 600)]], cookie);
    expect(stateOf(res).imageError).toEqual({ title: "Imagen ya existente", message: `Error al guardar, la imagen ${name} ya existe.` });

    const second = `${unique("segunda").replace(/\s/g, "-")}.png`;
    state = stateOf(await create([...carried(state), ["intent", "upload"], ["imageUpload", await png(second, 2000, 700)]], cookie));
    expect(state.images.map((i) => i.name)).toEqual([name, second]);
    state = stateOf(await create([...carried(state), ["removeImage", "1"]], cookie));
    expect(state.images.map((i) => i.name)).toEqual([name]);

    const saved = await create([...carried(state), ["intent", "save"]], cookie);
    expect(location(saved)).toBe("/catalogs");
    const row = await catalogNamed(title);
    expect(row.images).toEqual([{ fileId: file.id, url: `/files/${file.id}`, name, origin: "upload", alt: "Portada del catálogo" }]);
  });

  it("drops a forged image id", async () => {
    const { cookie } = await loginAs("admin");
    const res = await create([["title", "x"], ["imageFileId", "33333333-3333-4333-8333-333333333333"], ["imageAlt", "x"]], cookie);
    expect(stateOf(res).images).toEqual([]);
  });

  it("opens and updates a catalogue, with the changes audited", async () => {
    const { cookie } = await loginAs("ml_manager");
    const row = await catalogNamed("Protección y control");
    const opened = (await open(row.id, cookie)) as { catalog: { id: number }; form: CatalogFormState };
    expect(opened.form.title).toBe("Protección y control");
    expect(opened.form.subtitles.map((s) => s.title)).toEqual(DEMO_CATALOGS[1].subtitles.map((s) => s.title));
    expect(opened.form.subtitles[0].products[0].name).toBeTruthy();
    const title = unique("Protección");
    let state = stateOf(await update(row.id, [...withField(carried(opened.form), "title", title), ["removeSubtitle", "0"]], cookie));
    expect(state.subtitles.map((s) => s.title)).toEqual([DEMO_CATALOGS[1].subtitles[1].title]);
    const saved = await update(row.id, [...carried(state), ["intent", "save"]], cookie);
    expect(location(saved)).toBe("/catalogs");
    const after = (await getDb().select().from(catalogs).where(eq(catalogs.id, row.id)))[0];
    expect(after.title).toBe(title);
    expect(after.subtitles).toHaveLength(1);
    const entry = (await auditOf(row.id)).find((e) => e.type === "update")!;
    expect(Object.keys((entry.detail as { changes: object }).changes).sort()).toEqual(["subtitles", "title"]);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const { cookie } = await loginAs("admin");
    for (const id of ["999999", "abc"]) {
      expect(status(await open(id, cookie))).toBe(404);
      expect(status(await update(id, [["intent", "save"], ["title", "x"]], cookie))).toBe(404);
      expect(status(await confirm(id, cookie))).toBe(404);
    }
  });
});

describe("delete", () => {
  it("is refused to Inventory and MercadoLibre Manager, and changes nothing", async () => {
    const { cookie: admin } = await loginAs("admin");
    const title = unique("Borrar no");
    await create([["title", title], ["intent", "save"]], admin);
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
    await create([["title", title], ["subtitleTitle", "A"], ["product.0", skus[0]], ["qty.0", "1"], ["intent", "save"]], cookie);
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
