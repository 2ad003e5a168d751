import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { sessionSalesPageQuery, sessionsPageQuery } from "../../app/modules/pdv/history.server";
import { cartLinesQuery, openBoxQuery, ownCodeQuery } from "../../app/modules/pdv/box.server";
import { historyRange, parsePdvPageQuery } from "../../app/modules/pdv/page-query";
import { pdvSessions, products, users } from "../../server/db/schema";
import type { Database } from "../../server/db/client";
import { builtLine, mock, statementOf } from "./built";
import type { BenchList } from "./types";

const BENCH_USER = "developer@demo.mx";

/**
 * /pdv history (app/modules/pdv/history.server.ts): the URL goes through the loader's parser; session
 * cards 10 a page (newest first, the total as a window) and, with a session open, its sales 5 a page.
 * Before them every /pdv request looks up the user's open box, its cart and the manager's own code:
 * the loader runs all of them one after the other and so does the bench (the bench user's box is the
 * one `pickTill` keeps open).
 */
function history(query: string): BenchList {
  const parsed = parsePdvPageQuery(new URLSearchParams(query));
  const { start, end } = historyRange(parsed);
  const sessions = sessionsPageQuery(mock, { page: parsed.page, start, end });
  return builtLine("/pdv", query, sessions, {
    also: async (database) => {
      const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, BENCH_USER)).limit(1);
      if (!user) throw new Error(`Sin el usuario ${BENCH_USER} en la base de volumen`);
      const [box] = await openBoxQuery(database.db, user.id);
      return [
        statementOf(openBoxQuery(mock, user.id)),
        ...(box ? [statementOf(cartLinesQuery(mock, box.id))] : []),
        statementOf(ownCodeQuery(mock, user.id)),
        ...(parsed.session ? [statementOf(sessionSalesPageQuery(mock, parsed.session, parsed.salesPage))] : []),
      ];
    },
  });
}

export const PDV_LISTS: BenchList[] = [history("tab=historial"), history("tab=historial&page=3"), history("tab=historial&session=1")];

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

/** The bench user's open box (opened in the database when there is none) and a product to scan. */
export async function pickTill(database: Database): Promise<TillIds> {
  const { db } = database;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, BENCH_USER)).limit(1);
  if (!user) throw new Error(`Sin el usuario ${BENCH_USER} en la base de volumen`);
  let [session] = await db
    .select({ id: pdvSessions.id })
    .from(pdvSessions)
    .where(and(eq(pdvSessions.userId, user.id), isNull(pdvSessions.dateClose)))
    .orderBy(desc(pdvSessions.id))
    .limit(1);
  if (!session) [session] = await db.insert(pdvSessions).values({ userId: user.id, amountOpen: 500 }).returning({ id: pdvSessions.id });
  // By EAN: the scan's slower path (the id lookup misses first).
  const [product] = await db
    .select({ id: products.id, ean: products.eanUpc })
    .from(products)
    .where(and(gt(products.price, 0), eq(products.isCombo, false)))
    .orderBy(sql`(${products.eanUpc} is null)`, asc(products.id))
    .limit(1);
  if (!session || !product) throw new Error("Sin caja o producto para el banco del punto de venta");
  return { session: String(session.id), scan: product.ean ?? product.id };
}

const expectStatus = (what: string, res: { status: number; location?: string }, status: number, location?: RegExp) => {
  if (res.status !== status || (location && !location.test(res.location ?? ""))) {
    throw new Error(`${what} respondió ${res.status}${res.location ? ` → ${res.location}` : ""}`);
  }
};

const scan = async (http: TillHttp, ids: TillIds) =>
  expectStatus("POST /pdv (scan)", await http.post("/pdv", { intent: "scan", query: ids.scan }), 302);

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
      const res = await http.post("/pdv/pay", {
        intent: "pay",
        token: crypto.randomUUID(),
        session: ids.session,
        cash_on: "1",
        cash: "99999999",
        debit: "0",
        credit: "0",
      });
      expectStatus("POST /pdv/pay", res, 302, /^\/pdv\?sale=\d+$/);
    },
  },
];
