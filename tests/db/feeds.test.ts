/**
 * The inbound feeds against an HTTP double of the content back end (spec 1 §7: items/* with
 * filter, sort, limit, offset, meta), well-behaved and not: pages that fail, time out, repeat rows
 * or shift while read; clocks that disagree; a refused token; a cursor ahead of upstream.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHttpContent } from "../../server/integrations/content/http";
import { runCollectionFeed, type CollectionFeed } from "~/modules/sync/feed-engine.server";
import { resumeFeedFromUpstream } from "~/modules/sync/feed-control.server";
import { applyOrders, applyQuestions, collectionFeeds } from "~/modules/sync/feeds.server";
import { upstreamOrder, upstreamQuestion, type UpstreamOrder, type UpstreamQuestion } from "~/modules/sync/upstream";
import { ContentDouble, type Stored } from "../helpers/content-double";
import { loginAs } from "../helpers/auth";
import { useTestDatabase } from "../helpers/db";

const database = await useTestDatabase();
const double = new ContentDouble();
beforeAll(async () => {
  await double.start();
});
afterAll(() => double.stop());

const content = () => createHttpContent({ baseUrl: double.url, token: "secreto", timeoutMs: 400 });

/** Ids far from the seed's, so a test never meets a seeded order. */
let nextId = 9_100_000_000n;
const T0 = Date.parse("2026-11-29T10:00:00.000Z");
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

function order(seconds: number, overrides: Partial<Stored> = {}): Stored {
  const id = String(nextId++);
  return {
    id,
    title: "Contacto sencillo 15 A",
    store: null,
    order_date: at(seconds - 3600),
    updated_at: at(seconds),
    logistic_type: "cross_docking",
    status: "paid",
    order_status: "paid",
    shipment_status: "ready_to_ship",
    shipping_info: { first_name: "Ana", last_name: "Ruiz", zip_code: "06700", address_1: "Av. Juárez 12" },
    intelisis_movement: "null",
    total_amount: "129.50",
    order_items: [{ id: "MLM123456789", title: "Contacto sencillo 15 A", price: 129.5, qty: 1, seller_sku: "qo115" }],
    buyer_id: 55501,
    buyer_nickname: "ANARUIZ",
    ...overrides,
  };
}

const ordersFeed = (pageSize = 200): CollectionFeed<UpstreamOrder> => ({
  name: "orders-main",
  collection: "mercadolibre_orders",
  changedField: "updated_at",
  schema: upstreamOrder,
  apply: (tx, records) => applyOrders(tx, records, "main"),
  pageSize,
});

const state = async () =>
  (
    await database.query<{
      status: string;
      cursor_key: string | null;
      last_error: string | null;
      last_rows: number;
      last_skipped: number;
      total_rows: string;
    }>("select status, cursor_key, last_error, last_rows, last_skipped, total_rows from feed_state where name = 'orders-main'")
  )[0];
const countOrders = async (ids: string[]) =>
  Number((await database.query<{ n: number }>("select count(*)::int as n from orders where id = any($1::bigint[])", [ids]))[0].n);

beforeEach(async () => {
  double.collections.clear();
  double.queue.length = 0;
  double.token = "secreto";
  await database.query("delete from feed_state");
  await database.query("delete from feed_rejects");
});

describe("the orders feed", () => {
  it("pages through what changed, upserts by id, and a second run changes nothing", async () => {
    const records = Array.from({ length: 450 }, (_, i) => order(i));
    for (const r of records) double.put("mercadolibre_orders", r);
    const first = await runCollectionFeed(ordersFeed(), { content: content() });
    expect(first).toMatchObject({ status: "ok", rows: 450, skipped: 0 });
    // 450 records at 200 a page: 3 pages, plus the "newest" probe.
    expect(first.pages).toBe(3);
    expect(await countOrders(records.map((r) => String(r.id)))).toBe(450);
    expect(JSON.parse((await state()).cursor_key!)).toEqual([at(449), String(records[449].id)]);

    const [row] = await database.query<{
      intelisis_movement: string | null;
      shipping_info: Record<string, string>;
      total_amount: string;
      products_id: string[];
    }>("select intelisis_movement, shipping_info, total_amount, products_id from orders where id = $1", [records[0].id]);
    // Spec 1 §3: intelisis_movement is the text "null" while unassigned.
    expect(row.intelisis_movement).toBeNull();
    expect(row.shipping_info).toMatchObject({ firstName: "Ana", zipCode: "06700", address1: "Av. Juárez 12" });
    expect(Number(row.total_amount)).toBe(129.5);
    expect(row.products_id).toEqual(["QO115"]);

    const second = await runCollectionFeed(ordersFeed(), { content: content(), lookbackMs: 60_000 });
    expect(second).toMatchObject({ status: "ok", rows: 0 });
  });

  it("staff fields stay as staff wrote them; upstream fields move only with a newer version", async () => {
    const r = order(10);
    double.put("mercadolibre_orders", r);
    await runCollectionFeed(ordersFeed(), { content: content() });
    await database.query("update orders set intelisis_movement = 'FAC-7781', comments = 'Cliente recoge en sucursal' where id = $1", [
      r.id,
    ]);

    // Upstream moves the shipment on, and still carries its stale movement and no comments.
    double.put("mercadolibre_orders", { ...r, updated_at: at(20), shipment_status: "shipped", intelisis_movement: "null", comments: null });
    expect((await runCollectionFeed(ordersFeed(), { content: content() })).rows).toBe(1);
    const [after] = await database.query<{ shipment_status: string; intelisis_movement: string; comments: string }>(
      "select shipment_status, intelisis_movement, comments from orders where id = $1",
      [r.id],
    );
    expect(after).toEqual({ shipment_status: "shipped", intelisis_movement: "FAC-7781", comments: "Cliente recoge en sucursal" });

    // An older version of the same order (a late replica) changes nothing.
    const stale = upstreamOrder.parse({ ...r, updated_at: at(15), shipment_status: "ready_to_ship" });
    const changed = await database.db.transaction((tx) => applyOrders(tx, [stale], "main"));
    expect(changed).toBe(0);
    const [still] = await database.query<{ shipment_status: string }>("select shipment_status from orders where id = $1", [r.id]);
    expect(still.shipment_status).toBe("shipped");
  });

  it("a record that fails validation is refused with its reason, and the feed goes on past it", async () => {
    const good = [order(1), order(3)];
    const bad = order(2, { order_status: "en_camino" });
    for (const r of [good[0], bad, good[1]]) double.put("mercadolibre_orders", r);
    const result = await runCollectionFeed(ordersFeed(), { content: content() });
    expect(result).toMatchObject({ status: "ok", rows: 2, skipped: 1 });
    const [reject] = await database.query<{ upstream_id: string; reason: string }>(
      "select upstream_id, reason from feed_rejects where feed = 'orders-main'",
    );
    expect(reject.upstream_id).toBe(String(bad.id));
    expect(reject.reason).toContain("order_status");
    expect(await countOrders([String(bad.id)])).toBe(0);
    expect(JSON.parse((await state()).cursor_key!)[1]).toBe(String(good[1].id));
  });

  it("a page that fails (500, malformed, time-out) keeps the pages before it; the next run goes on without repeats", async () => {
    const records = Array.from({ length: 30 }, (_, i) => order(100 + i));
    for (const r of records) double.put("mercadolibre_orders", r);
    // The probe answers, the first page answers, the second fails.
    double.queue.push(
      { kind: "mutate", mutate: () => undefined },
      { kind: "mutate", mutate: () => undefined },
      { kind: "status", status: 500 },
    );
    const broken = await runCollectionFeed(ordersFeed(10), { content: content() });
    expect(broken.status).toBe("error");
    expect(broken.rows).toBe(10);
    expect((await state()).last_error).toMatch(/respondió con un error \(500\)/);
    expect(JSON.parse((await state()).cursor_key!)[1]).toBe(String(records[9].id));

    double.queue.push({ kind: "mutate", mutate: () => undefined }, { kind: "malformed" });
    expect((await runCollectionFeed(ordersFeed(10), { content: content() })).status).toBe("error");
    expect((await state()).last_error).toMatch(/no se pudo interpretar/);

    double.queue.push({ kind: "hang", ms: 1500 });
    expect((await runCollectionFeed(ordersFeed(10), { content: content() })).status).toBe("error");
    expect((await state()).last_error).toMatch(/no respondió a tiempo/);

    const resumed = await runCollectionFeed(ordersFeed(10), { content: content() });
    expect(resumed).toMatchObject({ status: "ok", rows: 20 });
    expect(await countOrders(records.map((r) => String(r.id)))).toBe(30);
    expect(Number((await state()).total_rows)).toBe(30);
  });

  it("repeated rows are applied once; records added or changed while the pages are read are not lost", async () => {
    const records = Array.from({ length: 25 }, (_, i) => order(200 + i));
    for (const r of records) double.put("mercadolibre_orders", r);
    const late = order(300);
    double.queue.push(
      { kind: "mutate", mutate: () => undefined },
      { kind: "duplicate" },
      // Between the first and the second page: a new order arrives and an already-read one changes.
      {
        kind: "mutate",
        mutate: (d) => {
          d.put("mercadolibre_orders", late);
          d.put("mercadolibre_orders", { ...records[0], updated_at: at(301), shipment_status: "delivered" });
        },
      },
    );
    const result = await runCollectionFeed(ordersFeed(10), { content: content() });
    expect(result.status).toBe("ok");
    expect(await countOrders([...records.map((r) => String(r.id)), String(late.id)])).toBe(26);
    const [first] = await database.query<{ shipment_status: string }>("select shipment_status from orders where id = $1", [records[0].id]);
    expect(first.shipment_status).toBe("delivered");
  });

  it("a writer whose clock lags (a stamp just behind the cursor) is caught by the look-back", async () => {
    // Stamps near the wall clock: the look-back covers what was written since the last run started.
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    double.put("mercadolibre_orders", order(0, { updated_at: ago(5_000) }));
    await runCollectionFeed(ordersFeed(), { content: content(), lookbackMs: 60_000 });
    const lagging = order(0, { updated_at: ago(35_000) }); // written after the run, stamped 30 s before the cursor
    double.put("mercadolibre_orders", lagging);
    expect((await runCollectionFeed(ordersFeed(), { content: content(), lookbackMs: 60_000 })).rows).toBe(1);
    expect(await countOrders([String(lagging.id)])).toBe(1);
    // Without a look-back the same record would be skipped: the rule is the look-back's.
    const missed = order(0, { updated_at: ago(25_000) });
    double.put("mercadolibre_orders", missed);
    expect((await runCollectionFeed(ordersFeed(), { content: content(), lookbackMs: 0 })).rows).toBe(0);
  });

  it("the look-back re-reads only what was stamped since the last run began (minus the look-back), not every record near the cursor", async () => {
    // A burst stamped long ago, all within a minute of each other, read once.
    const hourAgo = Date.now() - 3_600_000;
    const burst = Array.from({ length: 300 }, (_, i) => order(0, { updated_at: new Date(hourAgo + i * 100).toISOString() }));
    for (const r of burst) double.put("mercadolibre_orders", r);
    expect((await runCollectionFeed(ordersFeed(100), { content: content(), lookbackMs: 60_000 })).rows).toBe(300);
    const asked = double.requests.length;
    // The next run asks for the newest record and one page after the cursor: nothing of the burst again.
    expect((await runCollectionFeed(ordersFeed(100), { content: content(), lookbackMs: 60_000 })).rows).toBe(0);
    expect(double.requests.length - asked).toBe(2);
  });

  it("while catching up it rests after each full page, as long as the page took times the ratio, and not after the last", async () => {
    for (let i = 0; i < 250; i += 1) double.put("mercadolibre_orders", order(i));
    const rests: number[] = [];
    const sleep = async (ms: number) => void rests.push(ms);
    const result = await runCollectionFeed(ordersFeed(100), { content: content(), restRatio: 1, sleep });
    expect(result.rows).toBe(250);
    // Pages of 100, 100 and 50: a rest after each of the two full ones, none after the short last one.
    expect(result.pages).toBe(3);
    expect(rests).toHaveLength(2);
    for (const ms of rests) expect(ms).toBeGreaterThan(0);
    const none: number[] = [];
    for (let i = 250; i < 450; i += 1) double.put("mercadolibre_orders", order(i));
    await runCollectionFeed(ordersFeed(100), { content: content(), restRatio: 0, sleep: async (ms) => void none.push(ms) });
    expect(none).toEqual([]);
  });

  it("a refused token stops the feed with a clear message; scheduled runs skip it until a manual run", async () => {
    double.put("mercadolibre_orders", order(600));
    double.token = "otro";
    const refused = await runCollectionFeed(ordersFeed(), { content: content() });
    expect(refused.status).toBe("stopped");
    expect((await state()).last_error).toMatch(/rechazó el token\. La sincronización queda detenida/);
    double.token = "secreto";
    expect((await runCollectionFeed(ordersFeed(), { content: content() })).status).toBe("skipped");
    expect((await runCollectionFeed(ordersFeed(), { content: content(), manual: true })).status).toBe("ok");
  });

  it("a cursor ahead of upstream (a restored backup) waits for an operator instead of skipping", async () => {
    const records = [order(700), order(701)];
    for (const r of records) double.put("mercadolibre_orders", r);
    await runCollectionFeed(ordersFeed(), { content: content() });
    // The back end is restored to an older state: only a record from before.
    double.collections.clear();
    const older = order(100);
    double.put("mercadolibre_orders", older);
    const waiting = await runCollectionFeed(ordersFeed(), { content: content(), lookbackMs: 60_000 });
    expect(waiting.status).toBe("waiting");
    expect((await state()).last_error).toMatch(/va adelante de lo más reciente/);
    expect((await runCollectionFeed(ordersFeed(), { content: content(), manual: true })).status).toBe("waiting");

    const { user } = await loginAs("admin");
    expect(await resumeFeedFromUpstream("orders-main", user)).toBe(true);
    const resumed = await runCollectionFeed(ordersFeed(), { content: content() });
    expect(resumed.status).toBe("ok");
    expect(await countOrders([String(older.id)])).toBe(1);
  });
});

describe("the questions feed", () => {
  const question = (seconds: number, overrides: Partial<UpstreamQuestion & Stored> = {}): Stored => ({
    id: String(nextId++),
    status: "UNANSWERED",
    message: "¿Tienen el interruptor en color blanco?",
    publication: null,
    client_id: 777001,
    client: { nickname: "COMPRADOR77" },
    date_created: at(seconds - 60),
    updated_at: at(seconds),
    ...overrides,
  });

  it("a question answered here does not go back to UNANSWERED when upstream has not heard yet; evaluation is staff's", async () => {
    const q = question(10);
    const parsed = upstreamQuestion.parse(q);
    await database.db.transaction((tx) => applyQuestions(tx, [parsed]));
    await database.query("update questions set status = 'ANSWERED', answer = 'Sí, en blanco y marfil.', evaluation = 4 where id = $1", [
      q.id,
    ]);
    const later = upstreamQuestion.parse({ ...q, updated_at: at(20), evaluation: null });
    expect(await database.db.transaction((tx) => applyQuestions(tx, [later]))).toBe(1);
    const [row] = await database.query<{ status: string; answer: string; evaluation: number }>(
      "select status, answer, evaluation from questions where id = $1",
      [q.id],
    );
    expect(row).toEqual({ status: "ANSWERED", answer: "Sí, en blanco y marfil.", evaluation: 4 });
  });
});

describe("the feeds' list", () => {
  it("has one feed per record kind the issue names, each reading its own collection", () => {
    const feeds = collectionFeeds();
    expect(feeds.map((f) => [f.name, f.collection, f.changedField])).toEqual([
      ["orders-main", "mercadolibre_orders", "updated_at"],
      ["orders-brand", expect.stringMatching(/^[a-z0-9_]+_orders$/), "updated_at"],
      ["questions", "questions", "updated_at"],
      ["messages", "messages", "date_updated"],
      ["publications", "mercadolibre_posts", "last_update"],
      ["erp-articles", "products", "updated_at"],
      ["invoice-feedback", "feedback_invoices", "date_updated"],
    ]);
  });
});
