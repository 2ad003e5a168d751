import { describe, expect, it } from "vitest";
import type { Database } from "../../server/db/client";
import { seedDemo } from "../../server/db/seed/demo";
import { CANNED_REPLY_KEYS } from "../../server/db/seed/demo/content";
import { BUSY_DAY_QUESTIONS, PENDING_QUESTIONS, QUESTION_COUNT } from "../../server/db/seed/demo/questions";
import { wipeAll } from "../../server/db/seed/wipe";
import { useTestDatabase } from "../helpers/db";

const database = await useTestDatabase();
const NOW = new Date("2025-03-12T17:45:00Z");
const OTHER_NOW = new Date("2025-07-05T02:10:00Z");
const BRAND = "Electrica";

/** The rows that matter, one fingerprint per table (timestamps included: same moment, same rows). */
const KEYS: Record<string, string> = {
  listings: "select id, title, price, linked_products_string from publications order by id",
  products: "select id, name, precio2, precio3, moneda_precio, stock_total, stocks, is_combo, combo_products from products order by id",
  publications:
    "select id, title, price, status, ml_store, official_store, linked_products, linked_products_string, price_sync, stock_sync, stock_now, stock_later, last_sync_down from publications order by id",
  publication_variations: "select id, post_id, name, linked_products from publication_variations order by id",
  orders:
    "select id, related_order_id, order_date, logistic_type, status, order_status, shipment_status, claim_status, balance, total_amount, intelisis_movement, credit_note, package_manager, products_id, publications_id, order_items from orders order by id",
  questions: "select id, status, publication_id, client_id, message, date_created, answered_at, evaluation from questions order by id",
  conversations: "select id, order_id, status, last_message_date, last_message_from_seller, asks_invoice from conversations order by id",
  messages: "select id, conversation_id, text, from_seller, message_date, attachments from messages order by id",
  quotations: "select folio, client_key, subtotal, iva, total from quotations order by folio",
  pdv_sales: "select id, session_id, total, payment_way, sale_code, is_active from pdv_sales order by id",
  audit_log: "select created_at, message, identifier from audit_log order by id",
  blog_posts: "select id, title, slug, status, publish_at, created_at from blog_posts order by id",
};

async function fingerprint(db: Database, tables: string[] = Object.keys(KEYS)) {
  const out: Record<string, { n: number; md5: string }> = {};
  for (const table of tables) {
    const [row] = await db.query<{ n: number; md5: string }>(
      `select count(*)::int as n, md5(coalesce(string_agg(row_to_json(x)::text, '|'), '')) as md5 from (${KEYS[table]}) x`,
    );
    out[table] = row;
  }
  return out;
}

const count = async (text: string) => (await database.query<{ n: number }>(text))[0].n;

describe("demo seed", () => {
  it("is deterministic: the same moment gives the same rows; another moment keeps catalogue and listings", async () => {
    await seedDemo(database, { now: NOW, brand: BRAND });
    const first = await fingerprint(database);
    await wipeAll(database);
    await seedDemo(database, { now: OTHER_NOW, brand: BRAND });
    const other = await fingerprint(database, ["products", "listings", "publication_variations"]);
    expect(other.products).toEqual(first.products);
    expect(other.listings).toEqual(first.listings);
    expect(other.publication_variations).toEqual(first.publication_variations);
    await wipeAll(database);
    const summary = await seedDemo(database, { now: NOW, brand: BRAND });
    expect(await fingerprint(database)).toEqual(first);
    expect(summary.counts.orders).toBeGreaterThanOrEqual(400);
  });

  it("has the sizes the screens are designed around", async () => {
    expect(await count("select count(*)::int as n from products")).toBeGreaterThanOrEqual(280);
    expect(await count("select count(*)::int as n from publications")).toBe(120);
    expect(await count("select count(*)::int as n from orders")).toBeGreaterThanOrEqual(400);
    expect(await count("select count(*)::int as n from questions")).toBe(QUESTION_COUNT);
    expect(await count("select count(*)::int as n from questions where status = 'UNANSWERED'")).toBe(PENDING_QUESTIONS);
    // The question history of yesterday holds more than three batches of three (its scroll is tested).
    const yesterday = `(date_trunc('day', '${NOW.toISOString()}'::timestamptz at time zone 'America/Mexico_City') - interval '1 day') at time zone 'America/Mexico_City'`;
    expect(
      await count(
        `select count(*)::int as n from questions where status = 'ANSWERED' and date_created >= ${yesterday} and date_created < ${yesterday} + interval '1 day'`,
      ),
    ).toBeGreaterThanOrEqual(BUSY_DAY_QUESTIONS);
    expect(BUSY_DAY_QUESTIONS).toBeGreaterThan(9);
    // Blog posts in each state: published, scheduled (published, date ahead), draft.
    const blogs = await database.query<{ state: string; n: number }>(
      `select case when not status then 'draft' when publish_at > '${NOW.toISOString()}'::timestamptz then 'scheduled' else 'published' end as state, count(*)::int as n from blog_posts group by 1 order by 1`,
    );
    expect(blogs).toEqual([
      { state: "draft", n: 2 },
      { state: "published", n: 3 },
      { state: "scheduled", n: 2 },
    ]);
    expect(await count("select count(*)::int as n from conversations")).toBe(120);
    expect(await count("select count(*)::int as n from quotations")).toBe(20);
    expect(await count("select count(*)::int as n from audit_log")).toBe(200);
    const keys = await database.query<{ key: string }>("select key from canned_replies order by sort");
    expect(keys.map((k) => k.key)).toEqual([...CANNED_REPLY_KEYS]);
    const [invoice] = await database.query<{ text: string }>("select text from canned_replies where key = 'invoice'");
    expect(invoice.text).toMatch(/3 días hábiles/);
    const [managers] = await database.query<{ value: string[] }>("select value from settings where key = 'package_managers'");
    expect(managers.value).toHaveLength(6);
    const [footer] = await database.query<{ value: string }>("select value from settings where key = 'seller_footer'");
    expect(footer.value).toMatch(/8:30 a 18:00/);
    // Some orders today, some from about three months ago; about 40 % with an ERP movement.
    expect(
      await count(
        "select count(*)::int as n from orders where order_date >= date_trunc('day', $1::timestamptz at time zone 'America/Mexico_City') at time zone 'America/Mexico_City'".replace(
          "$1",
          `'${NOW.toISOString()}'`,
        ),
      ),
    ).toBeGreaterThan(5);
    expect(await count(`select count(*)::int as n from orders where order_date > '${NOW.toISOString()}'::timestamptz`)).toBe(0);
    const assigned = await count("select count(*)::int as n from orders where intelisis_movement is not null");
    expect(assigned / (await count("select count(*)::int as n from orders"))).toBeGreaterThan(0.3);
    expect(assigned / (await count("select count(*)::int as n from orders"))).toBeLessThan(0.5);
    // Cashier: one closed and one open session.
    expect(await count("select count(*)::int as n from pdv_sessions where date_close is null")).toBe(1);
    expect(await count("select count(*)::int as n from pdv_sessions where date_close is not null")).toBe(1);
  });

  it("is coherent: every reference points at a row that exists", async () => {
    // Marketplace order items are publications; shop and quoter items are products.
    expect(
      await count(`select count(*)::int as n from orders o, jsonb_array_elements(o.order_items) it
      where o.logistic_type not in ('ecommerce', 'cotizador') and not exists (select 1 from publications p where p.id = it->>'id')`),
    ).toBe(0);
    expect(
      await count(`select count(*)::int as n from orders o, jsonb_array_elements(o.order_items) it
      where o.logistic_type in ('ecommerce', 'cotizador') and not exists (select 1 from products p where p.id = it->>'id')`),
    ).toBe(0);
    expect(
      await count(
        `select count(*)::int as n from orders o, unnest(o.publications_id) pid where not exists (select 1 from publications p where p.id = pid)`,
      ),
    ).toBe(0);
    // Every linked SKU is a product: publications, variations, orders.
    expect(
      await count(`select count(*)::int as n from publications p, jsonb_array_elements(p.linked_products) l
      where not exists (select 1 from products x where upper(x.id) = upper(l->>'sku'))`),
    ).toBe(0);
    expect(
      await count(`select count(*)::int as n from publication_variations v, jsonb_array_elements(v.linked_products) l
      where not exists (select 1 from products x where upper(x.id) = upper(l->>'sku'))`),
    ).toBe(0);
    expect(
      await count(`select count(*)::int as n from orders o, jsonb_array_elements(o.products_order) po, jsonb_array_elements(po->'linkedProducts') l
      where not exists (select 1 from products x where upper(x.id) = upper(l->>'sku'))`),
    ).toBe(0);
    expect(
      await count(
        `select count(*)::int as n from orders o, unnest(o.products_id) sku where sku <> upper(sku) or not exists (select 1 from products x where upper(x.id) = sku)`,
      ),
    ).toBe(0);
    // The SKU search string lists every linked SKU, flat and per variation.
    expect(
      await count(`select count(*)::int as n from publications p where exists (
      select 1 from (select jsonb_array_elements(p.linked_products) l union all select jsonb_array_elements(v.linked_products) from publication_variations v where v.post_id = p.id) s
      where position(upper(s.l->>'sku') in p.linked_products_string) = 0)`),
    ).toBe(0);
    expect(await count("select count(*)::int as n from publications where autosync <> (price_sync or stock_sync)")).toBe(0);
    expect(
      await count(
        "select count(*)::int as n from products where not is_combo and stock_total <> (select coalesce(sum((s->>'qty')::int), 0) from jsonb_array_elements(stocks) s)",
      ),
    ).toBe(0);
    // Questions, conversations and messages.
    expect(
      await count(
        "select count(*)::int as n from questions q where q.publication_id is null or not exists (select 1 from publications p where p.id = q.publication_id)",
      ),
    ).toBe(0);
    expect(
      await count(
        "select count(*)::int as n from questions where status <> 'UNANSWERED' and (answered_at is null or answered_at <= date_created or answer is null)",
      ),
    ).toBe(0);
    expect(
      await count(
        "select count(*)::int as n from questions where status = 'UNANSWERED' and (answered_at is not null or answer is not null)",
      ),
    ).toBe(0);
    expect(
      await count("select count(*)::int as n from conversations c where not exists (select 1 from orders o where o.id = c.order_id)"),
    ).toBe(0);
    expect(
      await count(
        `select count(*)::int as n from (select conversation_id, count(*) c from messages group by 1) x where x.c < 2 or x.c > 8`,
      ),
    ).toBe(0);
    expect(
      await count(`select count(*)::int as n from conversations c
      join lateral (select m.message_date, m.from_seller from messages m where m.conversation_id = c.id order by m.message_date desc, m.id desc limit 1) last on true
      where c.last_message_date <> last.message_date or c.last_message_from_seller <> last.from_seller`),
    ).toBe(0);
    expect(
      await count(`select count(*)::int as n from conversations c where c.asks_invoice <> exists (
      select 1 from messages m where m.conversation_id = c.id and not m.from_seller and m.text ilike '%factura%')`),
    ).toBe(0);
    expect(await count("select count(*)::int as n from conversations where asks_invoice")).toBeGreaterThan(5);
  });

  it("keeps the ERP rules: balance = Σ price × qty + 16 % VAT, movements unique within the year", async () => {
    const rows = await database.query<{ id: string; balance: string; calc: string }>(`
      select o.id::text, o.balance::text, (
        select round(sum(round((l->>'price')::numeric * (1 - (l->>'discount')::numeric / 100), 2) * (l->>'qty')::numeric * (po->>'sales')::numeric) * 1.16, 2)
        from jsonb_array_elements(o.products_order) po, jsonb_array_elements(po->'linkedProducts') l)::text as calc
      from orders o where o.intelisis_movement is not null`);
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.filter((r) => Number(r.balance) !== Number(r.calc))).toEqual([]);
    expect(
      await count(`select count(*)::int as n from (
      select intelisis_movement, extract(year from order_date at time zone 'America/Mexico_City') y from orders
      where intelisis_movement is not null group by 1, 2 having count(*) > 1) x`),
    ).toBe(0);
    expect(await count("select count(*)::int as n from orders where intelisis_movement !~ '^[0-9]+$'")).toBe(0);
    expect(await count("select count(*)::int as n from orders where length(id::text) <> 16")).toBe(0);
  });
});
