/**
 * The simulated marketplace's order reports. The simulator keeps its data in the app's own database,
 * so on the embedded database one statement over a month of orders would hold every other user for
 * its length: the orders are read in keyset pages along sim_mkt_orders_date_id_idx (order_date, id),
 * with a turn of the event loop between pages (server/db/keyset-pages.ts).
 */
import type { Database } from "../../db/client";
import { allRows, keysetPages, REPORT_PAGE_ROWS } from "../../db/keyset-pages";
import type { CustomerSummaryRow, MarketplaceAccount, SalesReportRow } from "./port";

const ZONE = "America/Mexico_City";

/** Where a page of orders continues: the last order's date (text keeps the microseconds) and id. */
type OrderKey = { date: string; id: string };

/** The keyset condition, with its two parameters numbered from `n`. */
const keysetAfter = (n: number) => `and (o.order_date, o.id) > ($${n}::timestamptz, $${n + 1}::bigint)`;
const keyParams = (after: OrderKey | null) => (after ? [after.date, after.id] : []);

// Ranges on order_date itself (not on its local day) so that each page is an index range scan; the
// instants are Mexico City's midnights, the same bounds the local-day comparison drew.
const MONTH = `o.order_date >= ($1::date::timestamp at time zone '${ZONE}') and o.order_date < (($1::date + interval '1 month') at time zone '${ZONE}')`;
const DAYS = `o.order_date >= ($1::date::timestamp at time zone '${ZONE}') and o.order_date < (($2::date + 1)::timestamp at time zone '${ZONE}')`;

/** The sales report: one row per order item of the orders placed between two local days, by date. */
export async function pagedSalesReport(database: Database, start: string, end: string): Promise<SalesReportRow[]> {
  type Row = {
    order_id: string;
    date: string;
    account: MarketplaceAccount;
    title: string;
    sku: string | null;
    qty: number;
    total: number;
    status: string;
    logistic_type: string | null;
    no_item: boolean;
    key_date: string;
  };
  const pages = keysetPages<Row, OrderKey>(async (after) => {
    // An order without items still comes back (as one empty row) so that the page knows where it ended.
    const rows = await database.query<Row>(
      `select o.id::text as order_id, to_char(o.order_date at time zone '${ZONE}', 'YYYY-MM-DD HH24:MI:SS') as date, o.account,
              coalesce(it.value->>'title', '') as title, nullif(it.value->>'sellerSku', '') as sku,
              coalesce((it.value->>'qty')::numeric, 1)::float8 as qty,
              round(coalesce((it.value->>'price')::numeric, 0) * coalesce((it.value->>'qty')::numeric, 1), 2)::float8 as total,
              o.order_status as status, o.logistic_type, it.value is null as no_item, o.order_date::text as key_date
         from (select * from sim.mkt_orders o where ${DAYS} ${after ? keysetAfter(3) : ""} order by o.order_date, o.id limit ${REPORT_PAGE_ROWS}) o
         left join lateral jsonb_array_elements(o.items) with ordinality it on true
        order by o.order_date, o.id, it.ordinality`,
      [start, end, ...keyParams(after)],
    );
    const orders = new Set(rows.map((r) => r.order_id)).size;
    const last = rows[rows.length - 1];
    return { rows, next: orders < REPORT_PAGE_ROWS ? null : { date: last.key_date, id: last.order_id } };
  });
  const rows = await allRows(pages);
  return rows
    .filter((r) => !r.no_item)
    .map((r) => ({
      orderId: r.order_id,
      date: r.date,
      account: r.account,
      title: r.title,
      sku: r.sku,
      qty: Number(r.qty),
      total: Number(r.total),
      status: r.status,
      logisticType: r.logistic_type,
    }));
}

type Buyer = {
  buyerId: string | null;
  nicknames: Set<string>;
  firstNames: Set<string>;
  lastNames: Set<string>;
  orders: number;
  cents: number;
};

/**
 * The monthly customer report: per buyer, the orders of the month that were not cancelled and their
 * total, largest first. The orders are added up here, page by page (totals in whole cents:
 * total_amount has two decimals, so the sum is exact); a buyer whose orders disagree on a name gets
 * the database's greatest one, as `max()` over the whole month did.
 */
export async function pagedCustomerSummary(database: Database, firstDay: string): Promise<CustomerSummaryRow[]> {
  type Row = {
    buyer_id: string | null;
    nickname: string | null;
    first_name: string | null;
    last_name: string | null;
    cents: number;
    key_date: string;
    id: string;
  };
  const pages = keysetPages<Row, OrderKey>(async (after) => {
    const rows = await database.query<Row>(
      `select o.buyer_id::text as buyer_id, o.buyer_nickname as nickname, o.buyer_first_name as first_name, o.buyer_last_name as last_name,
              (o.total_amount * 100)::float8 as cents, o.order_date::text as key_date, o.id::text as id
         from sim.mkt_orders o
        where o.order_status <> 'cancelled' and ${MONTH} ${after ? keysetAfter(2) : ""}
        order by o.order_date, o.id limit ${REPORT_PAGE_ROWS}`,
      [firstDay, ...keyParams(after)],
    );
    const last = rows[rows.length - 1];
    return { rows, next: rows.length < REPORT_PAGE_ROWS ? null : { date: last.key_date, id: last.id } };
  });

  const buyers = new Map<string, Buyer>();
  for await (const page of pages) {
    for (const order of page) {
      const key = order.buyer_id ?? "";
      let buyer = buyers.get(key);
      if (!buyer) {
        buyer = { buyerId: order.buyer_id, nicknames: new Set(), firstNames: new Set(), lastNames: new Set(), orders: 0, cents: 0 };
        buyers.set(key, buyer);
      }
      if (order.nickname !== null) buyer.nicknames.add(order.nickname);
      if (order.first_name !== null) buyer.firstNames.add(order.first_name);
      if (order.last_name !== null) buyer.lastNames.add(order.last_name);
      buyer.orders += 1;
      buyer.cents += Number(order.cents);
    }
  }
  const greatest = await greatestTexts(
    database,
    [...buyers.values()].flatMap((b) => [b.nicknames, b.firstNames, b.lastNames]),
  );
  const pick = (values: Set<string>) =>
    values.size === 0 ? null : values.size === 1 ? values.values().next().value! : greatest.get(values)!;
  const rows = [...buyers.values()].map((b) => ({
    buyerId: b.buyerId === null ? null : Number(b.buyerId),
    nickname: pick(b.nicknames) ?? "",
    // SQL's trim(): spaces only.
    name: `${pick(b.firstNames) ?? ""} ${pick(b.lastNames) ?? ""}`.replace(/^ +| +$/g, ""),
    orders: b.orders,
    total: b.cents / 100,
    text: b.buyerId,
  }));
  // As the single statement did: total descending, then the buyer id as text (its output column; digits
  // compare alike under any collation), no id last.
  rows.sort(
    (a, b) =>
      b.total - a.total ||
      (a.text === null ? (b.text === null ? 0 : 1) : b.text === null ? -1 : a.text < b.text ? -1 : a.text > b.text ? 1 : 0),
  );
  return rows.map(({ text: _text, ...row }) => row);
}

/**
 * The greatest of each set of names under the database's own collation (what `max()` compares by),
 * asked only for the rare sets with more than one name, a thousand sets per statement.
 */
async function greatestTexts(database: Database, sets: Array<Set<string>>): Promise<Map<Set<string>, string>> {
  const found = new Map<Set<string>, string>();
  const mixed = sets.filter((s) => s.size > 1);
  for (let start = 0; start < mixed.length; start += REPORT_PAGE_ROWS) {
    const batch = mixed.slice(start, start + REPORT_PAGE_ROWS);
    const keys: number[] = [];
    const values: string[] = [];
    batch.forEach((s, k) => s.forEach((v) => (keys.push(k), values.push(v))));
    const rows = await database.query<{ k: number; v: string }>(
      "select k, max(v) as v from unnest($1::int[], $2::text[]) as t(k, v) group by k",
      [keys, values],
    );
    for (const r of rows) found.set(batch[Number(r.k)], r.v);
  }
  return found;
}
