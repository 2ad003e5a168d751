import type { BenchList } from "./types";

/** /pdv history: session cards 10 a page (newest first), and one session's sales 5 a page. */
const sessions = (offset: number) => `select s.id, s.date_open, s.date_close, s.amount_open, u.first_name, u.last_name, count(*) over () as total
  from pdv_sessions s join users u on u.id = s.user_id order by s.date_open desc, s.id desc limit 10 offset ${offset}`;
const sales = `select id, sale_code, date_created, total, subtotal, amount_cash, amount_card_credit, amount_card_debit, is_active,
  intelisis_status, intelisis_movs, count(*) over () from pdv_sales where session_id = $1
  order by is_active desc, date_created desc, id desc limit 5`;

export const PDV_LISTS: BenchList[] = [
  { route: "/pdv", query: "tab=historial", sql: sessions(0), params: [] },
  { route: "/pdv", query: "tab=historial&page=3", sql: sessions(20), params: [] },
  { route: "/pdv", query: "tab=historial&session=1", sql: sales, params: [1] },
];
