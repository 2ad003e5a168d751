import { getDatabase } from "@server/db/client";

/** 'Sin sincronizar': every linked product (flat and per variation) of publications without any sync. */
export async function unsyncedLinkedProducts() {
  return getDatabase().query<{
    id: string; title: string; status: string; variation: string | null; sku: string; name: string; qty: number; discount: number; price: number; stock: number;
  }>(
    `select p.id, p.title, case when p.status = 'active' then 'Activa' else 'Inactiva' end as status, l.variation,
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
  );
}

/** 'Por stock': autosync publications whose immediate and later stock are both at or below the threshold. */
export async function lowStockPublications(threshold: number) {
  return getDatabase().query<{ id: string; title: string; status: string; stock_now: number; stock_later: number; skus: string; sold_quantity: number }>(
    `select p.id, p.title, case when p.status = 'active' then 'Activa' else 'Inactiva' end as status, p.stock_now, p.stock_later,
            p.linked_products_string as skus, p.sold_quantity
       from publications p
      where p.autosync and p.stock_now <= $1 and p.stock_later <= $1
      order by p.stock_now, p.stock_later, p.id`,
    [threshold],
  );
}
