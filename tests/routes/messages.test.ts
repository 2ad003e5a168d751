import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { conversations, messages, orders } from "../../server/db/schema";
import { simulatorControl } from "../../server/integrations/simulator";
import { loader as listLoader, action as listAction } from "~/routes/messages/route";
import { loader as dialogLoader, action as dialogAction } from "~/routes/messages/$conversationId";
import { loader as fileLoader } from "~/routes/messages/attachments.$fileId";
import { action as templatesAction } from "~/routes/messages/templates";
import { readToast } from "~/lib/toast.server";
import { useTestDatabase } from "../helpers/db";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { routeArgs } from "../helpers/route-args";

const database = await useTestDatabase({ demo: true });

type ListData = Awaited<ReturnType<typeof listLoader>>;

const list = (path: string, cookie: string) => settle(() => listLoader(routeArgs({ request: makeRequest(path, { cookie }), params: {} })));
const post = (form: FormData | Record<string, string>, cookie: string, path = "/messages") =>
  settle(() => listAction(routeArgs({ request: makeRequest(path, { cookie, form }), params: {} })));
async function toastOf(res: unknown) {
  expect(res).toBeInstanceOf(Response);
  const cookie = (res as Response).headers.get("set-cookie") ?? "";
  return (await readToast(new Request("http://x", { headers: { cookie: cookie.split(";")[0] } }))).toast;
}
async function activeConversation(where: (c: typeof conversations.$inferSelect) => boolean = () => true) {
  const rows = await getDb().select().from(conversations).where(eq(conversations.status, "active"));
  return rows.filter(where)[0];
}

describe("/messages access", () => {
  it("Admin and Developer pass; MercadoLibre Manager needs messages_access; other roles go home", async () => {
    for (const role of ["admin", "developer"] as const) {
      const { cookie } = await loginAs(role);
      expect(((await list("/messages", cookie)) as ListData).rows.length).toBeGreaterThan(0);
    }
    const without = await loginAs("ml_manager", { permissions: [] });
    const refused = (await list("/messages", without.cookie)) as Response;
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/products");
    const withFlag = await loginAs("ml_manager", { permissions: ["messages_access"] });
    expect(((await list("/messages", withFlag.cookie)) as ListData).total).toBeGreaterThan(0);
    const inventory = await loginAs("inventory");
    expect(((await list("/messages", inventory.cookie)) as Response).status).toBe(302);
    const c = await activeConversation();
    const dialog = await settle(() =>
      dialogLoader(
        routeArgs({ request: makeRequest(`/messages/${c.id}`, { cookie: without.cookie }), params: { conversationId: String(c.id) } }),
      ),
    );
    expect((dialog as Response).status).toBe(302);
  });
});

describe("/messages lists", () => {
  it("pending shows buyer-last conversations with consistent priority; invoice matches 'factura'", async () => {
    const { cookie } = await loginAs("admin");
    const pending = (await list("/messages", cookie)) as ListData;
    expect(pending.rows.every((r) => !r.lastMessageFromSeller)).toBe(true);
    const dayAgo = Date.now() - 24 * 3600_000;
    for (const r of pending.rows) expect(r.priority).toBe(new Date(r.lastMessageDate!).getTime() <= dayAgo);
    const urgent = (await list("/messages?message_status_filter=urgent", cookie)) as ListData;
    expect(urgent.rows.every((r) => r.priority)).toBe(true);
    const invoice = (await list("/messages?section=invoice", cookie)) as ListData;
    expect(invoice.total).toBeGreaterThan(0);
    for (const r of invoice.rows) expect(r.messages.some((m) => !m.fromSeller && /factura/i.test(m.text))).toBe(true);
    const history = (await list("/messages?section=history", cookie)) as ListData;
    expect(history.total).toBe(120);
  });

  it("bad query values fall back; dates from the form become start_date and end_date plus one day", async () => {
    const { cookie } = await loginAs("admin");
    const bad = (await list(
      "/messages?section=nope&page=x&filterLogisticType=zzz&start_date=2024-13-45&day_filter=never",
      cookie,
    )) as ListData;
    expect(bad.query).toMatchObject({
      section: "pending",
      page: 1,
      filterLogisticType: undefined,
      start_date: undefined,
      day_filter: undefined,
    });
    const redirected = (await list("/messages?section=history&start_day=2025-03-01&end_day=2025-03-31&page=3", cookie)) as Response;
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("location")).toBe("/messages?section=history&start_date=2025%2F03%2F01&end_date=2025%2F04%2F01");
    const filtered = (await list(
      "/messages?section=history&filterLogisticType=fulfillment&assigned_move_filter=assigned&sortName=order_date&sortValue=asc",
      cookie,
    )) as ListData;
    for (const r of filtered.rows) expect(r).toMatchObject({ logisticType: "fulfillment" });
    const [c] = await getDb().select().from(conversations).limit(1);
    const byOrder = (await list(`/messages?section=history&search=${c.orderId}`, cookie)) as ListData;
    expect(byOrder.rows.map((r) => r.id)).toContain(c.id);
  });
});

describe("order filters read the order's current attributes", () => {
  // The truth is the order row itself; the list filters on copies the triggers keep on the conversation.
  const TRUTH: Array<[string, string]> = [
    ["filterLogisticType=fulfillment", "o.logistic_type = 'fulfillment'"],
    ["filterLogisticType=acordar", "o.logistic_type = 'not_specified'"],
    ["filterLogisticType=drop_off&assigned_move_filter=unassigned", "o.logistic_type = 'drop_off' and o.intelisis_movement is null"],
    ["assigned_move_filter=assigned", "o.intelisis_movement is not null"],
    ["assigned_move_filter=unassigned", "o.intelisis_movement is null"],
    ["shipment_status_filter=delivered", "o.shipment_status = 'delivered'"],
    ["claim_return_status_filter=claim", "o.claim_status is not null"],
    ["claim_return_status_filter=return", "string_to_array(o.status, ',') @> array['returns']"],
  ];
  const expected = async (where: string) => {
    const result = await getDb().execute(
      sql.raw(`select count(*)::int as n from conversations c join orders o on o.id = c.order_id where ${where}`),
    );
    return (result as unknown as { rows: Array<{ n: number }> }).rows[0].n;
  };

  it.each(TRUTH)("history?%s counts what the orders say", async (query, where) => {
    const { cookie } = await loginAs("admin");
    const data = (await list(`/messages?section=history&${query}`, cookie)) as ListData;
    const truth = await expected(where);
    expect(truth).toBeGreaterThan(0);
    expect(data.total).toBe(truth);
  });

  it("follows order edits, removals and new conversations", async () => {
    const { cookie } = await loginAs("admin");
    const db = getDb();
    const [c] = await db.select().from(conversations).limit(1);
    const ids = async (query: string) => ((await list(`/messages?section=history&${query}`, cookie)) as ListData).rows.map((r) => r.id);
    const search = `search=${c.orderId}`;

    await db.update(orders).set({ logisticType: "cross_docking", intelisisMovement: null }).where(eq(orders.id, c.orderId));
    expect(await ids(`${search}&filterLogisticType=cross_docking&assigned_move_filter=unassigned`)).toEqual([c.id]);
    await db.update(orders).set({ intelisisMovement: "Factura Electrónica 4242" }).where(eq(orders.id, c.orderId));
    expect(await ids(`${search}&assigned_move_filter=unassigned`)).toEqual([]);
    expect(await ids(`${search}&assigned_move_filter=assigned`)).toEqual([c.id]);

    const [order] = await db.select().from(orders).where(eq(orders.id, c.orderId));
    await db.delete(orders).where(eq(orders.id, c.orderId));
    expect(await ids(`${search}&filterLogisticType=cross_docking`)).toEqual([]);
    await db.insert(orders).values(order);
    expect(await ids(`${search}&filterLogisticType=cross_docking&assigned_move_filter=assigned`)).toEqual([c.id]);

    const { id: _id, ...copy } = c;
    const [added] = await db
      .insert(conversations)
      .values({ ...copy, orderLogisticType: null, orderMovementAssigned: false })
      .returning();
    expect(added).toMatchObject({ orderLogisticType: "cross_docking", orderMovementAssigned: true });
    await db.delete(conversations).where(eq(conversations.id, added.id));
  });
});

describe("replying", () => {
  it("an empty reply warns 'Mensaje no enviado' and sends nothing", async () => {
    const { cookie } = await loginAs("admin");
    const c = await activeConversation((c) => !c.lastMessageFromSeller);
    const before = await getDb().select().from(messages).where(eq(messages.conversationId, c.id));
    const res = await post({ intent: "reply", conversationId: String(c.id), message: "  " }, cookie);
    expect(await toastOf(res)).toMatchObject({
      title: "Mensaje no enviado",
      message: "No se ha ingresado mensaje o archivo.",
      variant: "warning",
    });
    expect(await getDb().select().from(messages).where(eq(messages.conversationId, c.id))).toHaveLength(before.length);
  });

  it("a file over 25 MB warns 'Tamaño máximo 25M' and keeps the text as draft", async () => {
    const { cookie } = await loginAs("admin");
    const c = await activeConversation((c) => !c.lastMessageFromSeller);
    const form = new FormData();
    form.append("intent", "reply");
    form.append("conversationId", String(c.id));
    form.append("message", "Le envío el archivo");
    form.append("file", new File([new Uint8Array(25 * 1024 * 1024 + 1)], "grande.pdf", { type: "application/pdf" }));
    const res = await post(form, cookie);
    expect(await toastOf(res)).toMatchObject({ title: "Tamaño máximo 25M", message: "Error al cargar el archivo grande.pdf." });
    const [after] = await getDb().select().from(conversations).where(eq(conversations.id, c.id));
    expect(after.draft).toBe("Le envío el archivo");
  });

  it("sends a reply with an attachment, stores it and serves it for download", async () => {
    const { cookie } = await loginAs("admin");
    const c = await activeConversation((c) => !c.lastMessageFromSeller && c.orderStatus !== "cancelled");
    const form = new FormData();
    form.append("intent", "reply");
    form.append("conversationId", String(c.id));
    form.append("message", "Le compartimos su factura.");
    form.append("file", new File([new TextEncoder().encode("%PDF-1.4 prueba")], "factura.pdf", { type: "application/pdf" }));
    form.append("file", new File([new TextEncoder().encode("segundo")], "ignorado.txt", { type: "text/plain" }));
    const res = await post(form, cookie, "/messages?page=1");
    expect(await toastOf(res)).toMatchObject({ title: "Mensaje enviado", variant: "success" });
    const thread = await getDb().select().from(messages).where(eq(messages.conversationId, c.id));
    const last = thread.sort((a, b) => b.id - a.id)[0];
    expect(last).toMatchObject({ text: "Le compartimos su factura.", fromSeller: true });
    expect(last.attachments).toHaveLength(1);
    expect(last.attachments[0].originalFilename).toBe("factura.pdf");
    const [after] = await getDb().select().from(conversations).where(eq(conversations.id, c.id));
    expect(after.lastMessageFromSeller).toBe(true);
    const download = (await settle(() =>
      fileLoader(
        routeArgs({
          request: makeRequest(`/messages/attachments/${last.attachments[0].fileId}`, { cookie }),
          params: { fileId: last.attachments[0].fileId },
        }),
      ),
    )) as Response;
    expect(download.status).toBe(200);
    expect(await download.text()).toBe("%PDF-1.4 prueba");
    const missing = (await settle(() =>
      fileLoader(routeArgs({ request: makeRequest(`/messages/attachments/nope`, { cookie }), params: { fileId: "nope" } })),
    )) as Response;
    expect(missing.status).toBe(404);
    expect(fs.existsSync(process.env.DATA_DIR!)).toBe(true);
  });

  it("a marketplace failure is a danger toast and the text stays as draft; blocked conversations refuse", async () => {
    const { cookie } = await loginAs("admin");
    const c = await activeConversation((c) => !c.lastMessageFromSeller && c.orderStatus !== "cancelled");
    await simulatorControl.failNext("marketplace.sendMessage", "http", { status: 503 });
    const res = await post({ intent: "reply", conversationId: String(c.id), message: "No se debe perder" }, cookie);
    expect((await toastOf(res))?.variant).toBe("danger");
    const [after] = await getDb().select().from(conversations).where(eq(conversations.id, c.id));
    expect(after.draft).toBe("No se debe perder");
    const [blocked] = await getDb().select().from(conversations).where(eq(conversations.status, "blocked")).limit(1);
    const refused = await post({ intent: "reply", conversationId: String(blocked.id), message: "Hola" }, cookie);
    expect((await toastOf(refused))?.title).toBe("Mensaje no enviado");
    const unknown = await post({ intent: "reply", conversationId: "999999", message: "Hola" }, cookie);
    expect((unknown as Response).status).toBe(404);
  });

  it("inserting a template without JavaScript appends it to the draft; templates are editable", async () => {
    const { cookie } = await loginAs("admin");
    const c = await activeConversation();
    const [template] = await database.query<{ id: number; text: string }>(`select id, text from canned_replies where key = 'invoice'`);
    await post({ intent: "insert-template", conversationId: String(c.id), message: "Hola.", templateId: String(template.id) }, cookie);
    const [after] = await getDb().select().from(conversations).where(eq(conversations.id, c.id));
    expect(after.draft).toBe(`Hola.\n\n${template.text}`);
    const bad = (await settle(() =>
      templatesAction(
        routeArgs({
          request: makeRequest("/messages/templates", { cookie, form: { id: String(template.id), name: "", text: "" } }),
          params: {},
        }),
      ),
    )) as unknown as { init: { status: number } };
    expect(bad.init.status).toBe(400);
    const ok = await settle(() =>
      templatesAction(
        routeArgs({
          request: makeRequest("/messages/templates", {
            cookie,
            form: { id: String(template.id), name: "Factura", text: "Tienes 3 días hábiles para solicitar tu factura." },
          }),
          params: {},
        }),
      ),
    );
    expect((await toastOf(ok))?.title).toBe("Plantilla actualizada");
  });
});

describe("conversation dialog", () => {
  it("shows the thread and the order; an unknown conversation is a 404", async () => {
    const { cookie } = await loginAs("admin");
    const c = await activeConversation();
    const res = (await settle(() =>
      dialogLoader(routeArgs({ request: makeRequest(`/messages/${c.id}`, { cookie }), params: { conversationId: String(c.id) } })),
    )) as Awaited<ReturnType<typeof dialogLoader>>;
    expect(res.messages.length).toBeGreaterThan(0);
    expect(res.order?.status.label).toBeTruthy();
    for (const id of ["999999", "abc"]) {
      const missing = (await settle(() =>
        dialogLoader(routeArgs({ request: makeRequest(`/messages/${id}`, { cookie }), params: { conversationId: id } })),
      )) as Response;
      expect(missing.status).toBe(404);
    }
  });

  it("saves order comments through the orders area's rules", async () => {
    const { cookie } = await loginAs("admin");
    const c = await activeConversation();
    const [order] = await getDb().select().from(orders).where(eq(orders.id, c.orderId));
    const res = await settle(() =>
      dialogAction(
        routeArgs({
          request: makeRequest(`/messages/${c.id}`, {
            cookie,
            form: {
              intelisisMovement: order.intelisisMovement ?? "",
              comments: "Cliente pidió factura",
              packageManager: order.packageManager ?? "",
              creditNote: order.creditNote ?? "",
              splittedOrder: order.splittedOrder ?? "",
              version: String(order.version),
            },
          }),
          params: { conversationId: String(c.id) },
        }),
      ),
    );
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).headers.get("location")).toBe(`/messages/${c.id}`);
    const [after] = await getDb().select().from(orders).where(eq(orders.id, c.orderId));
    expect(after.comments).toBe("Cliente pidió factura");
  });
});
