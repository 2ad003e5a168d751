import { describe, expect, it } from "vitest";
import { REPORT_PAGE_ROWS } from "../../server/db/keyset-pages";
import { seedDemo } from "../../server/db/seed/demo";
import { getIntegrations } from "../../server/integrations";
import { lowStockPublications, unsyncedLinkedProducts } from "~/modules/publications/reports.server";
import { useTestDatabase } from "../helpers/db";

/*
 * The reports are read in keyset pages so that the embedded database is never held for a whole
 * report. Reading in pages must not change what a report says: each report is compared, row for
 * row, with the single statement that produced it before, on the demo data plus several pages of
 * rows built to sit on the pages' edges (equal dates and keys across a page boundary, buyers
 * without id, orders without items, cancelled orders, the month's first and last instants, names
 * a buyer's orders disagree on, equal totals).
 */
const database = await useTestDatabase();
await seedDemo(database, { now: new Date("2026-05-20T18:00:00Z"), brand: "Electrica" });

const ZONE = "America/Mexico_City";
const ORDERS = REPORT_PAGE_ROWS * 3 + 217;

// Seven orders share each instant, so page boundaries fall inside runs of equal dates.
await database.exec(`
  insert into sim.mkt_orders (id, account, buyer_id, buyer_nickname, buyer_first_name, buyer_last_name, order_status, items, total_amount, order_date, logistic_type)
  select 7000000000 + g,
         case when g % 3 = 0 then 'brand' else 'main' end,
         case when g % 97 = 0 then null when g % 11 = 0 then 9 + (g % 5) else 100000 + (g % 700) end,
         case when g % 41 = 0 then 'zeta' || (g % 700) when g % 43 = 0 then 'alfa' || (g % 700) else 'COMPRADOR' || (g % 700) end,
         case when g % 13 = 0 then null else 'Nombre' || (g % 700) end,
         case when g % 19 = 0 then null else 'Apellido' end,
         case when g % 17 = 0 then 'cancelled' else 'paid' end,
         case when g % 53 = 0 then '[]'::jsonb
              else jsonb_build_array(
                     jsonb_build_object('title', 'Producto ' || g, 'sellerSku', case when g % 5 = 0 then '' else 'SKU' || (g % 500) end, 'qty', 1 + g % 3, 'price', round((10 + (g % 1000) / 7.0)::numeric, 2)),
                     jsonb_build_object('title', 'Accesorio ' || g, 'qty', 2, 'price', 0.35)) - (case when g % 2 = 0 then 1 else 5 end)
         end,
         case when g % 29 = 0 then 100.10 else round((10 + (g % 1000) / 7.0)::numeric, 2) end,
         timestamptz '2026-03-01 00:00:00 America/Mexico_City' + ((g / 7) * interval '37 minutes 0.000123 seconds'),
         'drop_off'
    from generate_series(0, ${ORDERS - 1}) g;
  -- The month's edges in Mexico City: the last instant before it and the first one after it are outside.
  insert into sim.mkt_orders (id, account, buyer_id, buyer_nickname, order_status, items, total_amount, order_date)
  values (7100000001, 'main', 555, 'ANTES', 'paid', '[{"title":"Antes","qty":1,"price":5}]', 5, timestamptz '2026-02-28 23:59:59.999999 ${ZONE}'),
         (7100000002, 'main', 555, 'DESPUES', 'paid', '[{"title":"Despues","qty":1,"price":5}]', 5, timestamptz '2026-04-01 00:00:00 ${ZONE}'),
         (7100000003, 'main', 556, 'ULTIMO', 'paid', '[{"title":"Ultimo","qty":1,"price":7}]', 7, timestamptz '2026-03-31 23:59:59.999999 ${ZONE}'),
  -- Equal totals, broken by the buyer id as text (the statement sorted by its text column).
         (7100000004, 'main', 500, 'IGUAL', 'paid', '[]', 33.33, timestamptz '2026-03-10 12:00:00 ${ZONE}'),
         (7100000005, 'main', 7, 'IGUAL', 'paid', '[]', 33.33, timestamptz '2026-03-11 12:00:00 ${ZONE}'),
         (7100000006, 'main', 60, 'IGUAL', 'paid', '[]', 33.33, timestamptz '2026-03-12 12:00:00 ${ZONE}');
`);

const PUBLICATIONS = REPORT_PAGE_ROWS * 2 + 333;
await database.exec(`
  insert into publications (id, title, status, autosync, price_sync, stock_sync, stock_now, stock_later, linked_products_string, sold_quantity, linked_products)
  select 'MLMT' || g, 'Publicación ' || g, case when g % 4 = 0 then 'paused' else 'active' end,
         g % 3 <> 0, g % 3 = 0 and g % 9 = 0, false,
         g % 6, (g * 5) % 7, 'SKU' || g, g % 100,
         case when g % 31 = 0 then '[]'::jsonb
              else jsonb_build_array(jsonb_build_object('sku', 'sku-b' || g, 'name', 'Producto ' || g, 'qty', 1 + g % 2, 'price', 12.5, 'stock', g % 9, 'discount', g % 4),
                                     jsonb_build_object('sku', 'sku-a' || g, 'price', 3.25)) end
    from generate_series(1, ${PUBLICATIONS}) g;
  insert into publication_variations (id, post_id, name, linked_products)
  select 880000 + g, 'MLMT' || g, case when g % 2 = 0 then 'Negro' else 'Blanco' end,
         jsonb_build_array(jsonb_build_object('sku', 'var' || g, 'name', 'Variación ' || g, 'qty', 2, 'price', 20.75, 'stock', 1))
    from generate_series(1, ${PUBLICATIONS}) g where g % 3 = 0;
  analyze;
`);

// The statements the reports ran before they were read in pages.
const BEFORE = {
  customers: `select buyer_id::text as buyer_id, coalesce(max(buyer_nickname), '') as nickname,
                     trim(coalesce(max(buyer_first_name), '') || ' ' || coalesce(max(buyer_last_name), '')) as name,
                     count(*)::int as orders, sum(total_amount)::float8 as total
                from sim.mkt_orders
               where order_status <> 'cancelled'
                 and (order_date at time zone '${ZONE}') >= $1::date and (order_date at time zone '${ZONE}') < ($1::date + interval '1 month')
               group by buyer_id
               order by total desc, buyer_id`,
  sales: `select o.id::text as order_id, to_char(o.order_date at time zone '${ZONE}', 'YYYY-MM-DD HH24:MI:SS') as date, o.account,
                 coalesce(it->>'title', '') as title, nullif(it->>'sellerSku', '') as sku,
                 coalesce((it->>'qty')::numeric, 1)::float8 as qty,
                 round(coalesce((it->>'price')::numeric, 0) * coalesce((it->>'qty')::numeric, 1), 2)::float8 as total,
                 o.order_status as status, o.logistic_type
            from sim.mkt_orders o cross join lateral jsonb_array_elements(o.items) it
           where (o.order_date at time zone '${ZONE}')::date between $1::date and $2::date
           order by o.order_date, o.id`,
  unsynced: `select p.id, p.title, case when p.status = 'active' then 'Activa' else 'Inactiva' end as status, l.variation,
                    upper(l.x->>'sku') as sku, coalesce(l.x->>'name', '') as name, coalesce((l.x->>'qty')::numeric, 1)::int as qty,
                    coalesce((l.x->>'discount')::numeric, 0)::float8 as discount, coalesce((l.x->>'price')::numeric, 0)::float8 as price,
                    coalesce((l.x->>'stock')::numeric, 0)::int as stock
               from publications p
               cross join lateral (
                 select null::text as variation, x from jsonb_array_elements(p.linked_products) x
                 union all
                 select v.name, x from publication_variations v cross join lateral jsonb_array_elements(v.linked_products) x where v.post_id = p.id
               ) l
              where not p.autosync and not p.price_sync and not p.stock_sync
              order by p.id, l.variation nulls first, 5`,
  lowStock: `select p.id, p.title, case when p.status = 'active' then 'Activa' else 'Inactiva' end as status, p.stock_now, p.stock_later,
                    p.linked_products_string as skus, p.sold_quantity
               from publications p
              where p.autosync and p.stock_now <= $1 and p.stock_later <= $1
              order by p.stock_now, p.stock_later, p.id`,
};

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe("reports read in pages say what the single statement said", () => {
  it("the monthly customer report: same buyers, names, order counts and totals, in the same order", async () => {
    const before = (
      await database.query<{ buyer_id: string | null; nickname: string; name: string; orders: number; total: number }>(BEFORE.customers, [
        "2026-03-01",
      ])
    ).map((r) => ({
      buyerId: r.buyer_id === null ? null : Number(r.buyer_id),
      nickname: r.nickname,
      name: r.name,
      orders: Number(r.orders),
      total: Number(r.total),
    }));
    const after = await getIntegrations().marketplace.monthlyCustomerSummary("2026/03");
    expect(before.length).toBeGreaterThan(700);
    expect(sum(before.map((r) => r.orders))).toBeGreaterThan(REPORT_PAGE_ROWS * 2);
    // Buyers whose orders disagree on the nickname, a buyer without id, the month's last instant.
    expect(before.some((r) => r.nickname.startsWith("zeta"))).toBe(true);
    expect(before.some((r) => r.buyerId === null)).toBe(true);
    expect(before.find((r) => r.buyerId === 556)?.nickname).toBe("ULTIMO");
    expect(before.some((r) => r.buyerId === 555)).toBe(false);
    expect(before.filter((r) => r.total === 33.33).map((r) => r.buyerId)).toEqual([500, 60, 7]);
    expect(after).toEqual(before);
    expect(sum(after.map((r) => r.orders))).toBe(sum(before.map((r) => r.orders)));
  });

  it.each([
    ["the whole month", "2026/03/01", "2026/03/31"],
    ["a range across months", "2026/02/20", "2026/04/03"],
    ["one day", "2026/03/15", "2026/03/15"],
  ])("the sales report over %s: the same item rows, orders in the same order", async (_name, start, end) => {
    type Row = {
      orderId: string;
      date: string;
      account: string;
      title: string;
      sku: string | null;
      qty: number;
      total: number;
      status: string;
      logisticType: string | null;
    };
    const before: Row[] = (
      await database.query<{
        order_id: string;
        date: string;
        account: string;
        title: string;
        sku: string | null;
        qty: number;
        total: number;
        status: string;
        logistic_type: string | null;
      }>(BEFORE.sales, [start.replace(/\//g, "-"), end.replace(/\//g, "-")])
    ).map((r) => ({
      orderId: r.order_id,
      date: r.date,
      account: r.account,
      title: r.title,
      sku: r.sku,
      qty: Number(r.qty),
      total: Number(r.total),
      status: r.status,
      logisticType: r.logistic_type,
    }));
    const after = await getIntegrations().marketplace.salesReport({ start, end });
    expect(before.length).toBeGreaterThan(0);
    expect(after.length).toBe(before.length);
    expect(sum(after.map((r) => r.total))).toBeCloseTo(sum(before.map((r) => r.total)), 6);
    const orderSequence = (rows: Row[]) => rows.map((r) => r.orderId).filter((id, k, all) => id !== all[k - 1]);
    expect(orderSequence(after)).toEqual(orderSequence(before));
    // The single statement left the items of one order in no particular order.
    const key = (r: Row) => JSON.stringify(r);
    expect(after.map(key).sort()).toEqual(before.map(key).sort());
  });

  it("'Sin sincronizar': the same rows in the same order", async () => {
    const before = await database.query(BEFORE.unsynced);
    const after = await unsyncedLinkedProducts();
    // More publications than one page holds (200).
    expect(new Set(before.map((r) => r.id)).size).toBeGreaterThan(200);
    expect(after).toEqual(before);
  });

  it.each([0, 2, 5, 20])("'Por stock' up to %i: the same rows in the same order", async (threshold) => {
    const before = await database.query(BEFORE.lowStock, [threshold]);
    const after = await lowStockPublications(threshold);
    expect(after).toEqual(before);
    if (threshold === 20) expect(after.length).toBeGreaterThan(REPORT_PAGE_ROWS);
  });
});
