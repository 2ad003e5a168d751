import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../server/db/client";
import { pdvOutbox, pdvSales, pdvSessions, products } from "../../server/db/schema";
import { getIntegrations } from "../../server/integrations";
import { appJobs } from "../../app/jobs.server";
import { JobRunner } from "../../server/jobs/runner";
import * as till from "~/routes/pdv/route";
import * as payRoute from "~/routes/pdv/pay";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { useTestDatabase } from "../helpers/db";
import { routeArgs } from "../helpers/route-args";

const database = await useTestDatabase();
await getDb().execute(sql`insert into sim.erp_clients (cliente, nombre) values ('V', 'VENTA MOSTRADOR') on conflict do nothing`);

type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;
const call = (handler: unknown, path: string, cookie: string, form: Record<string, string>) =>
  settle(() => (handler as Handler)(routeArgs({ request: makeRequest(path, { cookie, form }), params: {} })));

/** A cashier with an open box and one product of $100 in the cart, paid with $500 in cash while the ERP is down. */
async function saleTheErpMissed() {
  const c = await loginAs("cajero");
  await call(till.action, "/pdv", c.cookie, { intent: "open", amount: "1500" });
  const [box] = await getDb().select().from(pdvSessions).where(eq(pdvSessions.userId, c.user.id));
  const id = `PDVJOB${crypto.randomBytes(3).toString("hex").toUpperCase()}`;
  await getDb()
    .insert(products)
    .values({ id, name: `Producto ${id}`, slug: id.toLowerCase(), price: 100, stockTotal: 10 });
  await getDb().execute(sql`insert into sim.erp_articles (sku, description) values (${id}, ${`Producto ${id}`})`);
  await call(till.action, "/pdv", c.cookie, { intent: "scan", query: id });
  const erp = getIntegrations().erp;
  const original = erp.createPdvQuotation;
  erp.createPdvQuotation = async () => {
    throw new Error("ERP caído");
  };
  try {
    await call(payRoute.action, "/pdv/pay", c.cookie, {
      intent: "pay",
      token: crypto.randomUUID(),
      session: String(box.id),
      cash_on: "1",
      cash: "500",
    });
  } finally {
    erp.createPdvQuotation = original;
  }
  const [sale] = await getDb().select().from(pdvSales).where(eq(pdvSales.sessionId, box.id));
  return sale;
}

describe("the sale outbox on the job runner", () => {
  it("a sale the ERP missed at commit is sent by the next 15-second run, by one of two instances", async () => {
    const sale = await saleTheErpMissed();
    expect(sale.intelisisStatus).toBe(false);
    // Its retry is due (the outbox's own back-off is decision 0012's).
    await getDb()
      .update(pdvOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(pdvOutbox.saleId, sale.id));

    let clock = new Date("2026-11-29T15:00:05Z");
    const definitions = appJobs(database).filter((j) => j.name === "pdv-outbox");
    const lines: string[] = [];
    const runners = ["a", "b"].map(
      (instance) => new JobRunner(database, definitions, { now: () => clock, instance, log: (l) => lines.push(l) }),
    );
    await Promise.all(runners.map((r) => r.tick()));
    expect((await getDb().select().from(pdvSales).where(eq(pdvSales.id, sale.id)))[0].intelisisStatus).toBe(false);

    clock = new Date("2026-11-29T15:00:15Z");
    const ticks = await Promise.all(runners.map((r) => r.tick()));
    expect(ticks.map((t) => t.done).sort()).toEqual([0, 1]);
    expect((await getDb().select().from(pdvSales).where(eq(pdvSales.id, sale.id)))[0].intelisisStatus).toBe(true);
    const [row] = await getDb().select().from(pdvOutbox).where(eq(pdvOutbox.saleId, sale.id));
    expect(row.doneAt).not.toBeNull();
    expect(lines).toEqual(["[trabajos] pdv-outbox: 1 envíos a Intelisis hechos, 0 pendientes"]);
  });
});
