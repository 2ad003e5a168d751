/**
 * The simulator's activity (server/integrations/simulator/activity.ts; docs/live-data.md "Simulator
 * activity") over the demo data: new orders, questions, messages and shipment moves in both the
 * marketplace's own view and the content back end's collections, ERP stock and dollar rate.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  upstreamConversation,
  upstreamErpArticle,
  upstreamInvoiceFeedback,
  upstreamOrder,
  upstreamPublication,
  upstreamQuestion,
} from "~/modules/sync/upstream";
import { seedDemo } from "../../server/db/seed/demo";
import { getEnv, resetEnvCache } from "../../server/env";
import { setIntegrations } from "../../server/integrations";
import { ordersCollection } from "../../server/integrations/content/collections";
import { brandSegmentFrom } from "../../server/integrations/marketplace/http";
import { createSimulatorIntegrations } from "../../server/integrations/simulator";
import {
  ACTIVITY_CATCH_UP_MS,
  ACTIVITY_LAST_RUN_KEY,
  describeActivity,
  eventCount,
  poisson,
  runSimActivity,
  simulateActivity,
  STAGE_MIN_MS,
  type ActivitySummary,
} from "../../server/integrations/simulator/activity";
import { createPrng } from "../../server/integrations/simulator/runtime";
import { appJobs } from "../../app/jobs.server";
import { upstreamVariation } from "~/modules/sync/import-collections.server";
import { useTestDatabase } from "../helpers/db";

const database = await useTestDatabase();
const BRAND = "Electrica";
/** The job's period when SIM_ACTIVITY_PERIOD_MS is not set (the tests do not set it). */
const PERIOD_MS = getEnv().SIM_ACTIVITY_PERIOD_MS;
/** The demo is seeded at SEEDED (a Tuesday afternoon in Mexico City); the activity runs ten minutes later. */
const SEEDED = new Date("2026-03-10T20:00:00Z");
const NOW = new Date(SEEDED.getTime() + 10 * 60_000);
const MAIN = ordersCollection("main", brandSegmentFrom(BRAND));
const BRAND_ORDERS = ordersCollection("brand", brandSegmentFrom(BRAND));
const SCHEMAS: Record<string, z.ZodTypeAny> = {
  [MAIN]: upstreamOrder,
  [BRAND_ORDERS]: upstreamOrder,
  questions: upstreamQuestion,
  messages: upstreamConversation,
  products: upstreamErpArticle,
  // Seeded with the marketplace's invoice records (the activity does not add any).
  feedback_invoices: upstreamInvoiceFeedback,
  // The seed's publications and variations (the activity does not add any).
  mercadolibre_posts: upstreamPublication,
  mercadolibre_variations: upstreamVariation,
};

const { marketplace } = createSimulatorIntegrations({ sellerName: () => BRAND });
const ids = async (text: string) => new Set((await database.query<{ id: string }>(text)).map((r) => r.id));
const count = async (text: string) => Number((await database.query<{ n: number }>(text))[0].n);

/** What the seed made, to compare the activity's identifiers with. */
let seeded: {
  orders: Set<string>;
  questions: Set<string>;
  shipments: Set<string>;
  buyers: Set<string>;
  conversations: Set<string>;
  messages: number;
};
let run: ActivitySummary;
let stocksBefore: Map<string, number>;
/** Recent paid seeded orders whose record the test took away from the content back end. */
let unheld: Set<string>;

beforeAll(async () => {
  await seedDemo(database, { now: SEEDED, brand: BRAND });
  // The marketplace's copy of a seeded order is stamped when the simulator was seeded (the wall
  // clock, after SEEDED here); dated at its order instead, every seeded order has waited long enough
  // at its stage to move. The seed put every order's record in the content back end; a few recent
  // ones are taken away: only the rule "orders the content back end holds" keeps those still.
  await database.query(`update sim.mkt_orders set updated_at = order_date`);
  unheld = await ids(
    `delete from sim.content_items where (collection, id) in (
       select case when account = 'brand' then '${BRAND_ORDERS}' else '${MAIN}' end, id::text from sim.mkt_orders
        where order_status = 'paid' and order_date > '${SEEDED.toISOString()}'::timestamptz - interval '3 days'
        order by order_date desc limit 12)
     returning id`,
  );
  seeded = {
    orders: await ids(
      `select id::text as id from public.orders union select id::text from sim.mkt_orders union select related_order_id::text from public.orders where related_order_id is not null`,
    ),
    questions: await ids(`select id::text as id from public.questions union select id::text from sim.mkt_questions`),
    shipments: await ids(
      `select shipment_id::text as id from sim.mkt_orders where shipment_id is not null union select shipment_id::text from public.orders where shipment_id is not null`,
    ),
    buyers: await ids(
      `select buyer_id::text as id from sim.mkt_orders where buyer_id is not null union select client_id::text from public.questions`,
    ),
    conversations: await ids(`select id::text as id from public.conversations`),
    messages: await count(`select count(*)::int as n from sim.mkt_messages`),
  };
  stocksBefore = new Map(
    (await database.query<{ sku: string; stock_total: number }>(`select sku, stock_total from sim.erp_articles`)).map((a) => [
      a.sku,
      Number(a.stock_total),
    ]),
  );
  run = await simulateActivity(database, { now: NOW, elapsedMs: 10 * 60_000, perMinute: 3, random: createPrng(20261129), brand: BRAND });
}, 120_000);

describe("simulateActivity: ten simulated minutes at 3 a minute", () => {
  it("creates about thirty marketplace events of every kind, and moves ERP stock", () => {
    expect(eventCount(run)).toBeGreaterThanOrEqual(18);
    expect(eventCount(run)).toBeLessThanOrEqual(45);
    expect(run.orders.length).toBeGreaterThan(0);
    expect(run.questions.length).toBeGreaterThan(0);
    expect(run.messages.length).toBeGreaterThan(0);
    expect(run.statusMoves.length).toBeGreaterThan(0);
    expect(run.stockMoves.length).toBeGreaterThan(0);
    expect(describeActivity(run)).toMatch(/^Actividad simulada: \d+ órdenes?, /);
  });

  it("every record it put in the content back end parses with the upstream schemas", async () => {
    const rows = await database.query<{ collection: string; id: string; data: unknown }>(
      `select collection, id, data from sim.content_items order by collection, id`,
    );
    const collections = new Set(rows.map((r) => r.collection));
    for (const c of [MAIN, BRAND_ORDERS, "questions", "messages", "products"]) expect(collections, c).toContain(c);
    for (const row of rows) {
      const schema = SCHEMAS[row.collection];
      expect(schema, `colección inesperada ${row.collection}`).toBeDefined();
      const parsed = schema.safeParse(row.data);
      expect(parsed.success, `${row.collection}/${row.id}: ${parsed.success ? "" : JSON.stringify(parsed.error.issues.slice(0, 3))}`).toBe(
        true,
      );
      expect(String((parsed.data as { id: string }).id)).toBe(row.id);
    }
  });

  it("each new order is in the marketplace's view and in its account's collection, with the same id, paid", async () => {
    for (const id of run.orders) {
      const [mkt] = await database.query<{
        account: string;
        order_status: string;
        status_history: string;
        shipment_id: string;
        items: unknown[];
      }>(
        `select account, order_status, status_history, shipment_id::text as shipment_id, items from sim.mkt_orders where id = $1::bigint`,
        [id],
      );
      expect(mkt, id).toBeDefined();
      const collection = mkt.account === "brand" ? BRAND_ORDERS : MAIN;
      const [content] = await database.query<{ data: Record<string, unknown> }>(
        `select data from sim.content_items where collection = $1 and id = $2`,
        [collection, id],
      );
      expect(content, `${collection}/${id}`).toBeDefined();
      const order = upstreamOrder.parse(content.data);
      expect(order.id).toBe(id);
      expect(order.order_status).toBe("paid");
      expect(mkt.order_status).toBe("paid");
      expect(order.status).toBe(mkt.status_history);
      expect(String(order.shipment_id)).toBe(mkt.shipment_id);
      expect(order.order_items?.length).toBe(mkt.items.length);
      expect(order.order_items!.length).toBeGreaterThanOrEqual(1);
      expect(order.order_items!.length).toBeLessThanOrEqual(3);
      expect(order.store ?? null).toBe(mkt.account === "brand" ? BRAND : null);
      // Items are the account's listings, at their price.
      for (const item of order.order_items!) {
        const [pub] = await database.query<{ account: string; price: number }>(
          `select account, price::float8 as price from sim.mkt_publications where id = $1`,
          [item.id],
        );
        expect(pub, item.id).toBeDefined();
        expect(pub.account).toBe(mkt.account);
        expect(item.price).toBe(pub.price);
      }
    }
  });

  it("a question is on a listing that exists, and the marketplace knows it unanswered", async () => {
    for (const id of run.questions) {
      const [content] = await database.query<{ data: Record<string, unknown> }>(
        `select data from sim.content_items where collection = 'questions' and id = $1`,
        [id],
      );
      const q = upstreamQuestion.parse(content.data);
      expect(q.status).toBe("UNANSWERED");
      expect(await count(`select count(*)::int as n from sim.mkt_publications where id = '${q.publication}'`), q.publication!).toBe(1);
      expect(await count(`select count(*)::int as n from public.publications where id = '${q.publication}'`), q.publication!).toBe(1);
      const [mkt] = await database.query<{ status: string; client_id: string }>(
        `select status, client_id::text as client_id from sim.mkt_questions where id = $1::bigint`,
        [id],
      );
      expect(mkt).toEqual({ status: "UNANSWERED", client_id: q.client_id });
    }
  });

  it("a message lands in its conversation's record, with every message of the order", async () => {
    for (const m of run.messages) {
      const [content] = await database.query<{ data: Record<string, unknown> }>(
        `select data from sim.content_items where collection = 'messages' and id = $1`,
        [m.conversationId],
      );
      const c = upstreamConversation.parse(content.data);
      expect(c.order_id).toBe(m.orderId);
      expect(c.conversation.map((e) => e.id)).toContain(m.messageId);
      expect(c.conversation.length).toBe(await count(`select count(*)::int as n from sim.mkt_messages where order_id = ${m.orderId}`));
      const buyerEntry = c.conversation.find((e) => e.id === m.messageId)!;
      expect(buyerEntry.from.user_id).toBe(c.client_id);
      if (!m.newConversation && seeded.conversations.has(m.conversationId)) {
        expect(
          await count(
            `select count(*)::int as n from public.conversations where id = ${m.conversationId} and (order_id = ${m.orderId} or pack_id = ${m.orderId})`,
          ),
        ).toBe(1);
      }
    }
    expect(await count(`select count(*)::int as n from sim.mkt_messages`)).toBe(seeded.messages + run.messages.length);
  });

  it("identifiers start above the seeded ranges: they never collide with seeded ones", async () => {
    // Above every seeded marketplace id, and below the shop's and quoter's 16-digit ids (3…–9…).
    const maxBelow = (set: Set<string>, limit: bigint) =>
      [...set]
        .map(BigInt)
        .filter((x) => x < limit)
        .reduce((a, b) => (a > b ? a : b), 0n);
    const seededMarketplaceMax = maxBelow(seeded.orders, 3_000_000_000_000_000n);
    expect(seededMarketplaceMax).toBeGreaterThan(2_000_000_000_000_000n);
    for (const id of run.orders) {
      expect(seeded.orders.has(id), id).toBe(false);
      expect(BigInt(id) > seededMarketplaceMax && BigInt(id) < 3_000_000_000_000_000n, id).toBe(true);
    }
    expect(new Set(run.orders).size).toBe(run.orders.length);
    const seededQuestionMax = maxBelow(seeded.questions, 10n ** 15n);
    for (const id of run.questions) {
      expect(seeded.questions.has(id), id).toBe(false);
      expect(BigInt(id) > seededQuestionMax, id).toBe(true);
    }
    expect(new Set(run.questions).size).toBe(run.questions.length);
    const shipments = await database.query<{ id: string }>(
      `select shipment_id::text as id from sim.mkt_orders where id = any($1::bigint[])`,
      [run.orders],
    );
    const seededShipmentMax = maxBelow(seeded.shipments, 10n ** 15n);
    for (const { id } of shipments) {
      expect(seeded.shipments.has(id), id).toBe(false);
      expect(BigInt(id) > seededShipmentMax, id).toBe(true);
    }
    expect(new Set(shipments.map((s) => s.id)).size).toBe(shipments.length);
    const seededConversationMax = maxBelow(seeded.conversations, 10n ** 15n);
    for (const m of run.messages.filter((x) => x.newConversation)) {
      expect(seeded.conversations.has(m.conversationId), m.conversationId).toBe(false);
      expect(BigInt(m.conversationId) > seededConversationMax, m.conversationId).toBe(true);
    }
    // New buyers (the others are customers who bought before) have ids of their own.
    const buyers = await database.query<{ id: string }>(
      `select distinct buyer_id::text as id from sim.mkt_orders where id = any($1::bigint[])`,
      [run.orders],
    );
    const seededBuyerMax = maxBelow(seeded.buyers, 10n ** 15n);
    for (const { id } of buyers) expect(seeded.buyers.has(id) || BigInt(id) > seededBuyerMax, id).toBe(true);
  });

  it("shipments move along their path, a stage at least STAGE_MIN_MS, only on orders the content back end holds, in both views", async () => {
    for (const id of new Set(run.statusMoves)) {
      // Ten minutes hold two stages at most.
      expect(run.statusMoves.filter((x) => x === id).length, id).toBeLessThanOrEqual(Math.floor((10 * 60_000) / STAGE_MIN_MS));
      expect(unheld.has(id), "una orden cuyo registro no está en el back end de contenido").toBe(false);
      const [mkt] = await database.query<{ account: string; status_history: string; shipment_status: string }>(
        `select account, status_history, shipment_status from sim.mkt_orders where id = $1::bigint`,
        [id],
      );
      const history = mkt.status_history.split(",");
      expect(history[0]).toBe("paid");
      expect(history.length).toBeGreaterThanOrEqual(3);
      const [content] = await database.query<{ data: Record<string, unknown> }>(
        `select data from sim.content_items where collection = $1 and id = $2`,
        [mkt.account === "brand" ? BRAND_ORDERS : MAIN, id],
      );
      const order = upstreamOrder.parse(content.data);
      expect(order.status).toBe(mkt.status_history);
      expect(order.shipment_status).toBe(mkt.shipment_status);
      // The whole record is still there (a move merges into it).
      expect(order.order_items?.length).toBeGreaterThan(0);
      expect(order.balance).toBeGreaterThan(0);
    }
    // The seeded orders move too (the seed put their whole record upstream), the ones taken away never.
    expect(unheld.size).toBeGreaterThan(0);
    expect(run.statusMoves.some((id) => !run.orders.includes(id))).toBe(true);
  });

  it("the marketplace's calls work on the new records: sync, buyer look-up, answer, reply", async () => {
    const orderId = run.orders[0];
    const info = await marketplace.syncOrderInfo({ orderId, account: "main" });
    expect(info?.orderId).toBe(orderId);
    const clients = await marketplace.lookupClients([orderId]);
    expect([...clients.main, ...clients.brand].map((c) => c.orderId)).toEqual([orderId]);
    const answered = await marketplace.answerQuestion({
      questionId: Number(run.questions[0]),
      message: "¡Hola! Sí, es 100% cobre. Saludos.",
      updatedBy: 1,
      account: "main",
    });
    expect(answered.status).toBe("ANSWERED");
    const pending = await marketplace.listPendingMessages();
    const last = run.messages[run.messages.length - 1];
    expect(pending.map((p) => p.orderId)).toContain(last.orderId);
    const sent = await marketplace.sendMessage({
      orderId: last.orderId,
      message: "Con gusto, su pedido sale hoy.",
      updatedBy: 1,
      clientId: null,
      account: "main",
    });
    expect(sent.sentAt).toBeTruthy();
  });

  it("ERP stock moves keep stock_total the sum of the warehouses, and reach items/products", async () => {
    const moved = [...new Set(run.stockMoves)];
    const rows = await database.query<{ sku: string; stock_total: number; stocks: Array<{ name: string; qty: number }> }>(
      `select sku, stock_total, stocks from sim.erp_articles where sku = any($1::text[])`,
      [moved],
    );
    expect(rows).toHaveLength(moved.length);
    let changed = 0;
    for (const a of rows) {
      expect(Number(a.stock_total), a.sku).toBe(a.stocks.reduce((s, x) => s + Number(x.qty), 0));
      expect(a.stocks.every((s) => Number(s.qty) >= 0)).toBe(true);
      if (Number(a.stock_total) !== stocksBefore.get(a.sku)) changed++;
      const [content] = await database.query<{ data: Record<string, unknown> }>(
        `select data from sim.content_items where collection = 'products' and id = $1`,
        [a.sku],
      );
      expect(upstreamErpArticle.parse(content.data)).toMatchObject({ id: a.sku, stock_total: Number(a.stock_total) });
    }
    expect(changed).toBeGreaterThan(0);
  });

  it("perMinute 0 (or no time) creates nothing", async () => {
    const snapshot = async () =>
      database.query(
        `select (select count(*) from sim.mkt_orders)::int as orders, (select count(*) from sim.mkt_questions)::int as questions,
                (select count(*) from sim.mkt_messages)::int as messages, (select count(*) from sim.content_items)::int as content,
                (select max(changed_at) from sim.content_items) as changed, (select md5(string_agg(sku || stock_total, ',' order by sku)) from sim.erp_articles) as stock,
                (select value::text from sim.meta where key = 'dollar_rate') as rate,
                (select string_agg(key || '=' || value::text, ',' order by key) from sim.meta) as meta`,
      );
    const before = await snapshot();
    const nothing = await simulateActivity(database, {
      now: new Date(NOW.getTime() + 60 * 60_000),
      elapsedMs: 60 * 60_000,
      perMinute: 0,
      random: createPrng(1),
      brand: BRAND,
    });
    const noTime = await simulateActivity(database, {
      now: new Date(NOW.getTime() + 60 * 60_000),
      elapsedMs: 0,
      perMinute: 3,
      random: createPrng(1),
      brand: BRAND,
    });
    for (const s of [nothing, noTime]) {
      expect(eventCount(s)).toBe(0);
      expect(s.stockMoves).toEqual([]);
      expect(s.dollarRate).toBeNull();
      expect(describeActivity(s)).toBeNull();
    }
    expect(await snapshot()).toEqual(before);
  });

  it("only the systems on the simulator get activity; the dollar rate moves by centavos", async () => {
    const before = await count(`select count(*)::int as n from sim.mkt_orders`);
    const { erp } = createSimulatorIntegrations();
    const rateBefore = (await erp.getDollarRate()).rate;
    const later = new Date(NOW.getTime() + 2 * 60 * 60_000);
    // 60 expected events: the rate surely moves; no marketplace event, since only the ERP is simulated.
    const s = await simulateActivity(database, {
      now: later,
      elapsedMs: 60_000,
      perMinute: 60,
      random: createPrng(7),
      brand: BRAND,
      systems: { marketplace: false, erp: true },
    });
    expect(eventCount(s)).toBe(0);
    expect(await count(`select count(*)::int as n from sim.mkt_orders`)).toBe(before);
    expect(s.stockMoves.length).toBeGreaterThan(10);
    expect(s.dollarRate).not.toBeNull();
    const moved = Math.round(Math.abs(s.dollarRate! - rateBefore) * 100);
    expect(moved).toBeGreaterThanOrEqual(1);
    expect(moved).toBeLessThanOrEqual(5);
    expect(await erp.getDollarRate()).toEqual({ rate: s.dollarRate, updatedAt: later.toISOString() });
  });

  it("both accounts sell: over half an hour, orders on the main account's listings and on the brand's", async () => {
    const s = await simulateActivity(database, {
      now: new Date(NOW.getTime() + 3 * 60 * 60_000),
      elapsedMs: 30 * 60_000,
      perMinute: 3,
      random: createPrng(20261130),
      brand: BRAND,
      systems: { marketplace: true, erp: false },
    });
    expect(s.orders.length).toBeGreaterThanOrEqual(10);
    const accounts = await database.query<{ account: string }>(`select distinct account from sim.mkt_orders where id = any($1::bigint[])`, [
      s.orders,
    ]);
    expect(accounts.map((a) => a.account).sort()).toEqual(["brand", "main"]);
  });
});

describe("runSimActivity: the job's run", () => {
  it("covers the time since its last run (one period the first time, ten minutes at most) and keeps it in sim.meta", async () => {
    await database.query(`delete from sim.meta where key = $1`, [ACTIVITY_LAST_RUN_KEY]);
    const t0 = new Date(NOW.getTime() + 3 * 60 * 60_000);
    // The job's run at `now`, three events a minute, the default period.
    const runAt = (now: Date) => runSimActivity(database, { now, perMinute: 3, brand: BRAND, periodMs: PERIOD_MS });
    const first = await runAt(t0);
    expect(first.elapsedMs).toBe(PERIOD_MS);
    const second = await runAt(new Date(t0.getTime() + 45_000));
    expect(second.elapsedMs).toBe(45_000);
    const afterDowntime = await runAt(new Date(t0.getTime() + 5 * 60 * 60_000));
    expect(afterDowntime.elapsedMs).toBe(ACTIVITY_CATCH_UP_MS);
    // A clock behind the last run (another instance's) covers nothing and never moves the mark back.
    const behind = await runAt(new Date(t0.getTime() + 60_000));
    expect(behind.elapsedMs).toBe(0);
    expect(eventCount(behind)).toBe(0);
    const [mark] = await database.query<{ value: string }>(`select value #>> '{}' as value from sim.meta where key = $1`, [
      ACTIVITY_LAST_RUN_KEY,
    ]);
    expect(mark.value).toBe(new Date(t0.getTime() + 5 * 60 * 60_000).toISOString());
  });

  it("covers one period of SIM_ACTIVITY_PERIOD_MS the first time when the period is set", async () => {
    await database.query(`delete from sim.meta where key = $1`, [ACTIVITY_LAST_RUN_KEY]);
    const t0 = new Date(NOW.getTime() + 9 * 60 * 60_000);
    const first = await runSimActivity(database, { now: t0, perMinute: 3, brand: BRAND, periodMs: 2000 });
    expect(first.elapsedMs).toBe(2000);
  });
});

describe("the sim-activity job", () => {
  const saved = {
    SIM_ACTIVITY: process.env.SIM_ACTIVITY,
    SIM_ACTIVITY_PERIOD_MS: process.env.SIM_ACTIVITY_PERIOD_MS,
    INTEGRATIONS: process.env.INTEGRATIONS,
    ERP_URL: process.env.ERP_URL,
    ERP_TOKEN: process.env.ERP_TOKEN,
    MARKETPLACE_URL: process.env.MARKETPLACE_URL,
    MARKETPLACE_TOKEN: process.env.MARKETPLACE_TOKEN,
  };
  const jobNames = (env: Record<string, string>) => {
    Object.assign(process.env, env);
    resetEnvCache();
    setIntegrations(undefined);
    try {
      return appJobs(database).map((j) => j.name);
    } finally {
      for (const [k, v] of Object.entries(saved))
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      resetEnvCache();
      setIntegrations(undefined);
    }
  };
  afterAll(() => {
    resetEnvCache();
    setIntegrations(undefined);
  });

  it("tests run without it (SIM_ACTIVITY=0 in tests/helpers/setup-env.ts)", () => {
    expect(getEnv().SIM_ACTIVITY).toBe(0);
    expect(appJobs(database).map((j) => j.name)).not.toContain("sim-activity");
  });

  it("runs every 20 s, once, while the ERP or the marketplace is simulated and SIM_ACTIVITY > 0", () => {
    expect(jobNames({ SIM_ACTIVITY: "3", INTEGRATIONS: "simulator" })).toContain("sim-activity");
    const urls = { ERP_URL: "http://erp.test", ERP_TOKEN: "a", MARKETPLACE_URL: "http://meli.test", MARKETPLACE_TOKEN: "b" };
    expect(jobNames({ SIM_ACTIVITY: "3", INTEGRATIONS: "marketplace=http", ...urls })).toContain("sim-activity");
    expect(jobNames({ SIM_ACTIVITY: "3", INTEGRATIONS: "erp=http,marketplace=http", ...urls })).not.toContain("sim-activity");
    expect(jobNames({ SIM_ACTIVITY: "0", INTEGRATIONS: "simulator" })).not.toContain("sim-activity");
    Object.assign(process.env, { SIM_ACTIVITY: "3" });
    resetEnvCache();
    try {
      const job = appJobs(database).find((j) => j.name === "sim-activity")!;
      expect(job.maxAttempts).toBe(1);
      expect(job.schedule?.text).toBe("cada 20 s");
    } finally {
      if (saved.SIM_ACTIVITY === undefined) delete process.env.SIM_ACTIVITY;
      else process.env.SIM_ACTIVITY = saved.SIM_ACTIVITY;
      resetEnvCache();
    }
  });

  it("runs every SIM_ACTIVITY_PERIOD_MS when it is set", () => {
    Object.assign(process.env, { SIM_ACTIVITY: "3", SIM_ACTIVITY_PERIOD_MS: "2000" });
    resetEnvCache();
    try {
      expect(appJobs(database).find((j) => j.name === "sim-activity")?.schedule?.text).toBe("cada 2 s");
    } finally {
      for (const key of ["SIM_ACTIVITY", "SIM_ACTIVITY_PERIOD_MS"] as const)
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      resetEnvCache();
    }
  });
});

describe("poisson", () => {
  it("averages its mean", () => {
    const random = createPrng(99);
    for (const mean of [0.5, 3, 30, 800]) {
      const draws = Array.from({ length: 2000 }, () => poisson(mean, random));
      const average = draws.reduce((s, x) => s + x, 0) / draws.length;
      expect(Math.abs(average - mean) / mean, String(mean)).toBeLessThan(0.08);
    }
    expect(poisson(0, random)).toBe(0);
  });
});
