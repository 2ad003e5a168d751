import { describe, expect, it } from "vitest";
import { and, eq, like, sql } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { auditLog, orders, questions } from "../../server/db/schema";
import { seedDemo } from "../../server/db/seed/demo";
import { action as questionsAction } from "~/routes/_app.questions";
import { markDelivered } from "~/modules/orders/orders.server";
import { readToast } from "~/lib/toast.server";
import { useTestDatabase } from "../helpers/db";
import { loginAs, makeRequest, settle } from "../helpers/auth";

// "Act once" commands under parallel submissions (a double click, two tabs, two colleagues). On
// PostgreSQL (TEST_DATABASE_URL) the requests really overlap on separate connections.
const database = await useTestDatabase();
await seedDemo(database, { now: new Date(), brand: "Electrica" });

async function toastTitle(res: unknown) {
  if (!(res instanceof Response)) return null;
  const cookie = res.headers.get("set-cookie") ?? "";
  return (await readToast(new Request("http://x", { headers: { cookie: cookie.split(";")[0] } }))).toast?.title ?? null;
}

describe("act once", () => {
  it("five parallel answers to one question: one is sent and audited, the others are told it is no longer pending", async () => {
    const [q] = await getDb().select().from(questions).where(and(eq(questions.status, "UNANSWERED"), sql`${questions.suggestion} is null`)).limit(1);
    const people = await Promise.all([1, 2, 3, 4, 5].map(() => loginAs("admin")));
    const results = await Promise.all(
      people.map(({ cookie }, i) =>
        settle(() => questionsAction({ request: makeRequest("/questions", { cookie, form: { intent: "answer", questionId: String(q.id), answer: `Respuesta ${i}` } }), params: {}, context: {} })),
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
    const results = await Promise.all(people.map(({ user }) => markDelivered(o.id, o.version, { ...user, sessionId: "x", erpUsers: [], permissions: [] } as never)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const audits = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.identifier, o.id.toString()), like(auditLog.message, "%marcada como entregada%")));
    expect(audits).toHaveLength(1);
  });
});
