import { beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { getDb } from "../../server/db/client";
import { conversations, orders, pdvSaleLines, pdvSales, pdvSessions, questions, quotations } from "../../server/db/schema";
import { boxScoreMonth, refreshMonth } from "~/modules/box-score/box-score.server";
import { forgetYearRange } from "~/modules/box-score/page.server";
import { readToast } from "~/lib/toast.server";
import * as route from "~/routes/box-score/route";
import * as xlsxRoute from "~/routes/box-score/box-score.xlsx";
import * as pdvRoute from "~/routes/pdv/route";
import * as quotesRoute from "~/routes/products/quotes";
import * as questionsRoute from "~/routes/questions/route";
import * as ordersRoute from "~/routes/orders/route";
import * as messagesRoute from "~/routes/messages/route";
import { INDICATORS, drillDownFor, drillDownHref } from "~/modules/box-score/indicators";
import { BOX_SCORE_LISTS } from "../../bench/lists/box-score";
import { useTestDatabase } from "../helpers/db";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { routeArgs } from "../helpers/route-args";

const database = await useTestDatabase();

/** Mexico City wall time in March 2019 (UTC−6, no daylight saving that month). */
const mx = (day: number, hh: number, mm = 0) => new Date(Date.UTC(2019, 2, day, hh + 6, mm));

type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;
const call = (handler: Handler, path: string, cookie: string) =>
  settle(() => handler(routeArgs({ request: makeRequest(path, { cookie }), params: {} })));

beforeAll(async () => {
  const db = getDb();
  const base = { title: "x", orderItems: [] as Array<{ id: string; title: string; price: number; qty: number; saleFee?: number }> };
  await db.insert(orders).values([
    {
      ...base,
      id: 9001n,
      orderDate: mx(4, 10),
      orderStatus: "paid",
      logisticType: "fulfillment",
      totalAmount: 1000,
      shippingCost: 100,
      orderItems: [{ id: "A", title: "a", price: 500, qty: 2, saleFee: 60 }],
      claimStatus: "opened",
      estimatedHandlingLimit: mx(5, 12),
      readyDate: mx(6, 12),
    },
    {
      ...base,
      id: 9002n,
      orderDate: mx(4, 12),
      orderStatus: "paid",
      logisticType: "ecommerce",
      totalAmount: 500,
      orderItems: [{ id: "B", title: "b", price: 500, qty: 1 }],
      intelisisMovement: "VTA-1",
    },
    {
      ...base,
      id: 9003n,
      orderDate: mx(4, 13),
      orderStatus: "cancelled",
      logisticType: "fulfillment",
      totalAmount: 300,
      orderItems: [{ id: "C", title: "c", price: 60, qty: 5 }],
    },
    // 23:30 in Mexico City is already the next day in UTC: it counts on the 5th.
    {
      ...base,
      id: 9004n,
      orderDate: mx(5, 23, 30),
      orderStatus: "paid",
      logisticType: "cotizador",
      totalAmount: 200,
      orderItems: [{ id: "D", title: "d", price: 200 / 3, qty: 3 }],
      intelisisMovement: "X",
    },
    // Outside March: counted by no March indicator of its own.
    { ...base, id: 9006n, orderDate: new Date(Date.UTC(2019, 3, 14, 18)), orderStatus: "paid", logisticType: "cotizador", totalAmount: 10 },
  ]);
  const { user } = await loginAs("cajero");
  const [session] = await db
    .insert(pdvSessions)
    .values({ userId: user.id, amountOpen: 500, dateOpen: mx(4, 9) })
    .returning();
  // Two boxes closed on the 4th (12.50 short, 2.00 over) and one on the 5th (3.00 over), all opened
  // before the 4th (the PDV history lists boxes by the day they were opened).
  await db.insert(pdvSessions).values([
    { userId: user.id, amountOpen: 500, dateOpen: mx(1, 9), dateClose: mx(4, 19), closeDifference: -12.5 },
    { userId: user.id, amountOpen: 500, dateOpen: mx(2, 9), dateClose: mx(4, 21), closeDifference: 2 },
    { userId: user.id, amountOpen: 500, dateOpen: mx(3, 9), dateClose: mx(5, 19), closeDifference: 3 },
  ]);
  const sale = { sessionId: session.id, userId: user.id, ivaTotal: 0, invoiceCode: "ABCDE", paymentWay: "01", paymentCondition: "CONTADO" };
  const [s1, s2] = await db
    .insert(pdvSales)
    .values([
      {
        ...sale,
        saleCode: "t-1",
        dateCreated: mx(4, 11),
        total: 200,
        subtotal: 180,
        totalDiscount: 20,
        amountCash: 150,
        amountCardDebit: 50,
        intelisisStatus: false,
      },
      {
        ...sale,
        saleCode: "t-2",
        dateCreated: mx(4, 12),
        total: 100,
        subtotal: 100,
        amountCash: 120,
        changeMoney: 20,
        intelisisStatus: true,
      },
      { ...sale, saleCode: "t-3", dateCreated: mx(4, 13), total: 50, subtotal: 50, isActive: false },
    ])
    .returning();
  const line = { productId: "P", sku: "P", description: "p", price: 1, amount: 1 };
  await db.insert(pdvSaleLines).values([
    { ...line, saleId: s1.id, qty: 2 },
    { ...line, saleId: s1.id, qty: 1, isActive: false },
    { ...line, saleId: s2.id, qty: 4 },
  ]);
  await db.insert(quotations).values([
    // BS-1 became order 9004 the next day; BS-3 became an order 40 days later (outside the 30 days).
    { folio: "BS-1", total: 1000, createdAt: mx(4, 10), orderId: 9004n },
    { folio: "BS-2", total: 500, createdAt: mx(5, 10) },
    { folio: "BS-3", total: 0, createdAt: mx(5, 11), orderId: 9006n },
  ]);
  // Urgent: the buyer wrote last and nobody answered for 24 hours (all of March 2019 is long past).
  const talk = { clientId: 1, sellerId: 2, orderDate: mx(4, 9) };
  await db.insert(conversations).values([
    { ...talk, orderId: 9001n, lastMessageDate: mx(4, 10), lastMessageFromSeller: false },
    { ...talk, orderId: 9002n, lastMessageDate: mx(4, 11), lastMessageFromSeller: true },
    { ...talk, orderId: 9003n, lastMessageDate: mx(5, 9), lastMessageFromSeller: false },
  ]);
  const q = { message: "?", clientId: 1, clientNickname: "c" };
  // 2019-03-04 is a Monday.
  await db.insert(questions).values([
    { ...q, id: 7001, dateCreated: mx(4, 10), answeredAt: mx(4, 10, 30), status: "ANSWERED" },
    { ...q, id: 7002, dateCreated: mx(4, 11), answeredAt: mx(4, 13), status: "ANSWERED" },
    { ...q, id: 7003, dateCreated: mx(4, 20), answeredAt: mx(4, 20, 5), status: "ANSWERED" },
    { ...q, id: 7004, dateCreated: mx(4, 12) },
  ]);
  forgetYearRange();
});

async function march() {
  const { rows } = await boxScoreMonth(2019, 3);
  return new Map(rows.map((r) => [r.key, r]));
}
const close = (v: number | null | undefined) => (v === null || v === undefined ? v : Math.round(v * 100) / 100);

describe("indicator formulas on a hand-made month", () => {
  // [indicator, day 4, day 5, month total] — worked out by hand from the rows above.
  it.each([
    ["net_sales", 1800, 200, 2000],
    ["ml_sales", 1000, 0, 1000],
    ["shop_sales", 500, 0, 500],
    ["pdv_sales", 300, 0, 300],
    ["quoter_orders", 0, 1, 1],
    ["ml_orders", 1, 0, 1],
    ["ml_ticket", 1000, null, 1000],
    ["pdv_tickets", 2, 0, 2],
    ["pdv_ticket", 150, null, 150],
    ["units_sold", 9, 3, 12],
    ["ml_fee_pct", 12, null, 12],
    ["seller_shipping", 100, 0, 100],
    ["cancelled_pct", 33.33, 0, 25],
    ["open_claims", 1, 0, 1],
    ["late_orders", 1, 0, 1],
    ["no_movement_24h", 1, 0, 1],
    ["pdv_discount_pct", 6.67, null, 6.67],
    ["pdv_cancelled", 1, 0, 1],
    ["cash_share", 83.33, null, 83.33],
    ["debit_share", 16.67, null, 16.67],
    ["credit_share", 0, null, 0],
    ["pdv_not_in_erp", 1, 0, 1],
    ["cash_cut_diff", 14.5, 3, 17.5],
    ["quotes_created", 1, 2, 3],
    ["amount_quoted", 1000, 500, 1500],
    ["quote_to_order_pct", 100, 0, 33.33],
    ["urgent_messages", 1, 1, 2],
    ["questions", 4, 0, 4],
    ["answer_minutes", 75, null, 75],
    ["answered_in_target_pct", 33.33, null, 33.33],
  ] as const)("%s", async (key, day4, day5, total) => {
    const row = (await march()).get(key)!;
    expect(row.missing).toBeNull();
    expect([close(row.days[3]), close(row.days[4]), close(row.total)]).toEqual([day4, day5, total]);
    expect(row.days).toHaveLength(31);
  });

  it("indicators without a source say so instead of a number", async () => {
    const rows = await march();
    for (const key of ["invoices_stamped_pct"]) {
      expect(rows.get(key)?.missing).toBeTruthy();
      expect(rows.get(key)?.total).toBeNull();
    }
    expect(rows.size).toBe(31);
  });

  it("a write shows after the month is refreshed, not before its time-to-live", async () => {
    await refreshMonth(2019, 3, { force: true });
    await getDb()
      .insert(orders)
      .values({ id: 9005n, title: "x", orderDate: mx(10, 10), orderStatus: "paid", logisticType: "fulfillment", totalAmount: 70 });
    expect((await march()).get("ml_sales")?.days[9]).toBe(0);
    const later = new Date(Date.now() + 16 * 60_000);
    expect(await refreshMonth(2019, 3, { now: later })).toBe(true);
    expect((await march()).get("ml_sales")?.days[9]).toBe(70);
  });
});

describe("route", () => {
  it("admits Admin, Developer, MercadoLibre Manager and Inventory; others go home", async () => {
    for (const role of ["admin", "developer", "ml_manager", "inventory"] as const) {
      const { cookie } = await loginAs(role);
      const out = (await call(route.loader as Handler, "/box-score?year=2019&month=3", cookie)) as {
        year: number;
        month: number;
        years: number[];
      };
      expect(out).toMatchObject({ year: 2019, month: 3 });
    }
    for (const role of ["shop_manager", "cajero", "practicante"] as const) {
      const { cookie } = await loginAs(role);
      const res = (await call(route.loader as Handler, "/box-score?year=2019&month=3", cookie)) as Response;
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).not.toContain("box-score");
      const file = (await call(xlsxRoute.loader as Handler, "/box-score.xlsx?year=2019&month=3", cookie)) as Response;
      expect(file.status).toBe(302);
    }
  });

  it("offers every year with data and sends an out-of-range year or month to the nearest page with a message", async () => {
    const { cookie } = await loginAs("admin");
    const out = (await call(route.loader as Handler, "/box-score?year=2019&month=3", cookie)) as { years: number[] };
    expect(out.years).toEqual([2019]);
    for (const [query, target] of [
      ["?year=1800&month=3", "/box-score?year=2019&month=3"],
      ["?year=2019&month=13", "/box-score?year=2019&month=12"],
      ["?year=2019&month=0", "/box-score?year=2019&month=1"],
      ["?year=2999&month=-4", "/box-score?year=2019&month=1"],
    ]) {
      const res = (await call(route.loader as Handler, `/box-score${query}`, cookie)) as Response;
      expect(res.headers.get("Location")).toBe(target);
      const toast = (
        await readToast(new Request("http://localhost/", { headers: { cookie: (res.headers.get("Set-Cookie") ?? "").split(";")[0] } }))
      ).toast;
      expect(toast?.message).toBe("El año o mes pedido no existe; se muestra el más cercano con datos.");
    }
  });

  it("exports the month as .xlsx with one row per indicator", async () => {
    const { cookie } = await loginAs("inventory");
    const res = (await call(xlsxRoute.loader as Handler, "/box-score.xlsx?year=2019&month=3", cookie)) as Response;
    expect(res.headers.get("Content-Type")).toContain("spreadsheetml");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe("Indicador");
    expect(sheet.getRow(1).getCell(2 + 31 + 1).value).toBe("Total del mes");
    expect(sheet.rowCount).toBe(1 + 31);
    const amountQuoted = sheet.getRows(2, 31)!.find((r) => r.getCell(1).value === "Monto cotizado")!;
    expect([amountQuoted.getCell(3 + 3).value, amountQuoted.getCell(3 + 4).value, amountQuoted.getCell(34).value]).toEqual([
      1000, 500, 1500,
    ]);
  });

  it("an orders cell leads to exactly the orders it counts (marketplace, shop, quoter; never the cancelled)", async () => {
    const { cookie } = await loginAs("admin");
    const ids = async (key: string, day: string) => {
      const out = (await call(ordersRoute.loader as Handler, drillDownHref(key, day, day)!, cookie)) as {
        rows: Array<{ id: bigint | string }>;
        total: number;
      };
      const got = out.rows.map((r) => String(r.id)).sort();
      expect(out.total, key).toBe(got.length);
      return got;
    };
    // Day 4 has 9001 (marketplace), 9002 (shop) and 9003 (marketplace, cancelled); 9004 (quoter) is on the 5th.
    for (const key of ["ml_orders", "ml_sales", "ml_ticket", "ml_fee_pct"]) expect(await ids(key, "2019-03-04"), key).toEqual(["9001"]);
    expect(await ids("shop_sales", "2019-03-04")).toEqual(["9002"]);
    expect(await ids("quoter_orders", "2019-03-05")).toEqual(["9004"]);
    for (const key of ["net_sales", "units_sold", "seller_shipping"]) expect(await ids(key, "2019-03-04"), key).toEqual(["9001", "9002"]);
    expect(await ids("cancelled_pct", "2019-03-04")).toEqual(["9003"]);
    const cells = await march();
    expect(cells.get("ml_orders")?.days[3]).toBe(1);
  });

  it("a PDV, quotation or question cell leads to the list of that day's rows it counts", async () => {
    const { cookie } = await loginAs("admin");
    const day = "2019-03-04";
    // PDV: the box sessions opened that day (the hand-made session of the 4th holds its three sales).
    const pdvHref = drillDownHref("pdv_tickets", day, day)!;
    expect(pdvHref).toBe("/pdv?tab=historial&start_date=2019/03/04&end_date=2019/03/05");
    for (const key of [
      "pdv_sales",
      "pdv_ticket",
      "pdv_discount_pct",
      "pdv_cancelled",
      "cash_share",
      "debit_share",
      "credit_share",
      "pdv_not_in_erp",
      "cash_cut_diff",
    ]) {
      expect(drillDownHref(key, day, day), key).toBe(pdvHref);
    }
    const pdv = (await call(pdvRoute.loader as Handler, pdvHref, cookie)) as {
      history: { sessions: Array<{ dateOpen: Date | string }>; total: number };
    };
    expect(pdv.history.total).toBe(1);
    expect(new Date(pdv.history.sessions[0].dateOpen).toISOString()).toBe(mx(4, 9).toISOString());
    const nextDay = (await call(pdvRoute.loader as Handler, drillDownHref("pdv_sales", "2019-03-05", "2019-03-05")!, cookie)) as {
      history: { total: number };
    };
    expect(nextDay.history.total).toBe(0);

    // Quotations: the saved quotations created that day (BS-1 on the 4th, BS-2 on the 5th).
    const quotesHref = drillDownHref("quotes_created", day, day)!;
    expect(drillDownHref("amount_quoted", day, day)).toBe(quotesHref);
    expect(drillDownHref("quote_to_order_pct", day, day)).toBe(quotesHref);
    expect(drillDownHref("urgent_messages", day, day)).toBe(
      "/messages?message_status_filter=urgent&start_date=2019/03/04&end_date=2019/03/05",
    );
    const quotes = (await call(quotesRoute.loader as Handler, quotesHref, cookie)) as { list: { rows: Array<{ folio: string }> } };
    expect(quotes.list.rows.map((r) => r.folio)).toEqual(["BS-1"]);
    const month = (await call(quotesRoute.loader as Handler, drillDownHref("amount_quoted", "2019-03-01", "2019-03-31")!, cookie)) as {
      list: { rows: Array<{ folio: string }> };
    };
    expect(month.list.rows.map((r) => r.folio).sort()).toEqual(["BS-1", "BS-2", "BS-3"]);

    // Questions: that day's history (the answered ones of the 4th); the history reads one day, so no month link.
    const questionsHref = drillDownHref("questions", day, day)!;
    expect(questionsHref).toBe("/questions?tab=history&date=2019/03/04");
    expect(drillDownHref("answer_minutes", day, day)).toBe(questionsHref);
    expect(drillDownHref("answered_in_target_pct", day, day)).toBe(questionsHref);
    expect(drillDownHref("questions", "2019-03-01", "2019-03-31")).toBeNull();
    const history = (await call(questionsRoute.loader as Handler, questionsHref, cookie)) as { rows: Array<{ id: number }> };
    expect(history.rows.map((r) => Number(r.id)).sort()).toEqual([7001, 7002, 7003]);
  });

  // Spec access matrix: Box score is open to Inventory, which may not open orders, the point of
  // sale, questions or messages; MercadoLibre Manager may not open the point of sale, and messages
  // only with its permission. A link must open its list, never send the user home.
  it.each([
    ["admin", [], ["/orders", "/pdv", "/products/quotes", "/messages", "/questions"]],
    ["developer", [], ["/orders", "/pdv", "/products/quotes", "/messages", "/questions"]],
    ["ml_manager", [], ["/orders", "/products/quotes", "/questions"]],
    ["ml_manager", ["messages_access"], ["/orders", "/products/quotes", "/messages", "/questions"]],
    ["inventory", [], ["/products/quotes"]],
  ] as const)("%s %j: a cell links only to lists the user may open, and each link opens", async (role, permissions, reachable) => {
    const { cookie } = await loginAs(role, { permissions: [...permissions] });
    const out = (await call(route.loader as Handler, "/box-score?year=2019&month=3", cookie)) as {
      viewer: { role: string; permissions: string[] };
    };
    const day = "2019-03-04";
    const hrefs = INDICATORS.map((i) => drillDownFor(out.viewer, i.key, day, day)).filter((h): h is string => h !== null);
    expect([...new Set(hrefs.map((h) => h.split("?")[0]))].sort()).toEqual([...reachable].sort());
    const loaders: Record<string, Handler> = {
      "/orders": ordersRoute.loader as Handler,
      "/pdv": pdvRoute.loader as Handler,
      "/products/quotes": quotesRoute.loader as Handler,
      "/messages": messagesRoute.loader as Handler,
      "/questions": questionsRoute.loader as Handler,
    };
    for (const href of new Set(hrefs)) {
      const answer = await call(loaders[href.split("?")[0]], href, cookie);
      expect(answer instanceof Response ? answer.status : 200, href).toBe(200);
    }
  });

  it("reads a month of PDV sales through the date index, not a scan of the table", async () => {
    await database.query("set enable_seqscan = off");
    try {
      const plan = await database.query<{ "QUERY PLAN": string }>(
        "explain select count(*) from pdv_sales where date_created >= '2019-03-01T06:00:00Z' and date_created < '2019-04-01T06:00:00Z'",
      );
      expect(plan.map((r) => r["QUERY PLAN"]).join("\n")).toContain("pdv_sales_date_idx");
    } finally {
      await database.query("reset enable_seqscan");
    }
  });

  it("has bench lines whose SQL runs and whose URLs are box-score pages", async () => {
    const { cookie } = await loginAs("admin");
    for (const line of BOX_SCORE_LISTS) {
      expect(line.route).toBe("/box-score");
      await expect(database.query(line.sql!, line.params ?? [])).resolves.toBeInstanceOf(Array);
      const out = (await call(route.loader as Handler, `/box-score?${line.query}`, cookie)) as { rows: unknown[] } | Response;
      // A month without data redirects to the nearest with data; a month with data answers its table.
      if (!(out instanceof Response)) expect(out.rows).toHaveLength(31);
    }
  });
});
