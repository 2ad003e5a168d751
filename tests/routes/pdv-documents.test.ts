import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { pdvSales, pdvSessions, products } from "../../server/db/schema";
import * as till from "~/routes/pdv/route";
import * as payRoute from "~/routes/pdv/pay";
import { loader as ticketPage } from "~/routes/pdv/sales.$saleId.ticket";
import { loader as ticketPdf } from "~/routes/pdv/sales.$saleId.ticket.pdf";
import { loader as slipPage } from "~/routes/pdv/sessions.$sessionId.slip";
import { useTestDatabase } from "../helpers/db";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { withMissingChromium } from "../helpers/missing-chromium";
import { routeArgs } from "../helpers/route-args";

await useTestDatabase();
await getDb().execute(sql`insert into sim.erp_clients (cliente, nombre) values ('V', 'VENTA MOSTRADOR') on conflict do nothing`);

type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;
const call = (handler: unknown, path: string, cookie: string, params: Record<string, string> = {}, form?: Record<string, string>) =>
  settle(() => (handler as Handler)(routeArgs({ request: makeRequest(path, { cookie, form }), params }))) as Promise<Response>;

/** A cashier's paid sale of one product. */
async function paidSale() {
  const c = await loginAs("cajero");
  await call(till.action, "/pdv", c.cookie, {}, { intent: "open", amount: "500" });
  const id = `DOC${Date.now().toString(36)}`.toUpperCase();
  await getDb()
    .insert(products)
    .values({ id, name: `Producto ${id}`, slug: id.toLowerCase(), price: 10, stockTotal: 10 });
  await getDb().execute(sql`insert into sim.erp_articles (sku, description) values (${id}, ${`Producto ${id}`})`);
  await call(till.action, "/pdv", c.cookie, {}, { intent: "scan", query: id });
  const [{ id: sessionId }] = await getDb().select({ id: pdvSessions.id }).from(pdvSessions).where(eq(pdvSessions.userId, c.user.id));
  const paid = await call(
    payRoute.action,
    "/pdv/pay",
    c.cookie,
    {},
    { intent: "pay", token: crypto.randomUUID(), session: String(sessionId), cash_on: "1", cash: "100" },
  );
  expect(paid.status).toBe(302);
  const [sale] = await getDb().select().from(pdvSales).where(eq(pdvSales.sessionId, sessionId));
  return { ...c, saleId: sale.id, sessionId };
}

describe("printed documents of the till", async () => {
  const own = await paidSale();
  const other = await loginAs("cajero");

  it("another cashier's sale is not found (404), and so is a sale that does not exist", async () => {
    const foreign = await call(ticketPage, `/pdv/sales/${own.saleId}/ticket`, other.cookie, { saleId: String(own.saleId) });
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toBe("Venta no encontrada");
    const manager = await loginAs("gerente_pdv");
    const gone = await call(ticketPage, "/pdv/sales/99999999/ticket", manager.cookie, { saleId: "99999999" });
    expect(gone.status).toBe(404);
  });

  it("a cashier may not print a partial cut (X) of their own box: 403", async () => {
    const x = await call(slipPage, `/pdv/sessions/${own.sessionId}/slip?kind=X`, own.cookie, { sessionId: String(own.sessionId) });
    expect(x.status).toBe(403);
    expect(await x.text()).toBe("Sin acceso");
    const foreign = await call(slipPage, `/pdv/sessions/${own.sessionId}/slip`, other.cookie, { sessionId: String(own.sessionId) });
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toBe("Sesión no encontrada");
  });

  it("the closing cut (Z) of a box still open is refused, so it cannot show a cashier the expected amounts", async () => {
    for (const cookie of [own.cookie, (await loginAs("gerente_pdv")).cookie]) {
      const z = await call(slipPage, `/pdv/sessions/${own.sessionId}/slip`, cookie, { sessionId: String(own.sessionId) });
      expect(z.status).toBe(403);
      expect(await z.text()).toBe("El corte Z se imprime al cerrar la caja.");
    }
  });

  it("a printer fault is a 503 with the message, and the sale stays as it was", async () => {
    const res = await withMissingChromium(() =>
      call(ticketPdf, `/pdv/sales/${own.saleId}/ticket.pdf`, own.cookie, { saleId: String(own.saleId) }),
    );
    expect(res.status).toBe(503);
    expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await res.text()).toMatch(
      /^Error al imprimir ticket\. Ocurrió un error al imprimir ticket de venta\. No se encontró Chromium en \/nonexistent\/chromium\./,
    );
    const [sale] = await getDb().select().from(pdvSales).where(eq(pdvSales.id, own.saleId));
    expect(sale.isActive).toBe(true);
  });
});
