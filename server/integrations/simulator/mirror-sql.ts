/**
 * SQL that copies what the marketplace knows from the app's tables into the simulator's own view
 * (sim.mkt_*). The seed runs it for every row; a call about a row the seed never saw (an order
 * imported later) runs it for that row only, so the simulator always agrees with the app's data.
 */
import { simOfficialStoreList } from "../marketplace/official-stores";

/** Which marketplace account a row with this store value belongs to (empty or Meli 1 = main). */
export function accountOf(storeColumn: string): string {
  return `(case when nullif(trim(coalesce(${storeColumn}, '')), '') is not null
                 and lower(trim(${storeColumn})) not in ('meli1', 'meli 1', 'main') then 'brand' else 'main' end)`;
}

/** Marketplace orders only: quoter and web-shop orders never reach the marketplace. */
export function mirrorOrdersSql(where: string): string {
  return `
insert into sim.mkt_orders (id, account, buyer_id, buyer_nickname, buyer_first_name, buyer_last_name, order_status,
  status_history, shipment_id, shipment_status, logistic_type, tracking_number, shipping_info, items, total_amount,
  order_date, active, label_printed_at)
select o.id, ${accountOf("o.store")}, o.buyer_id, o.buyer_nickname,
       coalesce(o.shipping_info->>'firstName', o.shipping_info->>'first_name', ''),
       coalesce(o.shipping_info->>'lastName', o.shipping_info->>'last_name', ''),
       o.order_status, o.status,
       -- Full and "a acordar" orders have no marketplace label; the others always carry a shipment.
       case when lower(coalesce(o.logistic_type, '')) in ('fulfillment', 'not_specified') then o.shipment_id
            else coalesce(o.shipment_id, 43000000000 + (o.id % 1000000000)) end,
       o.shipment_status, o.logistic_type,
       coalesce(o.shipment_info->>'trackingNumber', o.shipment_info->>'tracking_number'),
       o.shipping_info, o.order_items, o.total_amount, o.order_date,
       coalesce(o.active_status, 'active') not in ('false', 'inactive'),
       case when o.printed_label then o.updated_at end
  from public.orders o
 where lower(coalesce(o.logistic_type, '')) not in ('cotizador', 'ecommerce') and (${where})
on conflict (id) do nothing`;
}

export function mirrorQuestionsSql(where: string): string {
  return `
insert into sim.mkt_questions (id, account, client_id, status, answer, answered_by, answered_at)
select q.id, ${accountOf("q.store")}, q.client_id,
       case when q.status = 'UNANSWERED' then 'UNANSWERED' when lower(q.status) = 'deleted' then 'DELETED' else 'ANSWERED' end,
       q.answer, q.updated_by, q.answered_at
  from public.questions q
 where ${where}
on conflict (id) do nothing`;
}

export function mirrorPublicationsSql(where: string): string {
  return `
insert into sim.mkt_publications (id, account, official_store_id, title, price, category_id, listing_type, status, description, attributes,
  picture_url, seller_sku, linked_products, variations, sold_quantity, visits, channels, last_sync_up)
select p.id,
       case when coalesce(p.official_store, '') <> '' then 'brand' else 'main' end,
       case when p.ml_store in (${simOfficialStoreList()}) then p.ml_store end,
       p.title, p.price, p.category_id, p.listing_type, p.status,
       concat_ws(E'\\n\\n', nullif(p.description->>'intro', ''), nullif(p.description->>'body', ''), nullif(p.description->>'closing', '')),
       jsonb_build_array(
         jsonb_build_object('id', 'SELLER_SKU', 'name', 'SKU', 'value_name', upper(p.linked_products->0->>'sku')),
         jsonb_build_object('id', 'ITEM_CONDITION', 'name', 'Condición del ítem', 'value_name', 'Nuevo')),
       p.gallery->0->>'url',
       upper(p.linked_products->0->>'sku'),
       (select coalesce(jsonb_agg(jsonb_build_object('sku', upper(lp->>'sku'), 'qty', coalesce((lp->>'qty')::numeric, 1),
                                                     'discount', coalesce((lp->>'discount')::numeric, 0))), '[]'::jsonb)
          from jsonb_array_elements(p.linked_products) lp),
       coalesce((select jsonb_agg(jsonb_build_object('id', v.id, 'name', v.name, 'linked_products', v.linked_products) order by v.id)
                   from public.publication_variations v where v.post_id = p.id), '[]'::jsonb),
       p.sold_quantity, p.visits, p.channels, p.last_sync_up
  from public.publications p
 where ${where}
on conflict (id) do nothing`;
}
