import { afterAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { getDb } from "../../server/db/client";
import { pdvSales, pdvSessions, products } from "../../server/db/schema";
import { closePdfBrowser } from "../../server/documents/pdf.server";
import * as till from "~/routes/pdv/route";
import * as payRoute from "~/routes/pdv/pay";
import { loader as ticketPdf } from "~/routes/pdv/sales.$saleId.ticket.pdf";
import { loader as slipPdf } from "~/routes/pdv/sessions.$sessionId.slip.pdf";
import { useTestDatabase } from "../helpers/db";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { routeArgs } from "../helpers/route-args";

await useTestDatabase();
await getDb().execute(sql`insert into sim.erp_clients (cliente, nombre) values ('V', 'VENTA MOSTRADOR') on conflict do nothing`);
afterAll(() => closePdfBrowser());

type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;
const call = (handler: unknown, path: string, cookie: string, form?: Record<string, string>, params: Record<string, string> = {}) =>
  settle(() => (handler as Handler)(routeArgs({ request: makeRequest(path, { cookie, form }), params })));

const MM = 72 / 25.4; // PDF points per millimetre
let seq = 0;

/** A sale of `lines` different products at 10.00 each, paid in cash. */
async function saleWith(lines: number) {
  const c = await loginAs("cajero");
  await call(till.action, "/pdv", c.cookie, { intent: "open", amount: "500" });
  for (let i = 0; i < lines; i++) {
    const id = `TKT${Date.now().toString(36)}${++seq}`.toUpperCase();
    await getDb()
      .insert(products)
      .values({ id, name: `Producto ${id}`, slug: id.toLowerCase(), price: 10, stockTotal: 10 });
    await getDb().execute(sql`insert into sim.erp_articles (sku, description) values (${id}, ${`Producto ${id}`})`);
    await call(till.action, "/pdv", c.cookie, { intent: "scan", query: id });
  }
  const [{ id: sessionId }] = await getDb().select({ id: pdvSessions.id }).from(pdvSessions).where(eq(pdvSessions.userId, c.user.id));
  const res = await call(payRoute.action, "/pdv/pay", c.cookie, {
    intent: "pay",
    token: crypto.randomUUID(),
    session: String(sessionId),
    cash_on: "1",
    cash: "1000",
  });
  expect((res as Response).status).toBe(302);
  const [sale] = await getDb()
    .select()
    .from(pdvSales)
    .where(eq(pdvSales.sessionId, Number(sessionId)));
  return { ...c, sale, sessionId: Number(sessionId) };
}

async function pageSizes(res: unknown) {
  expect((res as Response).headers.get("Content-Type")).toBe("application/pdf");
  const doc = await getDocumentProxy(new Uint8Array(await (res as Response).arrayBuffer()));
  const sizes = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const { width, height } = (await doc.getPage(n)).getViewport({ scale: 1 });
    sizes.push({ widthMm: width / MM, heightMm: height / MM });
  }
  return { sizes, text: (await extractText(doc, { mergePages: true })).text };
}

describe("ticket PDF on 100 mm roll paper", () => {
  it("is one page 100 mm wide, as tall as the ticket: more lines, a longer page, never a 297 mm sheet", async () => {
    const short = await saleWith(1);
    const long = await saleWith(12);
    const a = await pageSizes(
      await call(ticketPdf, `/pdv/sales/${short.sale.id}/ticket.pdf`, short.cookie, undefined, { saleId: String(short.sale.id) }),
    );
    const b = await pageSizes(
      await call(ticketPdf, `/pdv/sales/${long.sale.id}/ticket.pdf`, long.cookie, undefined, { saleId: String(long.sale.id) }),
    );
    for (const doc of [a, b]) {
      expect(doc.sizes).toHaveLength(1);
      expect(doc.sizes[0].widthMm).toBeCloseTo(100, 0);
    }
    // The QR alone is 40 mm; a one-line ticket is well under an A4 length and far from its blank tail.
    expect(a.sizes[0].heightMm).toBeGreaterThan(100);
    expect(a.sizes[0].heightMm).toBeLessThan(250);
    // Eleven more lines (two text rows each at 9 pt) make the page longer, still on one page.
    expect(b.sizes[0].heightMm - a.sizes[0].heightMm).toBeGreaterThan(40);
    expect(b.text).toContain("¡Gracias por su compra!");
    expect(a.text).toContain(short.sale.saleCode);
  }, 120_000);

  it("the box-cut slip is one 100 mm page as long as its content", async () => {
    const s = await saleWith(1);
    const { sizes, text } = await pageSizes(
      await call(slipPdf, `/pdv/sessions/${s.sessionId}/slip.pdf?kind=X`, (await loginAs("gerente_pdv")).cookie, undefined, {
        sessionId: String(s.sessionId),
      }),
    );
    expect(sizes).toHaveLength(1);
    expect(sizes[0].widthMm).toBeCloseTo(100, 0);
    expect(sizes[0].heightMm).toBeLessThan(200);
    expect(text).toContain("Corte parcial (X)");
  }, 120_000);
});
