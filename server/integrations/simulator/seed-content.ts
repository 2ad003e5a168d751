/**
 * The content back end's side of the seeded data: the records the app was seeded with, in the
 * collections the outbox writes to, as the first import would have found them upstream (spec 1 §3
 * field names). Without them every staff edit of a seeded record (an order's comments, a
 * publication's sync switch, a rated answer) was refused by the simulated back end with a 404 and
 * stopped in the outbox. The feeds then go on after them, as they do after the first import:
 * their cursors start at the newest record mirrored here (only for a feed that never ran).
 *
 * JSON the app keeps in camelCase (shipping_info, order_items…) goes back to the back end's
 * snake_case, the exact inverse of the feeds' reading (camelKeys in app/modules/sync/feeds.server.ts):
 * a record re-read by a feed after a PATCH changes nothing it did not change
 * (tests/db/seed-content.test.ts reads every mirrored record back through the feeds).
 */
import { brandSegmentFrom } from "../marketplace/http";
import { ordersCollection } from "../content/collections";
import { STAMP_TEXT } from "../content/simulator";
import { accountOf } from "./mirror-sql";

/** The feeds whose records the seed mirrors, and the collection each reads. */
export function mirroredFeeds(brand: string) {
  return [
    { feed: "orders-main", collection: ordersCollection("main", brandSegmentFrom(brand)) },
    { feed: "orders-brand", collection: ordersCollection("brand", brandSegmentFrom(brand)) },
    { feed: "questions", collection: "questions" },
    { feed: "publications", collection: "mercadolibre_posts" },
  ];
}

export function contentStatements(brand: string): string[] {
  const main = ordersCollection("main", brandSegmentFrom(brand));
  const branded = ordersCollection("brand", brandSegmentFrom(brand));
  return [
    // camelCase keys of one JSON object → snake_case (firstName → first_name; address1 stays).
    `create or replace function pg_temp.snake_keys(value jsonb) returns jsonb language sql immutable as $$
       select case when jsonb_typeof(value) = 'object'
                   then (select coalesce(jsonb_object_agg(lower(regexp_replace(k, '([A-Z])', '_\\1', 'g')), v), '{}'::jsonb)
                           from jsonb_each(value) as e(k, v))
                   else value end $$`,
    `create or replace function pg_temp.snake_each(value jsonb) returns jsonb language sql immutable as $$
       select case when jsonb_typeof(value) = 'array'
                   then (select coalesce(jsonb_agg(pg_temp.snake_keys(x) order by i), '[]'::jsonb)
                           from jsonb_array_elements(value) with ordinality as t(x, i))
                   else value end $$`,

    // Orders ({product}_orders), web-shop and quoter orders included: the outbox PATCHes any order's edits.
    `insert into sim.content_items (collection, id, data, changed_at)
     select case when ${accountOf("o.store")} = 'brand' then '${branded}' else '${main}' end, o.id::text,
            (to_jsonb(o) - 'version' - 'created_at' - 'upstream_updated_at')
              || jsonb_build_object(
                   'id', o.id::text,
                   'related_order_id', o.related_order_id::text,
                   'updated_at', coalesce(o.upstream_updated_at, o.updated_at),
                   'shipping_info', pg_temp.snake_keys(o.shipping_info),
                   'shipment_info', pg_temp.snake_keys(o.shipment_info),
                   'payment_info', pg_temp.snake_keys(o.payment_info),
                   'sale_detail', pg_temp.snake_keys(o.sale_detail),
                   'manual_delivered', pg_temp.snake_keys(o.manual_delivered),
                   'order_items', pg_temp.snake_each(o.order_items),
                   'products_order', pg_temp.snake_each(o.products_order)),
            coalesce(o.upstream_updated_at, o.updated_at)
       from public.orders o
     on conflict (collection, id) do nothing`,

    `insert into sim.content_items (collection, id, data, changed_at)
     select 'questions', q.id::text,
            jsonb_build_object(
              'id', q.id::text, 'status', q.status, 'message', q.message, 'publication', q.publication_id,
              'answer', q.answer, 'client_id', q.client_id::text, 'client', jsonb_build_object('nickname', q.client_nickname),
              'store', q.store, 'date_created', q.date_created, 'updated_at', coalesce(q.upstream_updated_at, q.updated_at),
              'answered_at', q.answered_at, 'evaluation', q.evaluation, 'suggestion', q.suggestion),
            coalesce(q.upstream_updated_at, q.updated_at)
       from public.questions q
     on conflict (collection, id) do nothing`,

    `insert into sim.content_items (collection, id, data, changed_at)
     select 'mercadolibre_posts', p.id,
            jsonb_build_object(
              'id', p.id, 'title', p.title, 'permalink', p.permalink, 'price', p.price, 'autosync', p.autosync,
              'price_sync', p.price_sync, 'stock_sync', p.stock_sync, 'own_post', p.own_post, 'listing_type', p.listing_type,
              'logistic_type', p.logistic_type, 'linked_products', pg_temp.snake_each(p.linked_products),
              'sync_warehouses', to_jsonb(p.sync_warehouses), 'category_id', p.category_id, 'status', p.status,
              'ml_store', p.ml_store, 'officialStore', p.official_store, 'channels', to_jsonb(p.channels),
              'sold_quantity', p.sold_quantity, 'visits', p.visits, 'stock_now', p.stock_now, 'stock_later', p.stock_later,
              'last_sync_up', p.last_sync_up, 'last_sync_down', p.last_sync_down,
              'last_update', coalesce(p.upstream_updated_at, p.last_update, p.created_at), 'created_at', p.created_at),
            coalesce(p.upstream_updated_at, p.last_update, p.created_at)
       from public.publications p
     on conflict (collection, id) do nothing`,

    `insert into sim.content_items (collection, id, data, changed_at)
     select 'mercadolibre_variations', v.id::text,
            jsonb_build_object('id', v.id, 'post_id', v.post_id, 'name', v.name,
                               'linked_products', pg_temp.snake_each(v.linked_products), 'last_update', v.last_update),
            coalesce(v.last_update, p.created_at)
       from public.publication_variations v join public.publications p on p.id = v.post_id
     on conflict (collection, id) do nothing`,

    // Each feed goes on after the newest record mirrored for it, as after the first import; a feed
    // that already ran keeps its own cursor.
    ...mirroredFeeds(brand).map(
      ({ feed, collection }) => `
     insert into public.feed_state (name, cursor_key, cursor_at)
     select '${feed}', jsonb_build_array(${STAMP_TEXT}, id)::text, changed_at
       from sim.content_items where collection = '${collection}'
      order by changed_at desc, id_key desc limit 1
     on conflict (name) do update set cursor_key = excluded.cursor_key, cursor_at = excluded.cursor_at
      where feed_state.cursor_key is null and feed_state.last_run_at is null`,
    ),
  ];
}
