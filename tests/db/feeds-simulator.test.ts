/**
 * The feeds through the simulator's content back end (what the demo runs): the same engine and
 * appliers, the simulator's SQL filter and sort, its microsecond stamps, and its write log.
 */
import { describe, expect, it } from "vitest";
import { createSimulatorIntegrations } from "../../server/integrations/simulator";
import { putContentItem } from "../../server/integrations/content/simulator";
import { runCollectionFeed } from "~/modules/sync/feed-engine.server";
import { collectionFeeds } from "~/modules/sync/feeds.server";
import { useTestDatabase } from "../helpers/db";

const database = await useTestDatabase();
const { content } = createSimulatorIntegrations({ database: () => database });
const feed = (name: string) => collectionFeeds().find((f) => f.name === name)!;

const order = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  order_date: "2026-11-29T09:00:00Z",
  order_status: "paid",
  status: "paid",
  logistic_type: "drop_off",
  total_amount: 250,
  order_items: [{ id: "MLM998877", title: "Apagador de escalera", price: 125, qty: 2, seller_sku: "AP-ESC" }],
  buyer_id: 4401,
  buyer_nickname: "ELECTRO_JUAN",
  ...extra,
});

describe("feeds over the simulated content back end", () => {
  it("orders written upstream arrive, in keyset pages across stamps that share a millisecond", async () => {
    const ids = Array.from({ length: 7 }, (_, i) => String(9_200_000_000 + i));
    // One stamp for all: the page boundary falls inside equal stamps and must be split by id.
    const at = new Date(Date.now() - 3_600_000);
    for (const id of ids) await putContentItem(database, "mercadolibre_orders", order(id), at);
    const result = await runCollectionFeed({ ...feed("orders-main"), pageSize: 3 }, { content });
    expect(result).toMatchObject({ status: "ok", rows: 7 });
    const rows = await database.query<{ id: string }>("select id::text from orders where id = any($1::bigint[]) order by id", [ids]);
    expect(rows.map((r) => r.id)).toEqual(ids);

    // A later change (stamped with microseconds by the simulator) is read once, then nothing.
    await putContentItem(database, "mercadolibre_orders", order(ids[2], { shipment_status: "delivered" }));
    expect((await runCollectionFeed(feed("orders-main"), { content, lookbackMs: 60_000 })).rows).toBe(1);
    expect((await runCollectionFeed(feed("orders-main"), { content, lookbackMs: 60_000 })).rows).toBe(0);
    const [row] = await database.query<{ shipment_status: string }>("select shipment_status from orders where id = $1", [ids[2]]);
    expect(row.shipment_status).toBe("delivered");
  });

  it("a stamp written with less precision than its column (milliseconds) does not make the last page read its row again", async () => {
    // As a bulk load writes them: the column to the microsecond, the record's text to the millisecond.
    // An hour ahead: after whatever the cursor has read.
    const second = new Date(Math.floor(Date.now() / 1000) * 1000 + 3_600_000).toISOString().slice(0, 19);
    const ids = ["9200000101", "9200000102", "9200000103"];
    for (const [i, id] of ids.entries()) {
      await database.query(
        `insert into sim.content_items (collection, id, data, changed_at)
         values ('mercadolibre_orders', $1, $2::jsonb, $3::timestamptz + $4 * interval '1 millisecond')`,
        [id, JSON.stringify(order(id, { updated_at: `${second}.${123 + i}Z` })), `${second}.123456Z`, i],
      );
    }
    const result = await runCollectionFeed({ ...feed("orders-main"), pageSize: 2 }, { content });
    expect(result).toMatchObject({ status: "ok", rows: 3 });
    // The stamps the feed read are the column's, to the microsecond.
    const [state] = await database.query<{ cursor_key: string }>("select cursor_key from feed_state where name = 'orders-main'");
    expect(JSON.parse(state.cursor_key)).toEqual([`${second}.125456Z`, "9200000103"]);
  });

  it("a conversation brings its order's messages once, whoever wrote them", async () => {
    const seller = "123456";
    const record = {
      id: "77001",
      order_id: "9200000002",
      order_date: "2026-11-29T09:00:00Z",
      conversation: [
        { id: "m-1", text: "Hola, ¿me pueden facturar?", from: { user_id: "4401" }, message_date: { created: "2026-11-29T09:10:00Z" } },
        { id: "m-2", text: "Claro, envíenos su constancia.", from: { user_id: seller }, message_date: { created: "2026-11-29T09:20:00Z" } },
      ],
      client_id: "4401",
      seller_id: seller,
      status: "active",
    };
    await putContentItem(database, "messages", record);
    expect((await runCollectionFeed(feed("messages"), { content })).rows).toBeGreaterThanOrEqual(2);
    const stored = await database.query<{ external_id: string; from_seller: boolean }>(
      "select m.external_id, m.from_seller from messages m join conversations c on c.id = m.conversation_id where c.order_id = 9200000002 order by m.message_date",
    );
    expect(stored).toEqual([
      { external_id: "m-1", from_seller: false },
      { external_id: "m-2", from_seller: true },
    ]);
    const [conversation] = await database.query<{ asks_invoice: boolean; last_message_from_seller: boolean }>(
      "select asks_invoice, last_message_from_seller from conversations where order_id = 9200000002",
    );
    // "facturar" in a buyer's text marks the conversation (spec 1: conversation_invoice).
    expect(conversation).toEqual({ asks_invoice: true, last_message_from_seller: true });
    await putContentItem(database, "messages", record);
    expect((await runCollectionFeed(feed("messages"), { content })).rows).toBe(0);
  });
});

describe("the dollar rate from the ERP", () => {
  it("a new rate reaches settings.dollar_price (and the audit log); the same rate writes nothing", async () => {
    const { refreshDollarRate } = await import("~/modules/sync/dollar-rate.server");
    const { currentDollarRate } = await import("~/modules/pricing/rate.server");
    const erp = (rate: number) => ({ getDollarRate: async () => ({ rate, updatedAt: null }) });
    const first = await refreshDollarRate(erp(18.4213));
    expect(first.changed).toBe(true);
    expect(await currentDollarRate()).toBe(18.4213);
    const audits = async () =>
      Number((await database.query<{ n: number }>("select count(*)::int as n from audit_log where 'dollar_price' = any(tags)"))[0].n);
    const before = await audits();
    expect((await refreshDollarRate(erp(18.4213))).changed).toBe(false);
    expect(await audits()).toBe(before);
    expect((await refreshDollarRate(erp(18.5))).previous).toBe(18.4213);
    expect(await currentDollarRate()).toBe(18.5);
  });
});
