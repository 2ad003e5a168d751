import { describe, expect, it } from "vitest";
import { and, count, eq, gt, like, max } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { auditLog, conversations, messages } from "../../server/db/schema";
import { simulatorControl } from "../../server/integrations/simulator";
import { action as listAction } from "~/routes/messages/route";
import { readToast } from "~/lib/toast.server";
import { accountOf, mentionsInvoice } from "~/modules/messages/rules";
import { conversationAfter } from "~/modules/messages/sync.server";
import { useTestDatabase } from "../helpers/db";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { routeArgs } from "../helpers/route-args";

const database = await useTestDatabase({ demo: true });

const sync = (cookie: string, path = "/messages") =>
  settle(() =>
    listAction(routeArgs({ request: makeRequest(path, { cookie, form: { intent: "sync" } }), params: {} })),
  ) as Promise<Response>;
async function toastOf(res: Response) {
  const cookie = res.headers.get("set-cookie") ?? "";
  return (await readToast(new Request("http://x", { headers: { cookie: cookie.split(";")[0] } }))).toast;
}
async function counts() {
  const db = getDb();
  const [[c], [m], [a]] = await Promise.all([
    db.select({ n: count() }).from(conversations),
    db.select({ n: count() }).from(messages),
    db.select({ n: count() }).from(auditLog).where(like(auditLog.message, "Sincronización de mensajes%")),
  ]);
  return { conversations: c.n, messages: m.n, audits: a.n };
}

describe("conversationAfter", () => {
  it("the newest message decides who wrote last; a buyer's 'factura' sets the invoice flag, a seller's does not", () => {
    const base = { lastMessageDate: new Date("2025-03-01T10:00:00Z"), lastMessageFromSeller: true, asksInvoice: false };
    expect(
      conversationAfter(base, [{ fromSeller: false, messageDate: new Date("2025-03-01T11:00:00Z"), text: "¿Me envían la FÁCTURA?" }]),
    ).toEqual({
      lastMessageDate: new Date("2025-03-01T11:00:00Z"),
      lastMessageFromSeller: false,
      asksInvoice: true,
    });
    expect(conversationAfter(base, [{ fromSeller: false, messageDate: new Date("2025-03-01T09:00:00Z"), text: "Hola" }])).toEqual(base);
    expect(
      conversationAfter({ lastMessageDate: null, lastMessageFromSeller: false, asksInvoice: false }, [
        { fromSeller: true, messageDate: base.lastMessageDate, text: "Su factura" },
      ]),
    ).toEqual(base);
  });
});

describe("Sincronizar mensajes", () => {
  it("a role without /messages is sent away and nothing is imported", async () => {
    const before = await counts();
    for (const who of [await loginAs("inventory"), await loginAs("ml_manager", { permissions: [] })]) {
      const res = await sync(who.cookie);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).not.toContain("/messages");
    }
    expect(await counts()).toEqual(before);
  });

  it("a marketplace failure is a danger toast with its message and saves nothing", async () => {
    const { cookie } = await loginAs("admin");
    const before = await counts();
    await simulatorControl.failNext("marketplace.listPendingMessages", "http", { status: 503 });
    const res = await sync(cookie, "/messages?section=history&page=2");
    expect(res.headers.get("location")).toBe("/messages?section=history&page=2");
    const toast = await toastOf(res);
    expect(toast).toMatchObject({ title: "Mensajes no sincronizados", variant: "danger" });
    expect(toast?.message).toBeTruthy();
    expect(await counts()).toEqual(before);
  });

  it("imports the new buyer messages once, with the conversations' state; a second run adds nothing", async () => {
    const { cookie } = await loginAs("admin");
    const before = await counts();
    const [{ lastId }] = await getDb()
      .select({ lastId: max(conversations.id) })
      .from(conversations);
    const res = await sync(cookie, "/messages?section=invoice");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/messages?section=invoice");
    // The demo marketplace holds six orders with a first buyer message the app has not seen.
    expect(await toastOf(res)).toMatchObject({
      title: "Mensajes sincronizados",
      message: "Llegaron 6 mensajes nuevos en 6 conversaciones.",
      variant: "success",
    });
    const after = await counts();
    expect(after).toEqual({ conversations: before.conversations + 6, messages: before.messages + 6, audits: before.audits + 1 });

    const fresh = await getDb()
      .select()
      .from(messages)
      .where(gt(messages.conversationId, lastId ?? 0));
    expect(fresh).toHaveLength(6);
    for (const m of fresh) {
      const [c] = await getDb().select().from(conversations).where(eq(conversations.id, m.conversationId));
      expect(c).toMatchObject({
        lastMessageFromSeller: false,
        lastMessageDate: m.messageDate,
        asksInvoice: mentionsInvoice(m.text),
        status: "active",
      });
      expect(c.orderInfo.items.length).toBeGreaterThan(0);
      expect(c.clientInfo?.nickname).toBeTruthy();
      expect(m).toMatchObject({ fromSeller: false, fromUserId: c.clientId, externalId: expect.any(String) });
    }

    const again = await sync(cookie);
    expect(await toastOf(again)).toMatchObject({ title: "Mensajes sincronizados", message: "No hay mensajes nuevos.", variant: "info" });
    expect(await counts()).toEqual({ ...after, audits: after.audits + 1 });
  });

  it("a reply sent from the screen is not imported again; a new buyer message makes it pending and 'factura' marks it", async () => {
    const { cookie } = await loginAs("admin");
    const [c] = await getDb()
      .select()
      .from(conversations)
      .where(and(eq(conversations.lastMessageFromSeller, false), eq(conversations.asksInvoice, false), eq(conversations.status, "active")))
      .limit(1);
    const replied = (await settle(() =>
      listAction(
        routeArgs({
          request: makeRequest("/messages", {
            cookie,
            form: { intent: "reply", conversationId: String(c.id), message: "  Con gusto le ayudamos. " },
          }),
          params: {},
        }),
      ),
    )) as Response;
    expect(await toastOf(replied)).toMatchObject({ title: "Mensaje enviado" });
    const at = new Date(Date.now() + 60_000);
    await database.query(
      `insert into sim.mkt_messages (account, order_id, client_id, from_seller, text, created_at) values ($1, $2::bigint, $3, false, $4, $5)`,
      [accountOf(c.store), c.orderId.toString(), c.clientId, "Buen día, ¿me pueden enviar la FACTURA?", at.toISOString()],
    );
    const before = await counts();
    expect(await toastOf(await sync(cookie))).toMatchObject({ message: "Llegó 1 mensaje nuevo en 1 conversación.", variant: "success" });
    expect(await counts()).toEqual({ ...before, messages: before.messages + 1, audits: before.audits + 1 });
    const [updated] = await getDb().select().from(conversations).where(eq(conversations.id, c.id));
    expect(updated).toMatchObject({ lastMessageFromSeller: false, lastMessageDate: at, asksInvoice: true });
    expect(await toastOf(await sync(cookie))).toMatchObject({ variant: "info" });
  });
});
