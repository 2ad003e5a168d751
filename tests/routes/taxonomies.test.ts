import { describe, expect, it } from "vitest";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { applications, auditLog, products, sectors } from "../../server/db/schema";
import type { SimpleTaxonomy, TaxonomyListData } from "~/modules/catalog/simple-taxonomy";
import * as sectorList from "~/routes/taxonomies/product-sectors";
import * as sectorNew from "~/routes/taxonomies/product-sectors.new";
import * as sectorEdit from "~/routes/taxonomies/product-sectors.$sectorId";
import * as sectorDelete from "~/routes/taxonomies/product-sectors.$sectorId.delete";
import * as applicationList from "~/routes/taxonomies/product-applications";
import * as applicationNew from "~/routes/taxonomies/product-applications.new";
import * as applicationEdit from "~/routes/taxonomies/product-applications.$applicationId";
import * as applicationDelete from "~/routes/taxonomies/product-applications.$applicationId.delete";
import { TAXONOMY_LISTS } from "../../bench/lists/taxonomies";
import { useTestDatabase } from "../helpers/db";
import { loginAs } from "../helpers/auth";
import { callRoute, statusOf, taxonomyHandlers, toastOf } from "../helpers/catalog-routes";
import { uniqueName as unique } from "../helpers/content-routes";
import { expectRolesSentHome } from "../helpers/sent-home";

/** The name field's browser checks that the dialog receives (required, at most 100 characters: spec 2 §2). */
const NAME_CONSTRAINT = { name: { required: true, minLength: 1, maxLength: 100 } };

const database = await useTestDatabase({ demo: true });

type Reply = { status?: string; error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null };
type ActionOut = { data: { result: Reply }; init: { status: number } };

/** The two route sets, driven through the same table so each rule is checked for both. */
const KINDS = {
  sectors: {
    path: "/product-sectors",
    param: "sectorId",
    table: sectors,
    productColumn: products.sectorId,
    ...taxonomyHandlers({ list: sectorList, create: sectorNew, edit: sectorEdit, remove: sectorDelete }),
    existing: "Residencial",
    equivalent: ["HOTELERIA.", "Hotelería"],
    taken: "Ya existe un sector con ese nombre.",
    created: "Sector creado",
    updated: "Sector actualizado",
    deleted: "Sector",
  },
  applications: {
    path: "/product-applications",
    param: "applicationId",
    table: applications as unknown as typeof sectors,
    productColumn: products.applicationId,
    ...taxonomyHandlers({ list: applicationList, create: applicationNew, edit: applicationEdit, remove: applicationDelete }),
    existing: "Protección de circuitos",
    equivalent: ["Proteccion_de_circuitos", "Protección de circuitos"],
    taken: "Ya existe una aplicación con ese nombre.",
    created: "Aplicación creada",
    updated: "Aplicación actualizada",
    deleted: "Aplicación",
  },
} as const;
const BOTH = Object.keys(KINDS) as SimpleTaxonomy[];

const list = (kind: SimpleTaxonomy, query: string, cookie: string) =>
  callRoute(KINDS[kind].list, `${KINDS[kind].path}${query}`, cookie) as Promise<TaxonomyListData | Response>;
const idParams = (kind: SimpleTaxonomy, id: number | string) => ({ [KINDS[kind].param]: String(id) });

function create(kind: SimpleTaxonomy, name: string, cookie: string, query = "") {
  return callRoute(KINDS[kind].create, `${KINDS[kind].path}/new${query}`, cookie, { form: { name } });
}
function update(kind: SimpleTaxonomy, id: number | string, name: string, cookie: string, query = "") {
  return callRoute(KINDS[kind].update, `${KINDS[kind].path}/${id}${query}`, cookie, { params: idParams(kind, id), form: { name } });
}
function open(kind: SimpleTaxonomy, id: number | string, cookie: string) {
  return callRoute(KINDS[kind].open, `${KINDS[kind].path}/${id}`, cookie, { params: idParams(kind, id) });
}
function confirm(kind: SimpleTaxonomy, id: number | string, cookie: string, query = "") {
  return callRoute(KINDS[kind].confirm, `${KINDS[kind].path}/${id}/delete${query}`, cookie, { params: idParams(kind, id) });
}
function remove(kind: SimpleTaxonomy, id: number | string, cookie: string, query = "") {
  return callRoute(KINDS[kind].remove, `${KINDS[kind].path}/${id}/delete${query}`, cookie, { params: idParams(kind, id), form: {} });
}

function location(res: unknown) {
  expect(res).toBeInstanceOf(Response);
  return (res as Response).headers.get("Location");
}
async function rowNamed(kind: SimpleTaxonomy, name: string) {
  const { table } = KINDS[kind];
  const [row] = await getDb().select().from(table).where(eq(table.name, name));
  return row;
}
async function auditOf(kind: SimpleTaxonomy, id: number) {
  return getDb()
    .select()
    .from(auditLog)
    .where(eq(auditLog.identifier, String(id)))
    .then((rows) => rows.filter((r) => r.tags.includes(kind)));
}

describe.each(BOTH)("%s access", (kind) => {
  const k = KINDS[kind];

  it("lets Admin, Developer, MercadoLibre Manager and Inventory in", async () => {
    for (const role of ["admin", "developer", "ml_manager", "inventory"] as const) {
      const { cookie } = await loginAs(role);
      const data = (await list(kind, "", cookie)) as TaxonomyListData;
      expect(data.total, role).toBeGreaterThan(0);
      expect(await callRoute(k.newLoader, `${k.path}/new`, cookie)).toEqual({ item: null, constraint: NAME_CONSTRAINT });
      expect(data.canDelete, role).toBe(role === "admin" || role === "developer");
    }
  });

  it("sends other roles to their home, for loaders and actions", async () => {
    const homes = {
      practicante: "/products",
      shop_manager: "/products",
      iluminacion: "/products",
      cajero: "/pdv",
      surtido: "/surtido",
    } as const;
    const [first] = await getDb().select().from(k.table).limit(1);
    await expectRolesSentHome(Object.entries(homes) as Array<[keyof typeof homes, string]>, {
      list: ({ cookie }) => list(kind, "", cookie),
      open: ({ cookie }) => open(kind, first.id, cookie),
      create: ({ cookie }) => create(kind, unique("Intruso"), cookie),
      update: ({ cookie }) => update(kind, first.id, unique("Intruso"), cookie),
      remove: ({ cookie }) => remove(kind, first.id, cookie),
    });
    expect(await rowNamed(kind, first.name)).toBeTruthy();
  });

  it("sends anonymous visitors to sign in, keeping where they were going", async () => {
    expect(location(await list(kind, "?page=2", undefined as unknown as string))).toBe(
      `/login?redirectTo=${encodeURIComponent(`${k.path}?page=2`)}`,
    );
  });
});

describe("lists", () => {
  it("show the seeded sectors sorted by name, with the total", async () => {
    const { cookie } = await loginAs("admin");
    const data = (await list("sectors", "", cookie)) as TaxonomyListData;
    expect(data.total).toBe(6);
    expect(data.rows.map((r) => r.name)).toEqual([
      "Agroindustrial",
      "Comercial",
      "Hotelería",
      "Industrial",
      "Infraestructura",
      "Residencial",
    ]);
    expect(data.rows.find((r) => r.name === "Hotelería")).toMatchObject({ slug: "hoteleria" });
  });

  it("search trims, ignores case and accents, and is a substring of the name", async () => {
    const { cookie } = await loginAs("inventory");
    const upper = (await list("applications", "?search=%20%20ILUMINACI%C3%93N%20", cookie)) as TaxonomyListData;
    expect(upper.rows.map((r) => r.name).sort()).toEqual(["Iluminación exterior", "Iluminación interior"]);
    expect(upper.query.search).toBe("ILUMINACIÓN");
    const plain = (await list("applications", "?search=iluminacion", cookie)) as TaxonomyListData;
    expect(plain.total).toBe(2);
    const inside = (await list("sectors", "?search=DUSTRI", cookie)) as TaxonomyListData;
    expect(inside.rows.map((r) => r.name)).toEqual(["Agroindustrial", "Industrial"]);
    const none = (await list("sectors", "?search=%25", cookie)) as TaxonomyListData;
    expect(none.total).toBe(0);
    expect(none.rows).toEqual([]);
  });

  it("sorts by id or name in either direction", async () => {
    const { cookie } = await loginAs("admin");
    const byIdDesc = (await list("sectors", "?sortName=id&sortValue=desc", cookie)) as TaxonomyListData;
    const ids = byIdDesc.rows.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const byNameDesc = (await list("applications", "?sortName=name&sortValue=desc", cookie)) as TaxonomyListData;
    expect(byNameDesc.rows[0].name).toBe("Protección de circuitos");
    expect(byNameDesc.rows.at(-1)!.name).toBe("Canalización");
  });

  it("pages by 200 in the database (spec 9 'limit 200') and sends a page past the end to the last one", async () => {
    const { cookie } = await loginAs("admin");
    const tag = `zpag${Date.now().toString(36)}`;
    await getDb()
      .insert(sectors)
      .values(Array.from({ length: 205 }, (_, i) => ({ name: `${tag} ${String(i).padStart(3, "0")}`, slug: `${tag}-${i}` })));
    const first = (await list("sectors", `?search=${tag}`, cookie)) as TaxonomyListData;
    expect(first).toMatchObject({ total: 205, page: 1, pageSize: 200 });
    expect(first.rows).toHaveLength(200);
    const second = (await list("sectors", `?search=${tag}&page=2`, cookie)) as TaxonomyListData;
    expect(second.rows.map((r) => r.name)).toEqual([200, 201, 202, 203, 204].map((i) => `${tag} ${i}`));
    expect(location(await list("sectors", `?search=${tag}&sortName=id&page=7`, cookie))).toBe(
      `/product-sectors?search=${tag}&sortName=id&page=2`,
    );
    expect(location(await list("sectors", `?search=${tag}%20000&page=3`, cookie))).toBe(`/product-sectors?search=${tag}+000`);
    const empty = (await list("sectors", `?search=nada-${tag}&page=4`, cookie)) as TaxonomyListData;
    expect(empty).toMatchObject({ total: 0, rows: [] });
  });

  it("the bench's raw SQL returns the rows its loader shows", async () => {
    const { cookie } = await loginAs("admin");
    for (const line of TAXONOMY_LISTS) {
      const kind = line.route === "/product-sectors" ? "sectors" : "applications";
      const data = (await list(kind, line.query ? `?${line.query}` : "", cookie)) as TaxonomyListData;
      const raw = await database.query<{ id: number; total: number | string }>(line.sql!, line.params ?? []);
      expect(
        raw.map((r) => r.id),
        `${line.route}?${line.query}`,
      ).toEqual(data.rows.map((r) => r.id));
      expect(Number(raw[0]?.total ?? 0)).toBe(data.total);
      expect(data.total).toBeGreaterThan(0);
    }
  });

  it("falls back to defaults for malformed parameters", async () => {
    const { cookie } = await loginAs("admin");
    const data = (await list("sectors", "?page=abc&sortName=slug&sortValue=up", cookie)) as TaxonomyListData;
    expect(data.page).toBe(1);
    expect(data.query).toMatchObject({ sortName: undefined, sortValue: undefined, page: 1 });
    expect(data.rows[0].name).toBe("Agroindustrial");
  });
});

describe.each(BOTH)("%s create and update", (kind) => {
  const k = KINDS[kind];

  it("creates from a trimmed name, computes the slug, audits it and goes back to the list with its query", async () => {
    const { cookie, user } = await loginAs("ml_manager");
    const name = unique("Minería Ñandú &");
    const res = await create(kind, `   ${name}  `, cookie, "?search=min&page=1");
    expect(location(res)).toBe(`${k.path}?search=min&page=1`);
    expect(await toastOf(res)).toMatchObject({ title: k.created, message: "Se ha creado exitosamente", variant: "success" });
    const row = await rowNamed(kind, name);
    expect(row.slug).toMatch(/^mineria-nandu-[a-z0-9]+$/);
    const [entry] = await auditOf(kind, row.id);
    expect(entry).toMatchObject({ type: "create", userId: user.id, tags: ["catalog", kind], detail: { name, slug: row.slug } });
  });

  it("refuses a name already used, without regard to case or surrounding spaces", async () => {
    const { cookie } = await loginAs("admin");
    const before = await getDb().select().from(k.table);
    const res = (await create(kind, `  ${k.existing.toUpperCase()} `, cookie)) as unknown as ActionOut;
    expect(res.init.status).toBe(400);
    expect(res.data.result.error?.name).toEqual([k.taken]);
    expect(res.data.result.initialValue?.name).toBe(`  ${k.existing.toUpperCase()} `);
    expect(await getDb().select().from(k.table)).toHaveLength(before.length);
  });

  it("refuses a name that only differs in accents or punctuation (it would share the slug)", async () => {
    const { cookie } = await loginAs("admin");
    const [typed, other] = k.equivalent;
    const res = (await create(kind, typed, cookie)) as unknown as ActionOut;
    expect(res.init.status).toBe(400);
    expect(res.data.result.error?.name?.[0]).toMatch(
      new RegExp(`^Ya existe una? (sector|aplicación) con un nombre equivalente: «${other}»\\.$`),
    );
  });

  it("answers 400 with Spanish field errors and keeps what was typed", async () => {
    const { cookie } = await loginAs("admin");
    const empty = (await create(kind, "   ", cookie)) as unknown as ActionOut;
    expect(empty.init.status).toBe(400);
    expect(empty.data.result.error?.name).toEqual(["Ingresa el nombre"]);
    const long = "x".repeat(101);
    const tooLong = (await create(kind, long, cookie)) as unknown as ActionOut;
    expect(tooLong.data.result.error?.name).toEqual(["Nombre: máximo 100 caracteres"]);
    expect(tooLong.data.result.initialValue?.name).toBe(long);
    const symbols = (await create(kind, "¡¿?!", cookie)) as unknown as ActionOut;
    expect(symbols.data.result.error?.name).toEqual(["El nombre debe tener al menos una letra o un número"]);
    const [first] = await getDb().select().from(k.table).orderBy(k.table.id).limit(1);
    const bad = (await update(kind, first.id, "", cookie)) as unknown as ActionOut;
    expect(bad.init.status).toBe(400);
    expect((await open(kind, first.id, cookie)) as { item: { name: string } }).toMatchObject({ item: { name: first.name } });
  });

  it("renames, recomputing the slug; the same name in other case is not a clash with itself", async () => {
    const { cookie, user } = await loginAs("developer");
    const name = unique("Renombrar");
    await create(kind, name, cookie);
    const row = await rowNamed(kind, name);
    expect(await open(kind, row.id, cookie)).toEqual({ item: { id: row.id, name, slug: row.slug }, constraint: NAME_CONSTRAINT });

    const renamed = `${name} Acústica`;
    const res = await update(kind, row.id, renamed, cookie, "?sortName=id");
    expect(location(res)).toBe(`${k.path}?sortName=id`);
    expect(await toastOf(res)).toMatchObject({ title: k.updated, message: "Se ha actualizado exitosamente", variant: "success" });
    const [after] = await getDb().select().from(k.table).where(eq(k.table.id, row.id));
    expect(after).toMatchObject({ name: renamed, slug: `${row.slug}-acustica` });
    const entries = await auditOf(kind, row.id);
    expect(entries.map((e) => e.type)).toEqual(["create", "update"]);
    expect(entries[1]).toMatchObject({ userId: user.id, detail: { changes: { name: { from: name, to: renamed } } } });

    expect(location(await update(kind, row.id, renamed.toUpperCase(), cookie))).toBe(k.path);
    const taken = (await update(kind, row.id, k.existing, cookie)) as unknown as ActionOut;
    expect(taken.data.result.error?.name).toEqual([k.taken]);
  });

  it("answers 404 for an unknown or non-numeric id", async () => {
    const { cookie } = await loginAs("admin");
    for (const id of ["999999", "abc", "0", "-1", "1.5", "99999999999"]) {
      expect(statusOf(await open(kind, id, cookie)), id).toBe(404);
      expect(statusOf(await update(kind, id, unique("Nadie"), cookie)), id).toBe(404);
      expect(statusOf(await confirm(kind, id, cookie)), id).toBe(404);
      expect(statusOf(await remove(kind, id, cookie)), id).toBe(404);
    }
  });
});

describe.each(BOTH)("%s delete", (kind) => {
  const k = KINDS[kind];

  it("is refused to MercadoLibre Manager and Inventory, on the server, with a toast", async () => {
    const [used] = await getDb().select().from(k.table).where(eq(k.table.name, k.existing));
    for (const role of ["ml_manager", "inventory"] as const) {
      const { cookie } = await loginAs(role);
      const opened = await confirm(kind, used.id, cookie, "?page=1");
      expect(location(opened), role).toBe(`${k.path}?page=1`);
      expect(await toastOf(opened)).toMatchObject({ title: "Sin permiso", variant: "danger" });
      const posted = await remove(kind, used.id, cookie, "?page=1");
      expect(location(posted), role).toBe(`${k.path}?page=1`);
      expect(await toastOf(posted)).toMatchObject({ title: "Sin permiso" });
    }
    expect(await rowNamed(kind, k.existing)).toBeTruthy();
  });

  it("Admin deletes after the confirmation, which counts the products; they stay without the reference", async () => {
    const { cookie, user } = await loginAs("admin");
    const [item] = await getDb().select().from(k.table).where(eq(k.table.name, k.existing));
    const using = await getDb().select({ id: products.id }).from(products).where(eq(k.productColumn, item.id));
    expect(using.length).toBeGreaterThan(0);

    const dialog = (await confirm(kind, item.id, cookie)) as { item: { id: number; name: string }; productCount: number };
    expect(dialog).toEqual({ item: { id: item.id, name: item.name, slug: item.slug }, productCount: using.length });

    const res = await remove(kind, item.id, cookie, "?search=a");
    expect(location(res)).toBe(`${k.path}?search=a`);
    expect(await toastOf(res)).toMatchObject({ title: k.deleted, message: "Se ha eliminado exitosamente", variant: "success" });
    expect(await rowNamed(kind, k.existing)).toBeUndefined();

    const ids = using.map((p) => p.id);
    const kept = await getDb()
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, ids), isNull(k.productColumn)));
    expect(kept).toHaveLength(ids.length);

    const [entry] = (await auditOf(kind, item.id)).filter((e) => e.type === "delete");
    expect(entry).toMatchObject({ userId: user.id, tags: ["catalog", kind], detail: { name: k.existing, clearedProducts: ids.length } });

    expect(statusOf(await confirm(kind, item.id, cookie))).toBe(404);
    expect(statusOf(await remove(kind, item.id, cookie))).toBe(404);
  });

  it("Developer deletes an unused item; the confirmation says no product uses it", async () => {
    const { cookie } = await loginAs("developer");
    const name = unique("Sin uso");
    await create(kind, name, cookie);
    const row = await rowNamed(kind, name);
    expect(await confirm(kind, row.id, cookie)).toMatchObject({ productCount: 0 });
    expect(location(await remove(kind, row.id, cookie))).toBe(k.path);
    expect(await rowNamed(kind, name)).toBeUndefined();
  });
});
