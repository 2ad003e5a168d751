import { getDatabase } from "@server/db/client";
import { allRows, keysetPages, REPORT_PAGE_ROWS } from "@server/db/keyset-pages";

/*
 * Both reports are read in keyset pages (server/db/keyset-pages.ts) so that, on the embedded
 * database, a report over tens of thousands of publications never holds other users for longer
 * than one page's statement. Each page walks a partial index in the report's own order.
 */

export type UnsyncedRow = {
  id: string;
  title: string;
  status: string;
  variation: string | null;
  sku: string;
  name: string;
  qty: number;
  discount: number;
  price: number;
  stock: number;
};

/** Publications per page of 'Sin sincronizar' (each gives a row per linked product). */
const UNSYNCED_PAGE_PUBLICATIONS = 200;

const UNSYNCED_SQL = (after: boolean) => `
  select p.id, p.title, case when p.status = 'active' then 'Activa' else 'Inactiva' end as status, l.variation,
         upper(l.x->>'sku') as sku, coalesce(l.x->>'name', '') as name, coalesce((l.x->>'qty')::numeric, 1)::int as qty,
         coalesce((l.x->>'discount')::numeric, 0)::float8 as discount, coalesce((l.x->>'price')::numeric, 0)::float8 as price,
         coalesce((l.x->>'stock')::numeric, 0)::int as stock, l.x is null as no_product
    from (select * from publications
           where not autosync and not price_sync and not stock_sync ${after ? "and id > $2" : ""}
           order by id limit $1) p
    left join lateral (
      select null::text as variation, x from jsonb_array_elements(p.linked_products) x
      union all
      select v.name, x from publication_variations v cross join lateral jsonb_array_elements(v.linked_products) x where v.post_id = p.id
    ) l on true
   order by p.id, l.variation nulls first, 5`;

/** 'Sin sincronizar': every linked product (flat and per variation) of publications without any sync. */
export async function unsyncedLinkedProducts(): Promise<UnsyncedRow[]> {
  const database = getDatabase();
  const pages = keysetPages<UnsyncedRow, string>(async (after) => {
    const found = await database.query<UnsyncedRow & { no_product: boolean }>(
      UNSYNCED_SQL(after !== null),
      after === null ? [UNSYNCED_PAGE_PUBLICATIONS] : [UNSYNCED_PAGE_PUBLICATIONS, after],
    );
    // A publication without linked products comes back as one empty row: it counts for the page, not the report.
    const publications = new Set(found.map((r) => r.id)).size;
    const rows = found.filter((r) => !r.no_product).map(({ no_product: _skip, ...row }) => row);
    return { rows, next: publications < UNSYNCED_PAGE_PUBLICATIONS ? null : found[found.length - 1].id };
  });
  return allRows(pages);
}

export type LowStockRow = {
  id: string;
  title: string;
  status: string;
  stock_now: number;
  stock_later: number;
  skus: string;
  sold_quantity: number;
};
type StockKey = { stockNow: number; stockLater: number; id: string };

const LOW_STOCK_SQL = (after: boolean) => `
  select p.id, p.title, case when p.status = 'active' then 'Activa' else 'Inactiva' end as status, p.stock_now, p.stock_later,
         p.linked_products_string as skus, p.sold_quantity
    from publications p
   where p.autosync and p.stock_now <= $1 and p.stock_later <= $1
         ${after ? "and (p.stock_now, p.stock_later, p.id) > ($3::int, $4::int, $5::text)" : ""}
   order by p.stock_now, p.stock_later, p.id
   limit $2`;

/** 'Por stock': autosync publications whose immediate and later stock are both at or below the threshold. */
export async function lowStockPublications(threshold: number): Promise<LowStockRow[]> {
  const database = getDatabase();
  const pages = keysetPages<LowStockRow, StockKey>(async (after) => {
    const rows = await database.query<LowStockRow>(
      LOW_STOCK_SQL(after !== null),
      after === null ? [threshold, REPORT_PAGE_ROWS] : [threshold, REPORT_PAGE_ROWS, after.stockNow, after.stockLater, after.id],
    );
    const last = rows[rows.length - 1];
    return { rows, next: rows.length < REPORT_PAGE_ROWS ? null : { stockNow: last.stock_now, stockLater: last.stock_later, id: last.id } };
  });
  // The pages are separate statements: a publication whose stock a sync moved past the read position
  // while the report was read would come back twice; it is listed once.
  const seen = new Set<string>();
  const rows: LowStockRow[] = [];
  for await (const page of pages) {
    for (const row of page) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
  }
  return rows;
}
