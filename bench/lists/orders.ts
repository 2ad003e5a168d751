import { countSpans } from "../../app/modules/orders/filters";
import type { BenchList } from "./types";

/**
 * The orders list: the page query and the total the loader runs for each URL, as one statement: the
 * total is a scalar subquery over the count tables (whole months from order_counts_monthly, edge days
 * from order_counts, as countOrders splits them), or a count over orders when there is a search.
 */
const columns = `o.id, o.related_order_id, o.title, o.store, o.order_date, o.ready_date, o.logistic_type, o.status, o.order_status,
  o.shipment_status, o.intelisis_movement, o.comments, o.package_manager, o.printed_label, o.estimated_handling_limit`;
const DESC = "order by o.order_date desc nulls last, o.id desc nulls last limit 20";

/** The total over the count tables for filters `countWhere` (alias c) and an optional day range. */
function countsTotal(countWhere: string, range?: [string, string]) {
  const and = (...parts: string[]) => parts.filter(Boolean).join(" and ");
  const spans = countSpans(range ? { start: range[0].replace(/-/g, "/"), end: range[1].replace(/-/g, "/") } : null);
  const parts: string[] = [];
  if (spans.months) {
    const months = spans.months.from ? `c.month >= '${spans.months.from}' and c.month <= '${spans.months.to}'` : "";
    const w = and(countWhere, months);
    parts.push(`(select coalesce(sum(n), 0) from order_counts_monthly c ${w ? `where ${w}` : ""})`);
  }
  for (const [from, to] of spans.days) parts.push(`(select coalesce(sum(n), 0) from order_counts c where ${and(countWhere, `c.day >= '${from}' and c.day <= '${to}'`)})`);
  return `(${parts.join(" + ")})`;
}

/** A list line: page WHERE on orders, the same filters on the count tables, bound values for the page. */
function line(
  query: string,
  where: string,
  countWhere: string | null,
  params: unknown[] = [],
  opts: { order?: string; offset?: number; range?: [string, string] } = {},
): BenchList {
  const w = where ? `where ${where}` : "";
  const total = countWhere === null ? `(select count(*) from orders o ${w})` : countsTotal(countWhere, opts.range);
  const order = opts.order ?? DESC;
  return {
    route: "/orders",
    query,
    sql: `select ${columns}, ${total} as total from orders o ${w} ${order}${opts.offset ? ` offset ${opts.offset}` : ""}`,
    params,
  };
}

const TO_SEND = "('pending','ready_to_print','printed','ready_to_ship')";
// Dates are relative to the bench seed (last ~2 years up to now): a recent month and a past quarter.
const d = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toLocaleDateString("en-CA", { timeZone: "America/Mexico_City" });
const R1 = [d(40), d(10)];

export const ORDERS_LISTS: BenchList[] = [
  line("", "", ""),
  line("sortName=date&sortValue=asc", "", "", [], { order: "order by o.order_date asc nulls first, o.id asc nulls first limit 20" }),
  line("page=50", "", "", [], { offset: 980 }),
  line("page=200", "", "", [], { offset: 3980 }),
  line("filterLogisticType=fulfillment", "o.logistic_type = $1", "c.logistic_type = $1", ["fulfillment"]),
  line("filterLogisticType=not_specified", "o.logistic_type = $1", "c.logistic_type = $1", ["not_specified"]),
  line("assigned_move_filter=unassigned", "o.intelisis_movement is null", "not c.assigned"),
  line("assigned_move_filter=assigned", "o.intelisis_movement is not null", "c.assigned"),
  line("filterStatus=return", "string_to_array(o.status, ',') @> array['returns']", "c.has_returns"),
  line("filterStatus=claim", "string_to_array(o.status, ',') @> array['mediations']", "c.has_mediations"),
  line("filterStatus=cancelled", "o.order_status = 'cancelled'", "c.order_status = 'cancelled'"),
  line("filterStatus=to_send", `o.shipment_status in ${TO_SEND} and o.order_status <> 'cancelled'`, `c.shipment_status in ${TO_SEND} and c.order_status <> 'cancelled'`),
  line("order_status_filter=payment_in_process", "o.order_status = $1", "c.order_status = $1", ["payment_in_process"]),
  line("shipment_status_filter=ready_to_print", "o.shipment_status = $1", "c.shipment_status = $1", ["ready_to_print"]),
  line("claim_return_status_filter=opened", "o.claim_status = $1", "c.claim_status = $1", ["opened"]),
  line("day_filter=today", "o.order_date >= $1::date::timestamp at time zone 'America/Mexico_City'", "", [d(0)], { range: [d(0), d(0)] }),
  line(
    `start_date=${R1[0]}&end_date=${R1[1]}`,
    "o.order_date >= ($1::date::timestamp at time zone 'America/Mexico_City') and o.order_date < (($2::date + 1)::timestamp at time zone 'America/Mexico_City')",
    "",
    R1,
    { range: [R1[0], R1[1]] },
  ),
  line(
    `filterLogisticType=drop_off&assigned_move_filter=unassigned&shipment_status_filter=delivered&start_date=${R1[0]}&end_date=${R1[1]}`,
    "o.logistic_type = 'drop_off' and o.intelisis_movement is null and o.shipment_status = 'delivered' and o.order_date >= ($1::date::timestamp at time zone 'America/Mexico_City') and o.order_date < (($2::date + 1)::timestamp at time zone 'America/Mexico_City')",
    "c.logistic_type = 'drop_off' and not c.assigned and c.shipment_status = 'delivered'",
    R1,
    { range: [R1[0], R1[1]] },
  ),
  line(
    "filterLogisticType=cross_docking&filterStatus=claim&order_status_filter=paid&claim_return_status_filter=opened",
    "o.logistic_type = 'cross_docking' and string_to_array(o.status, ',') @> array['mediations'] and o.order_status = 'paid' and o.claim_status = 'opened'",
    "c.logistic_type = 'cross_docking' and c.has_mediations and c.order_status = 'paid' and c.claim_status = 'opened'",
  ),
  line(
    "filterLogisticType=ecommerce&order_status_filter=cancelled&assigned_move_filter=assigned",
    "o.logistic_type = 'ecommerce' and o.order_status = 'cancelled' and o.intelisis_movement is not null",
    "c.logistic_type = 'ecommerce' and c.order_status = 'cancelled' and c.assigned",
  ),
  line("search=QOB01234", "o.products_id @> array[$1]::text[]", null, ["QOB01234"]),
  line("search=MLM4100000123", "o.publications_id @> array[$1]::text[]", null, ["MLM4100000123"]),
  line("search=5601", "o.intelisis_movement = $1", null, ["5601"]),
  line("search=2000005100000001", "o.id = $1", null, ["2000005100000001"]),
  line("search=V2000009300000001", "o.related_order_id = $1", null, ["2000009300000001"]),
  line("search=QOB01234&filterLogisticType=drop_off", "o.products_id @> array[$1]::text[] and o.logistic_type = 'drop_off'", null, ["QOB01234"]),
];
