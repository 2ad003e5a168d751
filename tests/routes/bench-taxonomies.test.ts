import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { BENCH_TAXONOMIES, benchTaxonomyAssignments, benchTaxonomyStatements } from "../../server/db/seed/bench/taxonomies";
import { TREE_LISTS } from "../../bench/lists/taxonomies";
import { INVENTORY_LISTS } from "../../bench/lists/inventory";
import * as catList from "~/routes/taxonomies/product-categories";
import * as brandList from "~/routes/taxonomies/product-brands";
import * as inventoryList from "~/routes/web-inventory/route";
import { unpackTree, type TreeNode } from "~/modules/catalog/tree-taxonomy";
import { useTestDatabase } from "../helpers/db";
import { loginAs, makeRequest } from "../helpers/auth";
import { routeArgs } from "../helpers/route-args";

const database = await useTestDatabase({ demo: true });

type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;

describe("bench categories and brands", () => {
  it("reach ≥ 2k categories and ≥ 500 brands with unique names and slugs, and the bench lines run the loaders' statements", async () => {
    for (const statement of benchTaxonomyStatements()) await database.db.execute(sql.raw(statement));
    await database.db.execute(sql.raw(benchTaxonomyAssignments()));
    const [counts] = await database.query<{ cats: number; brands: number; catSlugs: number; brandSlugs: number; deepest: number }>(`
      select (select count(*)::int from categories) as cats, (select count(*)::int from brands) as brands,
        (select count(distinct slug)::int from categories) as "catSlugs", (select count(distinct slug)::int from brands) as "brandSlugs",
        (select count(*)::int from categories c join categories p on p.id = c.parent_id join categories g on g.id = p.parent_id) as deepest`);
    expect(counts.cats).toBeGreaterThanOrEqual(2000);
    expect(counts.brands).toBeGreaterThanOrEqual(500);
    expect(counts.catSlugs).toBe(counts.cats);
    expect(counts.brandSlugs).toBe(counts.brands);
    expect(counts.deepest).toBeGreaterThanOrEqual(BENCH_TAXONOMIES.series);

    const { cookie } = await loginAs("inventory");
    const call = (handler: Handler, path: string) => handler(routeArgs({ request: makeRequest(path, { cookie }), params: {} }));
    for (const line of TREE_LISTS) {
      const handler = (line.route === "/product-categories" ? catList.loader : brandList.loader) as Handler;
      const data = (await call(handler, `${line.route}${line.query ? `?${line.query}` : ""}`)) as Awaited<
        ReturnType<typeof catList.loader>
      >;
      const raw = await database.query<{ id: number }>(line.sql!, line.params ?? []);
      const ids = raw.map((r) => Number(r.id));
      if (data.view === "table") expect(ids, `${line.route}?${line.query}`).toEqual(data.table!.rows.map((r) => r.id));
      else {
        const flat: number[] = [];
        const walk = (nodes: TreeNode[]) => nodes.forEach((n) => (flat.push(n.id), walk(n.children)));
        walk(unpackTree(data.tree!));
        expect(new Set(ids), `${line.route}?${line.query}`).toEqual(new Set(flat));
      }
      expect(ids.length, `${line.route}?${line.query}`).toBeGreaterThan(0);
    }
    for (const line of INVENTORY_LISTS.slice(-4)) {
      const data = (await call(inventoryList.loader as Handler, `/web-inventory?${line.query}`)) as Awaited<
        ReturnType<typeof inventoryList.loader>
      >;
      const raw = await database.query<{ id: string }>(line.sql!, line.params ?? []);
      expect(
        raw.map((r) => r.id),
        line.query,
      ).toEqual(data.rows.map((r) => r.id));
    }
  });
});
