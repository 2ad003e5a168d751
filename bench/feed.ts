/**
 * The feed line of `npm run bench` (issue 28: 10,000 new orders in ≤ 60 s): that many orders are
 * written to the simulated content back end, the orders feed reads them through the same engine and
 * appliers production runs, and everything is removed again so the bench database stays as seeded.
 */
import { setDatabase, type Database } from "../server/db/client";
import { createSimulatorIntegrations } from "../server/integrations/simulator";
import { runCollectionFeed } from "~/modules/sync/feed-engine.server";
import { collectionFeeds } from "~/modules/sync/feeds.server";

const FIRST_ID = 9_700_000_000;

/** Removes the feed lines' orders, upstream records and cursor, so the bench database stays as seeded. */
export async function cleanFeedOrders(database: Database, count = 10_000) {
  await database.query(`delete from orders where id between $1 and $2`, [FIRST_ID, FIRST_ID + count]);
  await database.query(`delete from sim.content_items where collection = 'mercadolibre_orders' and id::bigint between $1 and $2`, [
    FIRST_ID,
    FIRST_ID + count,
  ]);
  await database.query(`delete from feed_state where name = 'orders-main'`);
}

/** Writes `count` realistic new orders to the simulated content back end, stamped a millisecond apart. */
export async function seedUpstreamOrders(database: Database, count = 10_000) {
  await database.query(
    `insert into sim.content_items (collection, id, data, changed_at)
     select 'mercadolibre_orders', (${FIRST_ID} + g)::text,
            jsonb_build_object(
              'id', (${FIRST_ID} + g)::text, 'order_date', to_char(t - interval '1 hour', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
              'updated_at', to_char(t, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
              'order_status', 'paid', 'status', 'paid', 'logistic_type', (array['drop_off','cross_docking','fulfillment'])[1 + g % 3],
              'shipment_status', 'ready_to_ship', 'title', 'Interruptor termomagnético ' || (g % 60 + 10) || ' A',
              'shipping_info', jsonb_build_object('first_name', 'Cliente', 'last_name', 'Bench ' || g, 'zip_code', lpad((g % 99999)::text, 5, '0')),
              'order_items', jsonb_build_array(jsonb_build_object('id', 'MLM' || (600000000 + g % 5000), 'title', 'Interruptor', 'price', 150 + g % 900, 'qty', 1 + g % 3, 'seller_sku', 'SKU' || (g % 5000))),
              'total_amount', 150 + g % 900, 'buyer_id', 800000 + g, 'buyer_nickname', 'COMPRADOR' || g),
            t
       from generate_series(1, ${count}) g,
            lateral (select (now() at time zone 'UTC') - interval '30 minutes' + g * interval '1 millisecond' as t0) s,
            lateral (select (s.t0 at time zone 'UTC') as t) u`,
  );
}

export async function measureFeedIngest(database: Database, count = 10_000) {
  setDatabase(database);
  const { content } = createSimulatorIntegrations({ database: () => database });
  const feed = collectionFeeds().find((f) => f.name === "orders-main")!;
  await cleanFeedOrders(database, count);
  await seedUpstreamOrders(database, count);
  const started = performance.now();
  const result = await runCollectionFeed({ ...feed, pageSize: 500 }, { content, maxRecords: count * 2 });
  const ms = performance.now() - started;
  await cleanFeedOrders(database, count);
  setDatabase(undefined);
  return { rows: result.rows, status: result.status, ms: Math.round(ms), rowsPerSecond: Math.round(result.rows / (ms / 1000)) };
}
