import type { BenchList } from "./types";
import type { Database } from "../../server/db/client";

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

/**
 * Till steps timed over HTTP as a cashier lives them, on the bench user's (Developer's) own open box:
 * `pick` reads ids from the bench database before the app starts (and opens the box there if none is
 * open), `prepare` runs untimed before each timed `run`.
 */
export type TillHttp = {
  get: (path: string) => Promise<{ status: number; location?: string }>;
  post: (path: string, form: Record<string, string>) => Promise<{ status: number; location?: string }>;
};
export type TillIds = { session: string; scan: string };
export type BenchFlow = {
  route: string;
  label: string;
  /** 10 concurrent clients only where they make sense on one box (a sale empties the shared cart). */
  concurrent: boolean;
  prepare?: (http: TillHttp, ids: TillIds) => Promise<void>;
  run: (http: TillHttp, ids: TillIds) => Promise<void>;
};

const BENCH_USER = "developer@demo.mx";

/** The bench user's open box (opened in the database when there is none) and a product to scan. */
export async function pickTill(db: Database): Promise<TillIds> {
  const user = `(select id from users where email = '${BENCH_USER}')`;
  let [session] = await db.query<{ id: number }>(`select id from pdv_sessions where user_id = ${user} and date_close is null order by id desc limit 1`);
  if (!session) [session] = await db.query<{ id: number }>(`insert into pdv_sessions (user_id, amount_open) values (${user}, 500) returning id`);
  // By EAN: the scan's slower path (the id lookup misses first).
  const [product] = await db.query<{ id: string; ean: string | null }>(
    "select id, ean_upc as ean from products where price > 0 and not is_combo order by (ean_upc is null), id limit 1",
  );
  if (!session || !product) throw new Error("Sin caja o producto para el banco del punto de venta");
  return { session: String(session.id), scan: product.ean ?? product.id };
}

const expectStatus = (what: string, res: { status: number; location?: string }, status: number, location?: RegExp) => {
  if (res.status !== status || (location && !location.test(res.location ?? ""))) {
    throw new Error(`${what} respondió ${res.status}${res.location ? ` → ${res.location}` : ""}`);
  }
};

const scan = async (http: TillHttp, ids: TillIds) => expectStatus("POST /pdv (scan)", await http.post("/pdv", { intent: "scan", query: ids.scan }), 302);

export const PDV_FLOWS: BenchFlow[] = [
  {
    route: "/pdv",
    label: "/pdv scan-to-line (POST scan + page)",
    concurrent: true,
    run: async (http, ids) => {
      await scan(http, ids);
      expectStatus("GET /pdv", await http.get("/pdv"), 200);
    },
  },
  {
    route: "/pdv/pay",
    label: "/pdv/pay sale commit",
    concurrent: false,
    prepare: scan,
    // A one-time token per request: every call is a new sale, never the repeat of the first.
    run: async (http, ids) => {
      const res = await http.post("/pdv/pay", { intent: "pay", token: crypto.randomUUID(), session: ids.session, cash_on: "1", cash: "99999999", debit: "0", credit: "0" });
      expectStatus("POST /pdv/pay", res, 302, /^\/pdv\?sale=\d+$/);
    },
  },
];
