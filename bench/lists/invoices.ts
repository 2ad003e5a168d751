import type { BenchList } from "./types";

/**
 * /feedback-invoices reads the marketplace back end's invoice records through the port; with the
 * default simulator that is the `sim` schema of the same database, so the raw SQL is its page query.
 */
const page = (where: string, offset = 0) => `select order_id::text as order_id, permalink, date_created, error_info, invoice_data, feedbacks, count(*) over ()::int as total
  from sim.mkt_invoice_feedback where ${where} order by date_created desc, order_id desc limit 10 offset ${offset}`;

export const INVOICE_LISTS: BenchList[] = [
  { route: "/feedback-invoices", query: "", sql: page("true") },
  { route: "/feedback-invoices", query: "page=50", sql: page("true", 490) },
  {
    route: "/feedback-invoices",
    query: "search=GARCIA",
    sql: page("(order_id::text like $1 or invoice_data->>'name' ilike $1 or invoice_data->>'rfc' ilike $1)"),
    params: ["%GARCIA%"],
  },
];
