import { afterEach, describe, expect, it } from "vitest";
import { and, eq, like, sql } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { auditLog, conversations, messages, orders, publications, questions } from "../../server/db/schema";
import { getIntegrations, setIntegrations, type Integrations } from "../../server/integrations";
import { listDemoMovements } from "../../server/integrations/simulator";
import { action as questionsAction } from "~/routes/questions/route";
import { action as messagesAction } from "~/routes/messages/route";
import { action as orderAction } from "~/routes/orders/$orderId";
import { action as productsAction, loader as productsLoader } from "~/routes/products/route";
import { action as quotationDialogAction } from "~/routes/products/quotation";
import { action as quoteAction } from "~/routes/products/quotes.$folio";
import { markDelivered } from "~/modules/orders/orders.server";
import { readToast } from "~/lib/toast.server";
import { useTestDatabase } from "../helpers/db";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { routeArgs } from "../helpers/route-args";

// "Act once" commands under parallel submissions (a double click, two tabs, two colleagues). On
// PostgreSQL (TEST_DATABASE_URL) the requests really overlap on separate connections.
const database = await useTestDatabase({ demo: true });

/**
 * Counts the calls to one legacy-system method; each call waits a little so the parallel requests
 * really overlap while the first one is out talking to the legacy system.
 */
function countCalls<S extends "marketplace" | "erp">(system: S, method: keyof Integrations[S] & string) {
  const real = getIntegrations();
  const target = real[system] as unknown as Record<string, unknown>;
  const calls = { n: 0 };
  const wrapped = new Proxy(target, {
    get(obj, prop, receiver) {
      const value = Reflect.get(obj, prop, receiver);
      if (prop !== method || typeof value !== "function") return typeof value === "function" ? value.bind(obj) : value;
      return async (...args: unknown[]) => {
        calls.n += 1;
        await new Promise((r) => setTimeout(r, 50));
        return value.apply(obj, args);
      };
    },
  });
  setIntegrations({ ...real, [system]: wrapped });
  return calls;
}
afterEach(() => setIntegrations(undefined));

async function toastTitle(res: unknown) {
  if (!(res instanceof Response)) return null;
  const cookie = res.headers.get("set-cookie") ?? "";
  return (await readToast(new Request("http://x", { headers: { cookie: cookie.split(";")[0] } }))).toast?.title ?? null;
}

describe("act once", () => {
  it("five parallel answers to one question: one is sent and audited, the others are told it is no longer pending", async () => {
    // A question without a suggestion on an active publication: answerable with any text, no rating.
    const [q] = await getDb()
      .select({ id: questions.id })
      .from(questions)
      .innerJoin(publications, eq(publications.id, questions.publicationId))
      .where(and(eq(questions.status, "UNANSWERED"), sql`${questions.suggestion} is null`, eq(publications.status, "active")))
      .orderBy(questions.id)
      .limit(1);
    const people = await Promise.all([1, 2, 3, 4, 5].map(() => loginAs("admin")));
    const results = await Promise.all(
      people.map(({ cookie }, i) =>
        settle(() =>
          questionsAction(
            routeArgs({
              request: makeRequest("/questions", {
                cookie,
                form: { intent: "answer", questionId: String(q.id), answer: `Respuesta ${i}` },
              }),
              params: {},
            }),
          ),
        ),
      ),
    );
    const titles = await Promise.all(results.map(toastTitle));
    expect(titles.filter((t) => t === "Respuesta enviada")).toHaveLength(1);
    expect(titles.filter((t) => t === "Pregunta no pendiente")).toHaveLength(4);
    const audits = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.identifier, String(q.id)), like(auditLog.message, "%respondida%")));
    expect(audits).toHaveLength(1);
    const [after] = await getDb().select().from(questions).where(eq(questions.id, q.id));
    expect(after.status).toBe("ANSWERED");
    expect(after.answeringUntil).toBeNull();
  });

  it("five parallel 'Marcar como entregado' on one order: one record, one audit entry", async () => {
    const [o] = await getDb()
      .select()
      .from(orders)
      .where(sql`${orders.logisticType} = 'not_specified' and ${orders.manualDelivered} is null and ${orders.orderStatus} <> 'cancelled'`)
      .limit(1);
    const people = await Promise.all([1, 2, 3, 4, 5].map(() => loginAs("admin")));
    const results = await Promise.all(
      people.map(({ user }) => markDelivered(o.id, o.version, { ...user, sessionId: "x", erpUsers: [], permissions: [] } as never)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const audits = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.identifier, o.id.toString()), like(auditLog.message, "%marcada como entregada%")));
    expect(audits).toHaveLength(1);
  });

  it("five parallel sends of one reply: the marketplace is called once, one message and one audit row", async () => {
    const [c] = await getDb().select().from(conversations).where(eq(conversations.status, "active")).limit(1);
    const seen = c.lastMessageDate ? c.lastMessageDate.toISOString() : "";
    const calls = countCalls("marketplace", "sendMessage");
    const people = await Promise.all([1, 2, 3, 4, 5].map(() => loginAs("admin")));
    const before = (await getDb().select().from(messages).where(eq(messages.conversationId, c.id))).length;
    const form = { intent: "reply", conversationId: String(c.id), message: "Su pedido sale hoy", seenLastMessage: seen };
    const results = await Promise.all(
      people.map(({ cookie }) =>
        settle(() => messagesAction(routeArgs({ request: makeRequest("/messages", { cookie, form }), params: {} }))),
      ),
    );
    const titles = await Promise.all(results.map(toastTitle));
    expect(titles.filter((t) => t === "Mensaje enviado")).toHaveLength(1);
    expect(titles.filter((t) => t === "Mensaje no enviado")).toHaveLength(4);
    expect(calls.n).toBe(1);
    const after = await getDb().select().from(messages).where(eq(messages.conversationId, c.id));
    expect(after.length - before).toBe(1);
    const audits = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.identifier, c.orderId.toString()), eq(auditLog.message, `Mensaje enviado en la orden ${c.orderId}`)));
    expect(audits).toHaveLength(1);

    // The same form submitted again later (back button, a retry after a slow answer) does not send again.
    const again = await settle(() =>
      messagesAction(routeArgs({ request: makeRequest("/messages", { cookie: people[0].cookie, form }), params: {} })),
    );
    expect(await toastTitle(again)).toBe("Mensaje no enviado");
    expect(calls.n).toBe(1);
    const [row] = await getDb().select().from(conversations).where(eq(conversations.id, c.id));
    expect(row.sendingUntil).toBeNull();
  });

  it("five parallel assignments of one ERP movement to one order: one saved, one audit row", async () => {
    const m = (await listDemoMovements(database)).find((x) => x.scenario === "match")!;
    const [o] = await getDb()
      .select()
      .from(orders)
      .where(eq(orders.id, BigInt(m.orderId)));
    expect(o.intelisisMovement).toBeNull();
    const people = await Promise.all([1, 2, 3, 4, 5].map(() => loginAs("admin")));
    const form = { intent: "save", version: String(o.version), intelisisMovement: m.movement, comments: o.comments ?? "" };
    const results = await Promise.all(
      people.map(({ cookie }) =>
        settle(() =>
          orderAction(routeArgs({ request: makeRequest(`/orders/${m.orderId}`, { cookie, form }), params: { orderId: m.orderId } })),
        ),
      ),
    );
    // The others are sent back to the order as it is now, with the "changed meanwhile" warning.
    const titles = await Promise.all(results.map(toastTitle));
    expect(titles.filter((t) => t === "Orden actualizada")).toHaveLength(1);
    expect(titles.filter((t) => t !== "Orden actualizada")).toHaveLength(4);
    const audits = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.identifier, m.orderId), eq(auditLog.message, `Movimiento ${m.movement} asignado a la orden ${m.orderId}`)));
    expect(audits).toHaveLength(1);
    const [after] = await getDb()
      .select()
      .from(orders)
      .where(eq(orders.id, BigInt(m.orderId)));
    expect(after.intelisisMovement).toBe(m.movement);
    expect(after.version).toBe(o.version + 1);
  });

  it("five parallel 'Cotizar a intelisis' of one stored quote: the ERP is called once, one audit row", async () => {
    const { cookie } = await loginAs("developer", { erpUsers: ["VENTAS1"] });
    const list = (await settle(() => productsLoader(routeArgs({ request: makeRequest("/products", { cookie }), params: {} })))) as {
      list: { ok: true; rows: { sku: string }[] };
    };
    const product = list.list.rows[0];
    await settle(() =>
      productsAction(
        routeArgs({ request: makeRequest("/products", { cookie, form: { intent: "add", sku: product.sku, qty: "2" } }), params: {} }),
      ),
    );
    const stored = (await settle(() =>
      quotationDialogAction(routeArgs({ request: makeRequest("/products/quotation", { cookie, form: { intent: "store" } }), params: {} })),
    )) as Response;
    const folio = stored.headers.get("location")!.split("/").pop()!;
    const calls = countCalls("erp", "createQuotation");
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        settle(() =>
          quoteAction(
            routeArgs({
              request: makeRequest(`/products/quotes/${folio}`, { cookie, form: { intent: "erp", erpUser: "VENTAS1" } }),
              params: { folio },
            }),
          ),
        ),
      ),
    );
    expect(results.filter((r) => r instanceof Response && r.status === 302)).toHaveLength(1);
    expect(calls.n).toBe(1);
    const audits = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.identifier, folio), like(auditLog.message, `Cotización ${folio} creada en Intelisis%`)));
    expect(audits).toHaveLength(1);
  });
});
