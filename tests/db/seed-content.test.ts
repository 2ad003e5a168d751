/**
 * The demo's records in the simulated content back end (server/integrations/simulator/seed-content.ts):
 * every record the outbox may write to is there, the feeds go on after them, and what a feed reads
 * back of them is the row it came from, so a staff edit reaches the back end and comes back intact.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../server/db/client";
import { orders } from "../../server/db/schema";
import { createSimulatorIntegrations } from "../../server/integrations/simulator";
import { action as orderAction } from "~/routes/orders/$orderId";
import { runCollectionFeed } from "~/modules/sync/feed-engine.server";
import { collectionFeeds } from "~/modules/sync/feeds.server";
import { deliverOutbound } from "~/modules/sync/outbox.server";
import { useTestDatabase } from "../helpers/db";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { routeArgs } from "../helpers/route-args";

const database = await useTestDatabase({ demo: true });
const { content } = createSimulatorIntegrations({ database: () => database });
const feed = (name: string) => collectionFeeds().find((f) => f.name === name)!;
const FEEDS = ["orders-main", "orders-brand", "questions", "publications"];
/** The spec's rule: an order of the main account (store empty, Meli 1) lives in the main collection. */
const MAIN_STORE = `coalesce(lower(trim(store)), '') in ('', 'meli1', 'meli 1', 'main')`;

const count = async (text: string) => (await database.query<{ n: number }>(`select count(*)::int as n from ${text}`))[0].n;
const held = (collection: string) => count(`sim.content_items where collection = '${collection}'`);

/** The app's rows as a feed could change them: everything but the stamps the applier writes. */
const rows = () =>
  Promise.all([
    database.query(`select to_jsonb(o) - 'updated_at' - 'upstream_updated_at' as row from orders o order by id`),
    database.query(`select to_jsonb(q) - 'updated_at' - 'upstream_updated_at' as row from questions q order by id`),
    database.query(`select to_jsonb(p) - 'upstream_updated_at' as row from publications p order by id`),
  ]);

describe("the seeded records in the content back end", () => {
  it("every order (in its account's collection), question, publication and variation is held", async () => {
    expect(await count(`orders`)).toBeGreaterThan(100);
    expect(await held("mercadolibre_orders")).toBe(await count(`orders where ${MAIN_STORE}`));
    expect(await held("electrica_orders")).toBe(await count(`orders where not ${MAIN_STORE}`));
    expect(await held("electrica_orders")).toBeGreaterThan(0);
    expect(await held("questions")).toBe(await count(`questions`));
    expect(await held("mercadolibre_posts")).toBe(await count(`publications`));
    expect(await held("mercadolibre_variations")).toBe(await count(`publication_variations`));
    expect(await held("mercadolibre_variations")).toBeGreaterThan(0);
  });

  it("the feeds go on after them, as after the first import: nothing seeded is read again", async () => {
    for (const name of FEEDS) {
      const [state] = await database.query<{ cursor_key: string | null }>(`select cursor_key from feed_state where name = $1`, [name]);
      expect(state?.cursor_key, name).toMatch(/^\["\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z", ?"[A-Z0-9]+"\]$/);
      expect(await runCollectionFeed(feed(name), { content }), name).toMatchObject({ status: "ok", rows: 0, skipped: 0 });
    }
  });

  it("read back through the feeds from the start, every record is valid and gives the row it came from", async () => {
    const before = await rows();
    // As if no feed had read anything yet: every record is read and, newer than nothing, applied.
    await database.query(`update feed_state set cursor_key = null, cursor_at = null, last_run_at = null where name = any($1)`, [FEEDS]);
    await database.query(`update orders set upstream_updated_at = null`);
    await database.query(`update questions set upstream_updated_at = null`);
    await database.query(`update publications set upstream_updated_at = null`);
    const applied: Record<string, number> = {};
    for (const name of FEEDS) {
      const result = await runCollectionFeed(feed(name), { content });
      expect(result, name).toMatchObject({ status: "ok", skipped: 0 });
      applied[name] = result.rows;
    }
    expect(applied["orders-main"] + applied["orders-brand"]).toBe(await count("orders"));
    expect(applied.questions).toBe(await count("questions"));
    expect(await count("feed_rejects")).toBe(0);
    const after = await rows();
    for (const [k, table] of ["orders", "questions", "publications"].entries()) expect(after[k], table).toEqual(before[k]);
  });

  it("a staff edit of a seeded order is delivered, and the feed's reading of it back keeps the edit and the rest", async () => {
    const db = getDb();
    const admin = await loginAs("admin");
    const [o] = await db
      .select()
      .from(orders)
      .where(sql`coalesce(${orders.store}, '') = '' and ${orders.comments} is null`)
      .limit(1);
    const id = o.id.toString();
    const res = await settle(() =>
      orderAction(
        routeArgs({
          request: makeRequest(`/orders/${id}`, {
            cookie: admin.cookie,
            form: { intent: "save", version: String(o.version), comments: "Llamar antes" },
          }),
          params: { orderId: id },
        }),
      ),
    );
    expect((res as Response).status).toBe(302);
    const saved = await database.query(`select to_jsonb(o) - 'updated_at' - 'upstream_updated_at' as row from orders o where id = $1`, [
      id,
    ]);
    await deliverOutbound({ now: new Date(Date.now() + 1_000) });
    const [call] = await database.query<{ state: string; last_error: string | null }>(
      `select state, last_error from outbound where collection = 'mercadolibre_orders' and record_id = $1`,
      [id],
    );
    expect(call).toEqual({ state: "done", last_error: null });

    expect(await runCollectionFeed(feed("orders-main"), { content })).toMatchObject({ status: "ok", rows: 1, skipped: 0 });
    const [row] = await db.select().from(orders).where(eq(orders.id, o.id));
    expect(row.comments).toBe("Llamar antes");
    expect(
      await database.query(`select to_jsonb(o) - 'updated_at' - 'upstream_updated_at' as row from orders o where id = $1`, [id]),
    ).toEqual(saved);
  });
});
