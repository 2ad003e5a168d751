import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/client";
import { createSimulatorIntegrations } from "../../server/integrations/simulator";
import { useTestDatabase } from "../helpers/db";

/**
 * Cotizador v3's article list as the simulated ERP answers it (spec 2 'Cotizador v3'): the search
 * looks in SKU, manufacturer key and description, upper-cased; a leading * matches only at the start
 * of a field; sorts by SKU, manufacturer key or stock, then SKU; 20 a page; the total of the matches.
 */
const { erp } = createSimulatorIntegrations();
let database: Database;

// [sku, manufacturer key, description, stock]
const ARTICLES: Array<[string, string, string, number]> = [
  ["QOB120", "QOB-120", "INTERRUPTOR QO 1 POLO 20 A", 5],
  ["ABC100", "XQOB100", "CABLE QOB EN MEDIO", 7],
  ["LED900", "qob-led", "foco led 9 w", 0],
  ["ZZZ001", "K-1", "qobert lámpara", 3],
  ["MMM001", "M-1", "CONTACTO DUPLEX", 5],
  ["MMM002", "M-2", "CONTACTO SENCILLO", 5],
];

const skus = (page: { data: Array<{ sku: string }> }) => page.data.map((a) => a.sku);

beforeAll(async () => {
  database = await useTestDatabase();
  for (const [sku, mfr, description, stock] of ARTICLES) {
    await database.query(`insert into sim.erp_articles (sku, manufacturer_sku, description, stock_total) values ($1, $2, $3, $4)`, [
      sku,
      mfr,
      description,
      stock,
    ]);
  }
  // 45 more, so paging has three pages.
  await database.query(
    `insert into sim.erp_articles (sku, manufacturer_sku, description, stock_total)
     select 'PAG' || lpad(g::text, 3, '0'), 'P-' || g, 'ARTÍCULO DE PÁGINA ' || g, g from generate_series(1, 45) g`,
  );
});

describe("ERP simulator: article list", () => {
  it("contains: any of the three fields, upper-cased, never across two fields", async () => {
    expect(skus(await erp.listArticles({ search: "ob-" }))).toEqual(["LED900", "QOB120"]);
    expect(skus(await erp.listArticles({ search: "lámpara" }))).toEqual(["ZZZ001"]);
    expect((await erp.listArticles({ search: "contacto" })).meta.total).toBe(2);
    // "120QOB" would only match the SKU running on into the manufacturer key.
    expect(await erp.listArticles({ search: "120qob" })).toMatchObject({ data: [], meta: { total: 0 } });
    expect(await erp.listArticles({ search: "A\u001fB" })).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it("a leading * matches the start of a field only, not of a word inside it", async () => {
    const prefix = await erp.listArticles({ search: "*qob" });
    expect(skus(prefix)).toEqual(["LED900", "QOB120", "ZZZ001"]);
    expect(prefix.meta.total).toBe(3);
    expect(skus(await erp.listArticles({ search: "*cable" }))).toEqual(["ABC100"]);
    expect(await erp.listArticles({ search: "*medio" })).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it("sorts by the chosen column either way, then by SKU, and pages by 20 with the total", async () => {
    const byStock = await erp.listArticles({ search: "*m", sortName: "stockTotal", sortValue: "DESC" });
    expect(skus(byStock)).toEqual(["MMM001", "MMM002"]);
    const asc = await erp.listArticles({ search: "o", sortName: "stockTotal", sortValue: "ASC" });
    expect(asc.data.map((a) => a.stockTotal)).toEqual([...asc.data.map((a) => a.stockTotal)].sort((a, b) => a - b));
    const tied = asc.data.filter((a) => a.stockTotal === 5).map((a) => a.sku);
    expect(tied).toEqual([...tied].sort());
    expect(skus(await erp.listArticles({ search: "contacto", sortName: "manufacturerSku", sortValue: "DESC" }))).toEqual([
      "MMM002",
      "MMM001",
    ]);
    expect(skus(await erp.listArticles({ search: "contacto", sortName: "manufacturerSku", sortValue: "ASC" }))).toEqual([
      "MMM001",
      "MMM002",
    ]);
    expect(skus(await erp.listArticles({ search: "contacto", sortName: "sku", sortValue: "DESC" }))).toEqual(["MMM002", "MMM001"]);

    const total = ARTICLES.length + 45;
    const page3 = await erp.listArticles({ page: 3 });
    expect(page3.meta).toEqual({ limit: 20, page: 3, total });
    expect(page3.data).toHaveLength(total - 40);
    const all = [...skus(await erp.listArticles({ page: 1 })), ...skus(await erp.listArticles({ page: 2 })), ...skus(page3)];
    expect(all).toEqual([...all].sort());
    expect(new Set(all).size).toBe(total);
    expect(await erp.listArticles({ page: 9 })).toMatchObject({ data: [], meta: { page: 9, total } });
    expect(await erp.listArticles({ search: "contacto", page: 5 })).toMatchObject({ data: [], meta: { total: 2 } });
  });

  it("keeps the article count through inserts, deletes, a lost count row and a truncate", async () => {
    const totalNow = async () => (await erp.listArticles({})).meta.total;
    const direct = async () => (await database.query<{ n: number }>("select count(*)::int as n from sim.erp_articles"))[0].n;
    expect(await totalNow()).toBe(await direct());
    await database.query(`insert into sim.erp_articles (sku, description) values ('NEW001', 'NUEVO'), ('NEW002', 'NUEVO')`);
    expect(await totalNow()).toBe(await direct());
    await database.query(`delete from sim.erp_articles where sku like 'PAG04%'`);
    expect(await totalNow()).toBe(await direct());
    await database.query(`delete from sim.erp_article_count`);
    expect(await totalNow()).toBe(await direct());
    await database.query(`insert into sim.erp_articles (sku, description) values ('NEW003', 'NUEVO')`);
    expect((await database.query<{ n: number }>("select n from sim.erp_article_count"))[0].n).toBe(await direct());
    await database.query(`truncate sim.erp_articles`);
    expect(await totalNow()).toBe(0);
  });
});
