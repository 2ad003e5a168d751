import { describe, expect, it } from "vitest";
import { and, eq, like } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { auditLog, storeLocations } from "../../server/db/schema";
import type { SeedUsers } from "../../server/db/seed/demo/context";
import { DEMO_BRANCHES, seedShopContent } from "../../server/db/seed/demo/shop-content";
import { DemoClock } from "../../server/db/seed/demo/time";
import type { LocationListData } from "~/modules/content/locations";
import * as list from "~/routes/shop/locations";
import * as createRoute from "~/routes/shop/locations.new";
import * as editRoute from "~/routes/shop/locations.$locationId";
import * as deleteRoute from "~/routes/shop/locations.$locationId.delete";
import { CONTENT_LISTS } from "../../bench/lists/content";
import { useTestDatabase } from "../helpers/db";
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
 * The browser's checks the dialog gets from its loader: Sucursal and Dirección required, each text at
 * most its field's length (the dialog's limits: name 120, schedule 500, phones 30, address 300, maps
 * URL 2000; the spec gives none), nothing on the switch and the coordinates (decimal text, checked by
 * the server).
 */
const LOCATION_CONSTRAINT = {
  name: { required: true, minLength: 1, maxLength: 120 },
  schedule: { maxLength: 500 },
  phone: { maxLength: 30 },
  whatsapp: { maxLength: 30 },
  address: { required: true, minLength: 1, maxLength: 300 },
  url: { maxLength: 2000 },
  isActive: {},
  latitude: {},
  longitude: {},
};

const database = await useTestDatabase();
await database.db.transaction((tx) =>
  seedShopContent({ tx, clock: new DemoClock(new Date()), brand: "Electrica", users: {} as SeedUsers }),
);

type Reply = { status?: string; error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null };
type ActionOut = { data: { result: Reply }; init: { status: number } };

const routes = contentRoutes(
  "/locations",
  "locationId",
  { list, create: createRoute, edit: editRoute, remove: deleteRoute },
  (form: Record<string, string>) => form,
);
const { open, create, update, confirm, remove } = routes;
const listOf = (query: string, cookie: string) => routes.listOf(query, cookie) as Promise<LocationListData | Response>;
async function rowNamed(name: string) {
  const [row] = await getDb().select().from(storeLocations).where(eq(storeLocations.name, name));
  return row;
}
const auditOf = (id: number) => auditOfTag(id, "locations");

const valid = (name: string) => ({
  name,
  schedule: "Lunes a viernes 9:00–18:00",
  phone: "55 1234 5678",
  whatsapp: "(55) 8765-4321",
  address: "Av. Insurgentes Sur 1000, Col. del Valle, CDMX",
  url: "https://maps.app.goo.gl/abc",
  isActive: "on",
  latitude: "19.3735",
  longitude: "-99.1781",
});

describe("access", () => {
  it("lets Admin, Developer and MercadoLibre Manager in", async () => {
    for (const role of ["admin", "developer", "ml_manager"] as const) {
      const { cookie } = await loginAs(role);
      const data = (await listOf("", cookie)) as LocationListData;
      expect(data.total, role).toBe(DEMO_BRANCHES.length);
      expect(await call(createRoute.loader as Handler, "/locations/new", cookie)).toEqual({
        location: null,
        constraint: LOCATION_CONSTRAINT,
      });
    }
  });

  it("sends other roles to their home, for loaders and actions, and writes nothing", async () => {
    const [first] = await getDb().select().from(storeLocations).limit(1);
    await expectEveryCallSendsHome(
      routes,
      [
        ["inventory", "/products"],
        ["shop_manager", "/products"],
        ["cajero", "/pdv"],
        ["surtido", "/surtido"],
      ],
      first.id,
      () => valid(unique("Intrusa")),
    );
    expect(await rowNamed(first.name)).toBeTruthy();
    expect(await getDb().select().from(storeLocations).where(like(storeLocations.name, "Intrusa%"))).toEqual([]);
  });

  it("sends anonymous visitors to sign in, keeping where they were going", async () => {
    expect(location(await listOf("?page=2", undefined as unknown as string))).toBe(
      `/login?redirectTo=${encodeURIComponent("/locations?page=2")}`,
    );
  });
});

describe("list", () => {
  it("shows the branches newest first with their status", async () => {
    const { cookie } = await loginAs("admin");
    const data = (await listOf("", cookie)) as LocationListData;
    expect(data.rows.map((r) => r.id)).toEqual([...data.rows.map((r) => r.id)].sort((a, b) => b - a));
    expect(data.rows.map((r) => r.name).reverse()).toEqual(DEMO_BRANCHES.map((b) => b.name));
    expect(data.rows.filter((r) => !r.isActive).map((r) => r.name)).toEqual(["Bodega Querétaro (cerrada por remodelación)"]);
    expect(data).toMatchObject({ page: 1, pageSize: 20 });
  });

  it("searches name or address, trimmed, ignoring case and accents", async () => {
    const { cookie } = await loginAs("developer");
    const byName = (await listOf("?search=%20%20MONTERREY%20", cookie)) as LocationListData;
    expect(byName.rows.map((r) => r.name)).toEqual(["Sucursal Monterrey"]);
    expect(byName.query.search).toBe("MONTERREY");
    const byAddress = (await listOf("?search=federalismo", cookie)) as LocationListData;
    expect(byAddress.rows.map((r) => r.name)).toEqual(["Sucursal Guadalajara"]);
    const folded = (await listOf("?search=queretaro", cookie)) as LocationListData;
    expect(folded.rows.map((r) => r.name)).toEqual(["Bodega Querétaro (cerrada por remodelación)"]);
    const literal = (await listOf("?search=%25", cookie)) as LocationListData;
    expect(literal.total).toBe(0);
  });

  it("filters by status and ignores an unknown status", async () => {
    const { cookie } = await loginAs("ml_manager");
    const active = (await listOf("?location_status_filter=active", cookie)) as LocationListData;
    expect(active.total).toBe(5);
    expect(active.rows.every((r) => r.isActive)).toBe(true);
    const inactive = (await listOf("?location_status_filter=inactive", cookie)) as LocationListData;
    expect(inactive.rows.map((r) => r.isActive)).toEqual([false]);
    const bad = (await listOf("?location_status_filter=todas&page=abc", cookie)) as LocationListData;
    expect(bad).toMatchObject({ total: DEMO_BRANCHES.length, page: 1, query: { location_status_filter: undefined } });
    const both = (await listOf("?search=sucursal&location_status_filter=inactive", cookie)) as LocationListData;
    expect(both.total).toBe(0);
  });

  it("pages by 20 in the database and sends a page past the end to the last one", async () => {
    const { cookie } = await loginAs("admin");
    const tag = `zpag${Date.now().toString(36)}`;
    await getDb()
      .insert(storeLocations)
      .values(Array.from({ length: 25 }, (_, i) => ({ name: `${tag} ${String(i).padStart(2, "0")}`, address: "Calle 1" })));
    const first = (await listOf(`?search=${tag}`, cookie)) as LocationListData;
    expect(first).toMatchObject({ total: 25, page: 1, pageSize: 20 });
    expect(first.rows[0].name).toBe(`${tag} 24`);
    const second = (await listOf(`?search=${tag}&page=2`, cookie)) as LocationListData;
    expect(second.rows.map((r) => r.name)).toEqual([4, 3, 2, 1, 0].map((i) => `${tag} 0${i}`));
    expect(location(await listOf(`?search=${tag}&page=9`, cookie))).toBe(`/locations?search=${tag}&page=2`);
    await getDb()
      .delete(storeLocations)
      .where(like(storeLocations.name, `${tag}%`));
  });

  it("the bench's raw SQL returns the rows its loader shows", async () => {
    const { cookie } = await loginAs("admin");
    await expectBenchMatchesLoader(
      CONTENT_LISTS,
      "/locations",
      (sql, params) => database.query(sql, params),
      (query) => listOf(query, cookie),
    );
  });
});

describe("create and update", () => {
  it("creates a branch, audits it and goes back to the list with its query and the toast", async () => {
    const { cookie, user } = await loginAs("ml_manager");
    const name = unique("Sucursal Coyoacán");
    const res = await create({ ...valid(`  ${name} `) }, cookie, "?search=suc&page=1");
    expect(status(res)).toBe(302);
    expect(location(res)).toBe("/locations?search=suc&page=1");
    expect(await toastOf(res)).toMatchObject({
      title: "Obteniendo información",
      message: "Información agregada/actualizada exitosamente",
      variant: "success",
    });
    const row = await rowNamed(name);
    expect(row).toMatchObject({
      schedule: "Lunes a viernes 9:00–18:00",
      phone: "55 1234 5678",
      whatsapp: "(55) 8765-4321",
      url: "https://maps.app.goo.gl/abc",
      isActive: true,
      geolocation: { lat: 19.3735, lng: -99.1781 },
    });
    const [entry] = await auditOf(row.id);
    expect(entry).toMatchObject({ type: "create", userId: user.id, message: `Ubicación creada: ${name}` });
    expect(entry.tags).toEqual(["content", "locations"]);
  });

  it("opens an existing branch and updates it: unchecked switch is inactive, empty coordinates clear the geolocation", async () => {
    const { cookie, user } = await loginAs("admin");
    const name = unique("Sucursal Toluca");
    await create(valid(name), cookie);
    const row = await rowNamed(name);
    const opened = (await open(row.id, cookie)) as { location: { name: string; geolocation: unknown }; constraint: unknown };
    expect(opened.location).toMatchObject({ name, geolocation: { lat: 19.3735, lng: -99.1781 } });
    expect(opened.constraint).toEqual(LOCATION_CONSTRAINT);

    const { isActive: _on, latitude: _lat, longitude: _lng, ...rest } = valid(`${name} Centro`);
    const res = await update(row.id, { ...rest, phone: "" }, cookie, "?location_status_filter=active");
    expect(location(res)).toBe("/locations?location_status_filter=active");
    expect(await toastOf(res)).toMatchObject({ title: "Obteniendo información", message: "Información agregada/actualizada exitosamente" });
    const after = (await getDb().select().from(storeLocations).where(eq(storeLocations.id, row.id)))[0];
    expect(after).toMatchObject({ name: `${name} Centro`, phone: "", isActive: false, geolocation: null });
    expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(row.updatedAt.getTime());
    const entry = (await auditOf(row.id)).find((e) => e.type === "update")!;
    expect(entry.userId).toBe(user.id);
    expect((entry.detail as { changes: Record<string, unknown> }).changes).toMatchObject({
      name: { from: name, to: `${name} Centro` },
      phone: { from: "55 1234 5678", to: "" },
      isActive: { from: true, to: false },
      geolocation: { from: { lat: 19.3735, lng: -99.1781 }, to: null },
    });
    expect(Object.keys((entry.detail as { changes: object }).changes)).not.toContain("address");
  });

  it("refuses bad input with 400, Spanish messages and the typed values back", async () => {
    const { cookie } = await loginAs("admin");
    const name = unique("Sucursal Mala");
    const res = (await create(
      { ...valid(name), phone: "55 1234", url: "maps.google.com", address: " ", latitude: "19.4", longitude: "" },
      cookie,
    )) as ActionOut;
    expect(status(res)).toBe(400);
    expect(res.data.result.error).toMatchObject({
      phone: ["Debe tener 10 dígitos"],
      url: ["Ingresa una dirección que empiece con http:// o https://"],
      address: ["Ingresa la dirección"],
      longitude: ["Ingresa también la longitud"],
    });
    expect(res.data.result.initialValue).toMatchObject({
      name,
      phone: "55 1234",
      url: "maps.google.com",
      schedule: "Lunes a viernes 9:00–18:00",
      isActive: "on",
    });
    expect(await rowNamed(name)).toBeUndefined();
  });

  it("answers 404 for unknown or non-numeric ids", async () => {
    const { cookie } = await loginAs("admin");
    await expectEveryDialogAnswers404(routes, ["999999", "abc", "0", "1.5"], () => valid(unique("Nada")), cookie);
  });
});

describe("delete", () => {
  it("confirms, deletes, audits and goes back to the list with its query", async () => {
    const { cookie, user } = await loginAs("developer");
    const name = unique("Sucursal Borrar");
    await create(valid(name), cookie);
    const row = await rowNamed(name);
    const confirmation = (await confirm(row.id, cookie)) as { location: { id: number; name: string } };
    expect(confirmation.location).toMatchObject({ id: row.id, name });
    const res = await remove(row.id, cookie, "?page=1&search=borrar");
    expect(location(res)).toBe("/locations?page=1&search=borrar");
    expect(await toastOf(res)).toMatchObject({ title: "Ubicación eliminada", message: "Se ha eliminado exitosamente", variant: "success" });
    expect(await rowNamed(name)).toBeUndefined();
    const entry = (await auditOf(row.id)).find((e) => e.type === "delete")!;
    expect(entry).toMatchObject({ userId: user.id, message: `Ubicación eliminada: ${name}` });
    expect(entry.detail).toMatchObject({ name, phone: "55 1234 5678" });
    expect(status(await remove(row.id, cookie))).toBe(404);
    expect(
      await getDb()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.identifier, String(row.id)), eq(auditLog.type, "delete"))),
    ).toHaveLength(1);
  });
});
