import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { pdvCartLines, pdvSaleLines, pdvSales, pdvSessions, products, settings } from "../../server/db/schema";
import * as till from "~/routes/pdv/route";
import * as payRoute from "~/routes/pdv/pay";
import * as ticketRoute from "~/routes/pdv/sales.$saleId.ticket";
import { PRICING_MESSAGES } from "~/modules/pricing/price";
import { useTestDatabase } from "../helpers/db";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { routeArgs } from "../helpers/route-args";

// Decision 0038: the till charges a dollar article in pesos (spec 2 §5 Prices), through the one
// pricing function, and the sale keeps the rate it charged.
await useTestDatabase();
await getDb().execute(sql`insert into sim.erp_clients (cliente, nombre) values ('V', 'VENTA MOSTRADOR') on conflict do nothing`);

type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;
type Out = { data: Record<string, unknown>; init: { status: number } | null };
const call = (handler: unknown, path: string, cookie: string, form?: Record<string, string>, params: Record<string, string> = {}) =>
  settle(() => (handler as Handler)(routeArgs({ request: makeRequest(path, { cookie, form }), params })));
const statusOf = (res: unknown) => (res instanceof Response ? res.status : ((res as Out).init?.status ?? 200));
const dataOf = (res: unknown) => (res as Out).data;

let seq = 0;
async function article(price: number, currency: string) {
  const id = `USD${Date.now().toString(36)}${++seq}`.toUpperCase();
  await getDb()
    .insert(products)
    .values({ id, name: `Producto ${id}`, slug: id.toLowerCase(), price, precio2: price, monedaPrecio: currency, stockTotal: 50 });
  await getDb().execute(sql`insert into sim.erp_articles (sku, description) values (${id}, ${`Producto ${id}`})`);
  return id;
}
async function setRate(value: unknown) {
  if (value === undefined) return void (await getDb().delete(settings).where(eq(settings.key, "dollar_price")));
  await getDb().insert(settings).values({ key: "dollar_price", value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}
async function cashierWithBox() {
  const c = await loginAs("cajero");
  expect(statusOf(await call(till.action, "/pdv", c.cookie, { intent: "open", amount: "1500" }))).toBe(302);
  const [box] = await getDb().select().from(pdvSessions).where(eq(pdvSessions.userId, c.user.id));
  return { ...c, box };
}
const scan = (cookie: string, query: string) => call(till.action, "/pdv", cookie, { intent: "scan", query });
const cartOf = (sessionId: number) =>
  getDb().select().from(pdvCartLines).where(eq(pdvCartLines.sessionId, sessionId)).orderBy(pdvCartLines.id);
const pay = (c: Awaited<ReturnType<typeof cashierWithBox>>, cash: string) =>
  call(payRoute.action, "/pdv/pay", c.cookie, { intent: "pay", token: crypto.randomUUID(), session: String(c.box.id), cash_on: "1", cash });

describe("the till charges dollar articles in pesos", () => {
  it("LRD14 at US$43.10 and 18.35 pesos per dollar rings up at $790.89 (+ IVA $917.43), not $43.10", async () => {
    await setRate(18.35);
    const id = await article(43.1, "Dolares");
    const c = await cashierWithBox();
    expect(statusOf(await scan(c.cookie, id))).toBe(302);
    const [line] = await cartOf(c.box.id);
    // 43.10 × 18.35 = 790.885 → 790.89
    expect([line.price, line.listPrice, line.currency, line.exchangeRate]).toEqual([790.89, 43.1, "Dolares", 18.35]);
    const page = (await call(till.loader, "/pdv", c.cookie)) as Awaited<ReturnType<typeof till.loader>>;
    expect(page.cart?.lines[0].priceCents).toBe(79089);
    expect(page.cart?.lines[0].priceHint).toBe("US$43.10 × 18.35");
    // IVA 16 % of 790.89 = 126.5424 → 126.54; total 917.43
    expect(page.cart?.totals.totalCents).toBe(91743);
  });

  it("a peso article is charged as it is, and keeps no rate", async () => {
    await setRate(18.35);
    const id = await article(19, "Pesos");
    const c = await cashierWithBox();
    await scan(c.cookie, id);
    const [line] = await cartOf(c.box.id);
    expect([line.price, line.currency, line.exchangeRate]).toEqual([19, "Pesos", null]);
  });

  it.each([
    ["no dollar price set", undefined],
    ["a dollar price of 0", 0],
    ["a dollar price that is not a number", "dieciocho"],
  ])("with %s a dollar article is refused with the reason and nothing is added", async (_name, rate) => {
    await setRate(rate);
    const id = await article(21.5, "Dolares");
    const c = await cashierWithBox();
    const res = await scan(c.cookie, id);
    expect(statusOf(res)).toBe(422);
    expect(dataOf(res).error).toBe(PRICING_MESSAGES.noRate);
    expect(await cartOf(c.box.id)).toHaveLength(0);
    await setRate(18.35);
  });

  it("an article in a currency the till does not know is refused", async () => {
    await setRate(18.35);
    const id = await article(21.5, "Euros");
    const c = await cashierWithBox();
    const res = await scan(c.cookie, id);
    expect(statusOf(res)).toBe(422);
    expect(dataOf(res).error).toBe(PRICING_MESSAGES.unknownCurrency("Euros"));
    expect(await cartOf(c.box.id)).toHaveLength(0);
  });

  it("a later scan at a new rate re-prices the cart's dollar lines, so a sale has one rate", async () => {
    await setRate(18.35);
    const first = await article(21.5, "Dolares");
    const second = await article(10, "Dolares");
    const c = await cashierWithBox();
    await scan(c.cookie, first);
    await setRate(20);
    await scan(c.cookie, second);
    const lines = await cartOf(c.box.id);
    // 21.50 × 20 = 430.00; 10 × 20 = 200.00
    expect(lines.map((l) => [l.price, l.exchangeRate])).toEqual([
      [430, 20],
      [200, 20],
    ]);
    await setRate(18.35);
  });
});

describe("a sale keeps the rate it charged", () => {
  it("the sale and its lines keep pesos, the dollar figure and the rate; the ticket does not change when the rate does", async () => {
    await setRate(18.35);
    const dollar = await article(21.5, "Dolares");
    const peso = await article(19, "Pesos");
    const c = await cashierWithBox();
    await scan(c.cookie, dollar);
    await scan(c.cookie, peso);
    // 394.53 + 19.00 = 413.53; IVA 66.1648 → 66.16; total 479.69
    expect(statusOf(await pay(c, "500"))).toBe(302);
    const [sale] = await getDb().select().from(pdvSales).where(eq(pdvSales.sessionId, c.box.id));
    expect([sale.subtotal, sale.ivaTotal, sale.total, sale.exchangeRate]).toEqual([413.53, 66.16, 479.69, 18.35]);
    const lines = await getDb().select().from(pdvSaleLines).where(eq(pdvSaleLines.saleId, sale.id)).orderBy(pdvSaleLines.id);
    expect(lines.map((l) => [l.sku, l.price, l.listPrice, l.currency, l.exchangeRate])).toEqual([
      [dollar, 394.53, 21.5, "Dolares", 18.35],
      [peso, 19, 19, "Pesos", null],
    ]);
    const ticket = async () => {
      const res = (await call(ticketRoute.loader, `/pdv/sales/${sale.id}/ticket?reprint=1`, c.cookie, undefined, {
        saleId: String(sale.id),
      })) as Response;
      expect(res.status).toBe(200);
      return res.text();
    };
    const before = await ticket();
    expect(before).toContain("$394.53");
    expect(before).toContain("US$21.50 × 18.35");
    expect(before).toContain("Tipo de cambio: 18.35");
    expect(before).toContain("$479.69");
    await setRate(19.9);
    expect(await ticket()).toBe(before);
    await setRate(18.35);
  });

  it("a cart line of a dollar article that kept no rate is not sold", async () => {
    await setRate(18.35);
    const id = await article(21.5, "Dolares");
    const c = await cashierWithBox();
    await scan(c.cookie, id);
    // As the migration leaves an open cart's dollar line when there was no rate to convert it at.
    await getDb().update(pdvCartLines).set({ price: 21.5, exchangeRate: null }).where(eq(pdvCartLines.sessionId, c.box.id));
    const res = await pay(c, "500");
    expect(statusOf(res)).toBe(422);
    expect(String(dataOf(res).error)).toContain(PRICING_MESSAGES.noRate);
    expect(await getDb().select().from(pdvSales).where(eq(pdvSales.sessionId, c.box.id))).toHaveLength(0);
  });
});

describe("migration 0027 re-prices an open cart's dollar lines", () => {
  const statement = async () => {
    const { readFile } = await import("node:fs/promises");
    const text = await readFile(new URL("../../server/db/migrations/0030_pricing_exchange_rates.sql", import.meta.url), "utf8");
    return text
      .split("--> statement-breakpoint")
      .map((s) => s.trim())
      .find((s) => s.includes('UPDATE "pdv_cart_lines"'))!;
  };
  it("at the current rate, keeping the dollar figure; without a rate the line keeps none", async () => {
    const id = await article(21.5, "Dolares");
    const c = await cashierWithBox();
    // A line as the till wrote it before: the dollar figure as if it were pesos.
    const legacy = async () => {
      await getDb().delete(pdvCartLines).where(eq(pdvCartLines.sessionId, c.box.id));
      await getDb().insert(pdvCartLines).values({ sessionId: c.box.id, productId: id, sku: id, description: id, price: 21.5, qty: 1 });
    };
    await legacy();
    await setRate(18.35);
    await getDb().execute(sql.raw(await statement()));
    expect((await cartOf(c.box.id)).map((l) => [l.price, l.listPrice, l.currency, l.exchangeRate])).toEqual([
      [394.53, 21.5, "Dolares", 18.35],
    ]);
    await legacy();
    await setRate(undefined);
    await getDb().execute(sql.raw(await statement()));
    expect((await cartOf(c.box.id)).map((l) => [l.price, l.listPrice, l.currency, l.exchangeRate])).toEqual([
      [21.5, 21.5, "Dolares", null],
    ]);
    await setRate(18.35);
  });
});
