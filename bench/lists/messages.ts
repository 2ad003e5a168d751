import type { BenchList } from "./types";

/**
 * /messages runs, per load: the page of conversations (order and first-item publication joined),
 * the section's count, the page's messages in one query (pending and invoice only) and the canned
 * replies. The raw SQL is that same work as one statement.
 */
const cutoff = () => new Date(Date.now() - 24 * 3600_000).toISOString();

const row = `c.id, c.order_id, c.pack_id, c.order_date, c.order_status, c.order_info, c.store, c.client_id, c.client_info, c.seller_id,
  c.status, c.last_message_date, c.last_message_from_seller, c.asks_invoice, c.draft,
  (not c.last_message_from_seller and c.last_message_date <= $1) as priority,
  p.permalink, p.gallery -> 0 ->> 'url' as image, o.logistic_type, o.shipment_status, o.status as history, o.intelisis_movement`;
const from = `from conversations c left join orders o on o.id = c.order_id left join publications p on p.id = (c.order_info -> 'items' -> 0 ->> 'id')`;

function statement(where: string, opts: { thread: boolean; order?: string }) {
  const order = opts.order ?? "c.last_message_date desc nulls last, c.id desc";
  return `with page as (select ${row} ${from} where ${where} order by ${order} limit 10),
    total as (select count(*) from conversations c where ${where}),
    thread as (${opts.thread ? "select m.id, m.conversation_id, m.text, m.from_seller, m.message_date, m.attachments from messages m where m.conversation_id in (select id from page) order by m.conversation_id, m.message_date, m.id" : "select null where false"}),
    canned as (select id, key, name, text from canned_replies order by sort, id)
  select (select json_agg(page) from page) as page, (select * from total) as total, (select json_agg(thread) from thread) as thread,
    (select json_agg(canned) from canned) as canned`;
}

export const MESSAGE_LISTS: BenchList[] = [
  { route: "/messages", query: "", sql: statement("c.last_message_from_seller = false and $1::timestamptz is not null", { thread: true }), params: [cutoff()] },
  {
    route: "/messages",
    query: "message_status_filter=urgent",
    sql: statement("c.last_message_from_seller = false and c.last_message_date <= $1", { thread: true }),
    params: [cutoff()],
  },
  { route: "/messages", query: "section=invoice", sql: statement("c.asks_invoice = true and $1::timestamptz is not null", { thread: true }), params: [cutoff()] },
  { route: "/messages", query: "section=history", sql: statement("$1::timestamptz is not null", { thread: false }), params: [cutoff()] },
  { route: "/messages", query: "section=history&page=50", sql: statement("$1::timestamptz is not null", { thread: false }).replace("limit 10", "limit 10 offset 490"), params: [cutoff()] },
  {
    route: "/messages",
    query: "section=history&filterLogisticType=fulfillment&assigned_move_filter=unassigned",
    sql: statement("c.order_logistic_type = 'fulfillment' and not c.order_movement_assigned and $1::timestamptz is not null", { thread: false }),
    params: [cutoff()],
  },
];
