import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { brands, categories, files, productProperties, products } from "../../server/db/schema";
import * as list from "~/routes/web-inventory/route";
import { filterOptions, treeOptions } from "~/modules/catalog/inventory.server";
import { useTestDatabase } from "../helpers/db";
import { loginAs, makeRequest } from "../helpers/auth";
import { routeArgs } from "../helpers/route-args";

/**
 * Inventario v3's list against a reference written from the rules (spec 2 'Inventory v3', decision
 * 0015): search in SKU, manufacturer key, name and descripcion1; brand; category (0 = none);
 * "Solo incompletos" = below 8 of 8; every sort either way then by SKU ascending (the SKU sort alone);
 * 20 a page; the total of the matches. Fixture texts are upper-case letters and digits, which sort
 * the same under any collation.
 */
const database = await useTestDatabase();
const { cookie } = await loginAs("inventory");

type Page = Awaited<ReturnType<typeof list.loader>>;
const listOf = async (query: string) =>
  (await list.loader(routeArgs({ request: makeRequest(`/web-inventory${query}`, { cookie }), params: {} }))) as Page;

const [c1, c2] = await getDb()
  .insert(categories)
  .values([
    { name: "LISTA C1", slug: "lista-c1" },
    { name: "LISTA C2", slug: "lista-c2" },
  ])
  .returning();
const [b1, b2] = await getDb()
  .insert(brands)
  .values([
    { name: "LISTA B1", slug: "lista-b1" },
    { name: "LISTA B2", slug: "lista-b2" },
  ])
  .returning();
const [sheet] = await getDb()
  .insert(files)
  .values({ filenameDisk: "ficha.pdf", filenameDownload: "ficha.pdf", mimeType: "application/pdf", size: 10 })
  .returning();

type Fixture = {
  id: string;
  manufacturerSku: string;
  name: string;
  stockTotal: number;
  brandId: number | null;
  categoryId: number | null;
  long: boolean;
  dims: boolean;
  gallery: boolean;
  sheet: boolean;
  ean: string;
  property: boolean;
};

const pad = (n: number) => String(n).padStart(2, "0");
const fixtures: Fixture[] = Array.from({ length: 30 }, (_, i) => ({
  id: `IL${pad(i)}`,
  manufacturerSku: `M${pad((i * 7) % 30)}`,
  name: ["ALFA", "BETA", "GAMMA"][i % 3],
  stockTotal: i % 4,
  brandId: i % 3 === 0 ? b1.id : i % 3 === 1 ? b2.id : null,
  categoryId: i % 5 === 0 ? null : i % 2 === 0 ? c1.id : c2.id,
  long: i % 2 === 0,
  dims: i % 3 !== 2,
  gallery: i % 4 === 0,
  sheet: i % 5 !== 1,
  ean: i % 2 === 0 ? `7500000000${pad(i)}` : "",
  property: i % 3 === 0,
}));

/** Decision 0015's eight points, counted from the fixture. */
const scoreOf = (f: Fixture) =>
  [f.gallery, f.sheet, f.long, f.dims, f.categoryId !== null, f.brandId !== null, f.ean !== "", f.property].filter(Boolean).length;

await getDb()
  .insert(products)
  .values(
    fixtures.map((f) => ({
      id: f.id,
      manufacturerSku: f.manufacturerSku,
      name: f.name,
      slug: f.id.toLowerCase(),
      stockTotal: f.stockTotal,
      brandId: f.brandId,
      categoryId: f.categoryId,
      description: f.long ? "X".repeat(200) : "corta",
      tall: f.dims ? 1 : 0,
      wide: f.dims ? 1 : 0,
      long: f.dims ? 1 : 0,
      weight: f.dims ? 1 : 0,
      gallery: f.gallery ? [1, 2, 3].map((n) => ({ fileId: `g${n}`, url: `/g${n}`, sort: n })) : [],
      dataSheetId: f.sheet ? sheet.id : null,
      eanUpc: f.ean || null,
    })),
  );
await getDb()
  .insert(productProperties)
  .values(fixtures.filter((f) => f.property).map((f) => ({ productId: f.id, name: "Polos", value: "1" })));

type Query = {
  search?: string;
  brand?: number;
  category?: number;
  incomplete?: boolean;
  sortName?: string;
  sortValue?: "asc" | "desc";
  page?: number;
};
const COLUMN: Record<string, (f: Fixture) => string | number> = {
  id: (f) => f.id,
  manufacturer_sku: (f) => f.manufacturerSku,
  stock: (f) => f.stockTotal,
  name: (f) => f.name,
  completeness: scoreOf,
};

function expected(q: Query) {
  const matches = fixtures.filter(
    (f) =>
      (!q.search || `${f.id} ${f.manufacturerSku} ${f.name}`.includes(q.search.toUpperCase())) &&
      (q.brand === undefined || f.brandId === q.brand) &&
      (q.category === undefined || f.categoryId === (q.category === 0 ? null : q.category)) &&
      (!q.incomplete || scoreOf(f) < 8),
  );
  const key = COLUMN[q.sortName ?? "id"];
  const dir = q.sortValue === "desc" ? -1 : 1;
  const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  const sorted = [...matches].sort((a, b) => dir * cmp(key(a), key(b)) || ((q.sortName ?? "id") === "id" ? 0 : cmp(a.id, b.id)));
  const page = q.page ?? 1;
  return { total: matches.length, ids: sorted.slice((page - 1) * 20, page * 20).map((f) => f.id) };
}

const urlOf = (q: Query) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== false) params.set(k, v === true ? "1" : String(v));
  const text = params.toString();
  return text ? `?${text}` : "";
};

async function expectSame(q: Query) {
  const page = await listOf(urlOf(q));
  const want = expected(q);
  expect({ total: page.total, ids: page.rows.map((r) => r.id) }, urlOf(q)).toEqual(want);
  for (const r of page.rows) expect(r.completeness, r.id).toBe(scoreOf(fixtures.find((f) => f.id === r.id)!));
}

const SORTS = ["id", "manufacturer_sku", "stock", "name", "completeness"] as const;

describe("/web-inventory: filters, sorts, pages and totals", () => {
  it("every sort either way, alone and within a brand, a category, 'Sin categoría' and 'Solo incompletos'", async () => {
    for (const sortName of SORTS) {
      for (const sortValue of ["asc", "desc"] as const) {
        await expectSame({ sortName, sortValue });
        await expectSame({ sortName, sortValue, page: 2 });
        await expectSame({ sortName, sortValue, brand: b1.id });
        await expectSame({ sortName, sortValue, category: c2.id });
        await expectSame({ sortName, sortValue, category: 0 });
        await expectSame({ sortName, sortValue, incomplete: true });
        await expectSame({ sortName, sortValue, incomplete: true, brand: b2.id });
      }
    }
  });

  it("searches, alone and with brand and category together, sorted", async () => {
    for (const sortName of SORTS) {
      await expectSame({ search: "alfa", sortName, sortValue: "desc" });
      await expectSame({ search: "il1", sortName });
      await expectSame({ brand: b1.id, category: c1.id, sortName, sortValue: "desc" });
      await expectSame({ search: "m", brand: b2.id, category: c2.id, sortName });
      await expectSame({ search: "gamma", incomplete: true, sortName, page: 1 });
    }
    await expectSame({ search: "nada" });
  });

  it("the totals and the score follow every write: properties, fields, new and deleted products", async () => {
    const counts = async () => {
      const [direct] = await database.query<{ total: number; incomplete: number }>(
        "select count(*)::int as total, (count(*) filter (where completeness < 8))::int as incomplete from products",
      );
      const [kept] = await database.query<{ total: number; incomplete: number }>(
        "select coalesce(sum(n), 0)::int as total, coalesce(sum(n) filter (where not complete), 0)::int as incomplete from product_counts",
      );
      expect(kept).toEqual(direct);
      return direct;
    };
    const check = async () => {
      await counts();
      await expectSame({});
      await expectSame({ incomplete: true, sortName: "completeness" });
      await expectSame({ sortName: "completeness", sortValue: "desc" });
    };
    const fixture = (id: string) => fixtures.find((f) => f.id === id)!;
    expect([fixture("IL04"), fixture("IL28")].map(scoreOf)).toEqual([7, 7]);
    await check();

    // A property gives IL04 its eighth point; sorted by score it now comes after IL28.
    await getDb().insert(productProperties).values({ productId: "IL04", name: "Color", value: "Blanco" });
    fixture("IL04").property = true;
    await check();
    await getDb().delete(productProperties).where(eq(productProperties.productId, "IL04"));
    fixture("IL04").property = false;
    await check();

    // A complete product loses its EAN/UPC; another gains a property through an update of the row's product.
    await getDb().update(products).set({ eanUpc: null }).where(eq(products.id, "IL12"));
    fixture("IL12").ean = "";
    await getDb().update(productProperties).set({ productId: "IL28" }).where(eq(productProperties.productId, "IL27"));
    fixture("IL27").property = false;
    fixture("IL28").property = true;
    await check();

    await getDb().delete(products).where(eq(products.id, "IL24"));
    fixtures.splice(
      fixtures.findIndex((f) => f.id === "IL24"),
      1,
    );
    await getDb().insert(products).values({ id: "IL30", name: "DELTA", slug: "il30", manufacturerSku: "M30" });
    fixtures.push({
      id: "IL30",
      manufacturerSku: "M30",
      name: "DELTA",
      stockTotal: 0,
      brandId: null,
      categoryId: null,
      long: false,
      dims: false,
      gallery: false,
      sheet: false,
      ean: "",
      property: false,
    });
    await check();

    // Without the kept counts the totals are counted; the next insert rebuilds them.
    await database.query("delete from product_counts");
    await expectSame({});
    await expectSame({ incomplete: true });
    await getDb().insert(products).values({ id: "IL31", name: "DELTA", slug: "il31", manufacturerSku: "M31" });
    fixtures.push({
      id: "IL31",
      manufacturerSku: "M31",
      name: "DELTA",
      stockTotal: 0,
      brandId: null,
      categoryId: null,
      long: false,
      dims: false,
      gallery: false,
      sheet: false,
      ean: "",
      property: false,
    });
    await check();
  });
});

describe("/web-inventory: brand and category choices", () => {
  it("show a change another process wrote, with or without the tables' versions", async () => {
    expect(await filterOptions("categories")).toContain("LISTA C1");
    await database.query(`update categories set name = 'LISTA C1 NUEVA' where id = $1`, [c1.id]);
    expect(await filterOptions("categories")).toContain("LISTA C1 NUEVA");
    expect((await treeOptions("categories")).find((o) => o.id === c1.id)?.name).toBe("LISTA C1 NUEVA");
    await database.query("delete from taxonomy_versions");
    await database.query(`update brands set parent_id = $1 where id = $2`, [b1.id, b2.id]);
    expect((await treeOptions("brands")).find((o) => o.id === b2.id)?.depth).toBe(1);
    await database.query(`update brands set name = 'LISTA B2 NUEVA' where id = $1`, [b2.id]);
    expect(await filterOptions("brands")).toContain("LISTA B2 NUEVA");
  });

  it("are shared between requests and cannot be changed by one of them", async () => {
    const options = await treeOptions("categories");
    expect(Object.isFrozen(options)).toBe(true);
    expect(() => (options as Array<{ name: string }>).push({ name: "x" })).toThrow();
  });
});
