import { describe, expect, it } from "vitest";
import { getDb } from "../../server/db/client";
import { auditLog, orders, storeLocations } from "../../server/db/schema";
import { listDemoCreditNotes, listDemoMovements, simulatorControl } from "../../server/integrations/simulator";
import { and, eq, sql } from "drizzle-orm";
import { loader as listLoader } from "~/routes/orders/route";
import { action as orderAction, loader as orderLoader } from "~/routes/orders/$orderId";
import { action as labelAction } from "~/routes/orders/$orderId.label";
import { action as bulkAction } from "~/routes/orders/labels";
import { PDFDocument } from "pdf-lib";
import { loader as reportLoader } from "~/routes/orders/reports.download";
import { MOVEMENT_MESSAGES as M } from "~/modules/orders/movement";
import { saveOrderEdits } from "~/modules/orders/order-edit.server";
import { readToast } from "~/lib/toast.server";
import { useTestDatabase } from "../helpers/db";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { routeArgs } from "../helpers/route-args";

const database = await useTestDatabase({ demo: true });
const db = getDb();

const admin = await loginAs("admin");
const manager = await loginAs("ml_manager");
const shop = await loginAs("shop_manager");

type List = Awaited<ReturnType<typeof listLoader>>;
const list = (query: string, cookie = admin.cookie) =>
  settle(() => listLoader(routeArgs({ request: makeRequest(`/orders${query}`, { cookie }), params: {} })));
const open = (id: string, cookie = admin.cookie) =>
  settle(() => orderLoader(routeArgs({ request: makeRequest(`/orders/${id}`, { cookie }), params: { orderId: id } })));
const post = (id: string, form: Record<string, string>, cookie = admin.cookie, query = "") =>
  settle(() => orderAction(routeArgs({ request: makeRequest(`/orders/${id}${query}`, { cookie, form }), params: { orderId: id } })));

async function toastOf(res: unknown) {
  const cookie = (res as Response).headers.get("Set-Cookie") ?? "";
  const { toast } = await readToast(new Request("http://x", { headers: { cookie: cookie.split(";")[0] } }));
  return toast;
}
async function row(id: string) {
  const [r] = await db
    .select()
    .from(orders)
    .where(eq(orders.id, BigInt(id)));
  return r;
}
const count = async (where: string) => (await database.query<{ n: number }>(`select count(*)::int as n from orders where ${where}`))[0].n;

describe("/orders access", () => {
  it("Admin, Developer and MercadoLibre Manager see the list; others go home; anonymous to login", async () => {
    expect(await list("", manager.cookie)).toMatchObject({ page: 1, pageSize: 20 });
    expect(((await list("", shop.cookie)) as Response).headers.get("Location")).toBe("/products");
    const anon = (await settle(() => listLoader(routeArgs({ request: makeRequest("/orders?page=2"), params: {} })))) as Response;
    expect(anon.headers.get("Location")).toBe("/login?redirectTo=%2Forders%3Fpage%3D2");
  });
});

/** Ranges over whole and partial months (monthly + daily count tables) against a plain count. */
function rangeCases(): Array<[string, string]> {
  const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toLocaleDateString("en-CA", { timeZone: "America/Mexico_City" });
  const where = (a: string, b: string) =>
    `order_date >= ('${a}'::date::timestamp at time zone 'America/Mexico_City') and order_date < (('${b}'::date + 1)::timestamp at time zone 'America/Mexico_City')`;
  return [
    [`?start_date=${day(80)}&end_date=${day(1)}`, where(day(80), day(1))],
    [
      `?start_date=${day(80)}&end_date=${day(3)}&filterLogisticType=drop_off&assigned_move_filter=assigned`,
      `${where(day(80), day(3))} and logistic_type = 'drop_off' and intelisis_movement is not null`,
    ],
    [
      `?start_date=${day(20)}&end_date=${day(0)}&filterStatus=to_send`,
      `${where(day(20), day(0))} and shipment_status in ('pending','ready_to_print','printed','ready_to_ship') and order_status <> 'cancelled'`,
    ],
  ];
}

describe("/orders list from the URL", () => {
  it("pages by 20 with the total, newest first, and sorts by date", async () => {
    const all = (await list("")) as List;
    expect(all.total).toBe(await count("true"));
    expect(all.rows).toHaveLength(20);
    const dates = all.rows.map((r) => r.orderDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const asc = (await list("?sortName=date&sortValue=asc")) as List;
    expect(asc.rows[0].orderDate <= asc.rows[1].orderDate).toBe(true);
    const p2 = (await list("?page=2")) as List;
    expect(p2.rows[0].id).not.toBe(all.rows[0].id);
  });

  it("applies every filter, and the total matches a plain count", async () => {
    const cases: Array<[string, string]> = [
      ["?filterLogisticType=fulfillment", "logistic_type = 'fulfillment'"],
      ["?filterLogisticType=not_specified", "logistic_type = 'not_specified'"],
      ["?assigned_move_filter=assigned", "intelisis_movement is not null"],
      ["?assigned_move_filter=unassigned", "intelisis_movement is null"],
      ["?filterStatus=return", "string_to_array(status, ',') @> array['returns']"],
      ["?filterStatus=claim", "string_to_array(status, ',') @> array['mediations']"],
      ["?filterStatus=cancelled", "order_status = 'cancelled'"],
      [
        "?filterStatus=to_send",
        "shipment_status in ('pending','ready_to_print','printed','ready_to_ship') and order_status <> 'cancelled'",
      ],
      ["?order_status_filter=paid", "order_status = 'paid'"],
      ["?shipment_status_filter=delivered", "shipment_status = 'delivered'"],
      ["?claim_return_status_filter=opened", "claim_status = 'opened'"],
      [
        "?filterLogisticType=drop_off&assigned_move_filter=unassigned&shipment_status_filter=delivered",
        "logistic_type = 'drop_off' and intelisis_movement is null and shipment_status = 'delivered'",
      ],
      ["?day_filter=today", "order_date >= date_trunc('day', now() at time zone 'America/Mexico_City') at time zone 'America/Mexico_City'"],
      ...rangeCases(),
    ];
    for (const [query, where] of cases) {
      const res = (await list(query)) as List;
      expect(res.total, query).toBe(await count(where));
      expect(res.rows.length, query).toBe(Math.min(20, res.total));
    }
  });

  it("parses the search as the spec says", async () => {
    const [withMovement] = await db
      .select()
      .from(orders)
      .where(sql`${orders.intelisisMovement} is not null`)
      .limit(1);
    expect(((await list(`?search=${withMovement.intelisisMovement}`)) as List).rows.map((r) => r.id)).toContain(withMovement.id.toString());
    expect(((await list(`?search=%20${withMovement.id}%20`)) as List).rows.map((r) => r.id)).toEqual([withMovement.id.toString()]);
    const [pack] = await db
      .select()
      .from(orders)
      .where(sql`${orders.relatedOrderId} is not null`)
      .limit(1);
    const related = (await list(`?search=V${pack.relatedOrderId}`)) as List;
    expect(related.total).toBe(await count(`related_order_id = ${pack.relatedOrderId}`));
    const sku = (
      await database.query<{ sku: string }>("select products_id[1] as sku from orders where array_length(products_id, 1) > 0 limit 1")
    )[0].sku;
    const bySku = (await list(`?search=${sku.toLowerCase()}`)) as List;
    expect(bySku.total).toBe(await count(`products_id @> array['${sku}']`));
    const pub = (
      await database.query<{ id: string }>("select publications_id[1] as id from orders where array_length(publications_id, 1) > 0 limit 1")
    )[0].id;
    expect(((await list(`?search=${pub}`)) as List).total).toBe(await count(`publications_id @> array['${pub}']`));
  });

  it("ignores invalid values and keeps the rest", async () => {
    const res = (await list("?filterLogisticType=bogus&page=abc&sortValue=up&assigned_move_filter=assigned&start_date=31/02/2025")) as List;
    expect(res.page).toBe(1);
    expect(res.query.filterLogisticType).toBeUndefined();
    expect(res.total).toBe(await count("intelisis_movement is not null"));
  });

  it("explains an incomplete, future or too long range and ignores it", async () => {
    expect(((await list("?start_date=2025/01/01")) as List).rangeError?.message).toBe("Selecciona un rango completo.");
    expect(((await list("?start_date=2025/01/01&end_date=2099/01/01")) as List).rangeError?.message).toBe(
      "No se permite seleccionar fechas futuras.",
    );
    const long = (await list("?start_date=2023/01/01&end_date=2024/06/01&filterLogisticType=ecommerce")) as List;
    expect(long.rangeError?.message).toBe("El rango máximo permitido es de 1 año.");
    expect(long.total).toBe(await count("logistic_type = 'ecommerce'"));
  });
});

describe("/orders/$orderId dialog", () => {
  it("404 for an unknown or malformed id", async () => {
    expect(((await open("1234567890123456")) as Response).status).toBe(404);
    expect(((await open("abc")) as Response).status).toBe(404);
  });

  it("shows the rules: delay, label, e-commerce breakdown", async () => {
    const [ecom] = await db.select({ id: orders.id }).from(orders).where(eq(orders.logisticType, "ecommerce")).limit(1);
    const detail = (await open(ecom.id.toString())) as Exclude<Awaited<ReturnType<typeof orderLoader>>, Response>;
    expect(detail.rules.ecommerce?.payment.label).toMatch(/Pago aprobado|Verificar pago/);
    expect(detail.rules.label.allowed).toBe(false);
  });

  it("a pickup order shows its branch as the location with that id, by name", async () => {
    const [pickup] = await db
      .select({ id: orders.id, info: orders.shippingInfo })
      .from(orders)
      .where(sql`${orders.shippingInfo}->>'sucursalId' is not null`)
      .limit(1);
    const branchId = Number(pickup.info?.sucursalId);
    const [location] = await db.select().from(storeLocations).where(eq(storeLocations.id, branchId));
    const detail = (await open(pickup.id.toString())) as Exclude<Awaited<ReturnType<typeof orderLoader>>, Response>;
    expect(detail.rules.branch?.name).toBe(location.name);
    expect(detail.rules.branch?.name).not.toBe(`Sucursal ${branchId}`);
  });

  it("offers four package owners on the orders screen and refuses the fifth", async () => {
    const [o] = await db
      .select()
      .from(orders)
      .where(sql`${orders.intelisisMovement} is null and ${orders.packageManager} is null and ${orders.orderStatus} <> 'cancelled'`)
      .limit(1);
    const detail = (await open(o.id.toString())) as Exclude<Awaited<ReturnType<typeof orderLoader>>, Response>;
    expect(detail.packageManagers).toHaveLength(4);
    const fifth = ["Luis", "Fernanda", "Jorge", "Alejandra", "Ricardo", "Daniela"].find((n) => !detail.packageManagers.includes(n))!;
    const refused = await saveOrderEdits(o.id, { version: o.version, packageManager: fifth }, admin.user as never);
    expect(refused.ok).toBe(false);
    expect((await row(o.id.toString())).packageManager).toBeNull();
  });

  it("setting the package owner says 'Responsable del paquete actualizado'", async () => {
    const [o] = await db
      .select()
      .from(orders)
      .where(sql`${orders.intelisisMovement} is null and ${orders.packageManager} is null and ${orders.orderStatus} <> 'cancelled'`)
      .offset(1)
      .limit(1);
    const detail = (await open(o.id.toString())) as Exclude<Awaited<ReturnType<typeof orderLoader>>, Response>;
    const res = await post(o.id.toString(), {
      intent: "save",
      version: String(o.version),
      packageManager: detail.packageManagers[0],
      comments: o.comments ?? "",
    });
    expect((await toastOf(res))?.message).toBe("Responsable del paquete actualizado");
    expect((await row(o.id.toString())).packageManager).toBe(detail.packageManagers[0]);
  });
});

describe("assigning a movement (spec 1 §5)", async () => {
  const movements = await listDemoMovements(database);
  const byScenario = (s: string) => movements.filter((m) => m.scenario === s);
  const versionOf = async (id: string) => (await row(id)).version;
  const save = async (id: string, fields: Record<string, string>) =>
    post(id, { intent: "save", version: String(await versionOf(id)), ...fields });

  it("a form that fails its checks: 'Revisar order' titled 'No actualizada' (spec 1 §8), 400, nothing saved", async () => {
    const m = byScenario("match")[0];
    const before = await row(m.orderId);
    const res = (await save(m.orderId, { intelisisMovement: "x".repeat(21), comments: "no debe guardarse" })) as {
      data: { toast: { message: string; title: string } };
      init: { status: number };
    };
    expect(res.init.status).toBe(400);
    expect(res.data.toast).toMatchObject({ title: "No actualizada", message: "Revisar order" });
    expect((await row(m.orderId)).comments).toBe(before.comments);
  });

  it("a matching movement is saved: 'Orden actualizada correctamente'", async () => {
    const m = byScenario("match")[0];
    const res = await save(m.orderId, { intelisisMovement: m.movement, comments: "asignado en prueba" });
    expect((res as Response).status).toBe(302);
    expect((await toastOf(res))?.message).toBe(M.saved);
    const r = await row(m.orderId);
    expect(r.intelisisMovement).toBe(m.movement);
    expect(r.comments).toBe("asignado en prueba");
    // Every saved change leaves its audit entry, with who made it.
    const entries = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.identifier, m.orderId), eq(auditLog.type, "update")));
    expect(entries.map((e) => e.message)).toContain(`Movimiento ${m.movement} asignado a la orden ${m.orderId}`);
    expect(entries.every((e) => e.userId !== null)).toBe(true);
  });

  it.each([
    ["wrong_total", M.itemsMismatch],
    ["wrong_warehouse", M.warehouse],
    ["wrong_client", M.warehouse],
    ["wrong_skus", M.itemsMismatch],
    ["reserved_short", M.itemsMismatch],
  ])("%s is refused and nothing is saved", async (scenario, message) => {
    const m = byScenario(scenario).find(
      (x) =>
        !byScenario("match")
          .slice(0, 1)
          .some((y) => y.orderId === x.orderId),
    )!;
    const before = await row(m.orderId);
    const res = (await save(m.orderId, { intelisisMovement: m.movement, comments: "no debe guardarse" })) as {
      data: { toast: { message: string } };
      init: { status: number };
    };
    expect(res.init?.status).toBe(400);
    expect(res.data.toast.message).toBe(message);
    const after = await row(m.orderId);
    expect(after.intelisisMovement).toBeNull();
    expect(after.comments).toBe(before.comments);
    expect(after.version).toBe(before.version);
  });

  it("an ERP time-out says 'Revisar order' and saves nothing", async () => {
    const m = byScenario("match")[1];
    await simulatorControl.failNext("erp.validateMovement", "timeout");
    const res = (await save(m.orderId, { intelisisMovement: m.movement, comments: "x" })) as {
      data: { toast: { message: string; title: string } };
      init: { status: number };
    };
    expect(res.data.toast.title).toBe("No actualizada");
    expect(res.data.toast.message).toMatch(/^Revisar order/);
    expect((await row(m.orderId)).intelisisMovement).toBeNull();
  });

  it("a movement another order holds this year: comments only, with the warning", async () => {
    const used = byScenario("match")[0];
    const other = byScenario("match")[1];
    const res = await save(other.orderId, { intelisisMovement: used.movement, comments: "solo comentario" });
    expect((await toastOf(res))?.message).toBe(M.alreadyUsed);
    const r = await row(other.orderId);
    expect(r.intelisisMovement).toBeNull();
    expect(r.comments).toBe("solo comentario");
  });

  it("credit notes: the matching one is saved upper-cased, the mismatching one refused", async () => {
    const notes = await listDemoCreditNotes(database);
    const good = notes.find((n) => n.scenario === "match")!;
    const bad = notes.find((n) => n.scenario === "mismatch" && n.orderId !== good.orderId)!;
    const refused = (await save(bad.orderId, { intelisisMovement: bad.movement, creditNote: bad.note })) as {
      data: { toast: { message: string } };
    };
    expect(refused.data.toast.message).toBe(M.creditNoteMismatch);
    expect((await row(bad.orderId)).creditNote).toBeNull();
    const ok = await save(good.orderId, { intelisisMovement: good.movement, creditNote: good.note.toLowerCase() });
    expect((await toastOf(ok))?.message).toBe(M.saved);
    expect((await row(good.orderId)).creditNote).toBe(good.note.toUpperCase());
  });

  it("a stale version is refused instead of overwriting, and the dialog is drawn again from the stored order so the next save goes through", async () => {
    const [o] = await db
      .select()
      .from(orders)
      .where(sql`${orders.intelisisMovement} is null and ${orders.packageManager} is null`)
      .limit(1);
    const audits = async () => (await db.select().from(auditLog).where(eq(auditLog.identifier, o.id.toString()))).length;
    const before = await audits();
    const res = await post(
      o.id.toString(),
      { intent: "save", version: String(o.version - 1 || 999), comments: "viejo" },
      admin.cookie,
      "?page=2",
    );
    // Back to the dialog (its loader reads the stored order and its version) with the reason.
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).status).toBe(302);
    expect((res as Response).headers.get("Location")).toBe(`/orders/${o.id}?page=2`);
    expect(await toastOf(res)).toMatchObject({ title: "No actualizada", message: M.stale, variant: "warning" });
    const after = await row(o.id.toString());
    expect(after.comments).toBe(o.comments);
    expect(after.version).toBe(o.version);
    expect(await audits()).toBe(before);
    // Saving again from the dialog as it is drawn now (the stored version) is accepted.
    const reopened = (await open(o.id.toString())) as { edit: { version: number } };
    expect(reopened.edit.version).toBe(after.version);
    const again = await post(o.id.toString(), { intent: "save", version: String(reopened.edit.version), comments: "revisado" });
    expect((await toastOf(again))?.message).not.toBe(M.stale);
    expect((await row(o.id.toString())).comments).toBe("revisado");
  });

  it("rejects bad input with 400 and keeps the order", async () => {
    const [o] = await db.select().from(orders).limit(1);
    const res = (await post(o.id.toString(), { intent: "save", version: "x", intelisisMovement: "12;drop" })) as {
      init: { status: number };
    };
    expect(res.init.status).toBe(400);
    expect(((await post(o.id.toString(), { intent: "hack" })) as Response).status).toBe(400);
  });

  it("two people assigning the same movement to two orders at once: exactly one succeeds", async () => {
    const m = byScenario("match")[2] ?? byScenario("match_service_line")[0];
    const source = await row(m.orderId);
    // A twin order with the same items and balance, so the movement matches both.
    const twinId = source.id + 7n;
    await db.insert(orders).values({ ...source, id: twinId, intelisisMovement: null, version: 1 });
    const results = await Promise.all([
      saveOrderEdits(source.id, { intelisisMovement: m.movement, version: source.version }, admin.user as never),
      saveOrderEdits(twinId, { intelisisMovement: m.movement, version: 1 }, manager.user as never),
    ]);
    const saved = results.filter((r) => r.ok && r.value.toast.message === M.saved);
    const warned = results.filter((r) => r.ok && r.value.toast.message === M.alreadyUsed);
    expect(saved).toHaveLength(1);
    expect(warned).toHaveLength(1);
    expect(await count(`intelisis_movement = '${m.movement}'`)).toBe(1);
  });
});

describe("other actions", () => {
  it("marks a not-agreed order delivered, with a 24 h invoicing link", async () => {
    const [o] = await db
      .select()
      .from(orders)
      .where(sql`${orders.logisticType} = 'not_specified' and ${orders.manualDelivered} is null and ${orders.orderStatus} <> 'cancelled'`)
      .limit(1);
    const res = await post(o.id.toString(), { intent: "mark-delivered", version: String(o.version) }, manager.cookie);
    expect((await toastOf(res))?.message).toMatch(/^Tienes 24 hrs. para generar la factura/);
    const r = await row(o.id.toString());
    expect(r.manualDelivered).toMatchObject({ orderId: o.id.toString(), userId: manager.user.id, email: manager.user.email });
    expect(new Date(r.manualDelivered!.linkExpiresAt).getTime() - new Date(r.manualDelivered!.date).getTime()).toBe(24 * 3600_000);
    const detail = (await open(o.id.toString())) as Exclude<Awaited<ReturnType<typeof orderLoader>>, Response>;
    expect(detail.rules.invoice?.link).toContain(o.id.toString());
  });

  it("the invoicing link toggle needs the permission flag", async () => {
    const [o] = await db
      .select()
      .from(orders)
      .where(sql`${orders.manualDelivered} is not null`)
      .limit(1);
    const plain = await loginAs("ml_manager", { permissions: [] });
    const denied = await post(
      o.id.toString(),
      { intent: "toggle-invoice", invoiceDisabled: "true", version: String(o.version) },
      plain.cookie,
    );
    expect((await toastOf(denied))?.title).toBe("Sin permiso");
    expect((await row(o.id.toString())).invoiceDisabled).toBe(o.invoiceDisabled);
    const flagged = await loginAs("ml_manager", { permissions: ["invoice_link_toggle"] });
    const ok = await post(
      o.id.toString(),
      { intent: "toggle-invoice", invoiceDisabled: "true", version: String(o.version) },
      flagged.cookie,
    );
    expect((await toastOf(ok))?.message).toBe("El proceso para facturar esta venta se ha deshabilitado.");
    expect((await row(o.id.toString())).invoiceDisabled).toBe(true);
  });

  it("status sync: success and failure toasts", async () => {
    const [o] = await db
      .select()
      .from(orders)
      .where(sql`${orders.logisticType} = 'drop_off' and ${orders.orderStatus} = 'paid'`)
      .limit(1);
    const ok = await post(o.id.toString(), { intent: "sync-status" });
    expect((await toastOf(ok))?.message).toBe("Se ha sincronizado el estatus de la orden");
    await simulatorControl.failNext("marketplace.syncOrderInfo", "http", { status: 503 });
    const failed = await post(o.id.toString(), { intent: "sync-status" });
    expect(await toastOf(failed)).toMatchObject({
      title: "Orden no actualizada",
      message: "Lo sentimos ocurrio un error, intenta de nuevo más tarde",
    });
  });

  it("prints a label as a PDF and marks it printed; refuses fulfillment", async () => {
    const [o] = await db
      .select()
      .from(orders)
      .where(sql`${orders.logisticType} = 'drop_off' and ${orders.shipmentStatus} = 'ready_to_print' and ${orders.orderStatus} = 'paid'`)
      .limit(1);
    const print = () =>
      settle(() =>
        labelAction(
          routeArgs({
            request: makeRequest(`/orders/${o.id}/label`, { cookie: admin.cookie, form: {} }),
            params: { orderId: o.id.toString() },
          }),
        ),
      ) as Promise<Response>;
    // A double click asks twice at once: two labels, one move to "printed".
    const [res, again] = await Promise.all([print(), print()]);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(again.headers.get("Content-Type")).toBe("application/pdf");
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const printed = await row(o.id.toString());
    expect(printed.printedLabel).toBe(true);
    expect(printed.shipmentStatus).toBe("printed");
    expect(printed.status.split(",").filter((s) => s === "printed")).toHaveLength(1);
    // Printing edits no field of the dialog: a dialog opened before it still saves.
    expect(printed.version).toBe(o.version);
    const saved = await post(o.id.toString(), { intent: "save", version: String(o.version), comments: "después de imprimir" });
    expect((saved as Response).status).toBe(302);
    expect((await row(o.id.toString())).comments).toBe("después de imprimir");
    const [full] = await db.select().from(orders).where(eq(orders.logisticType, "fulfillment")).limit(1);
    const refused = (await settle(() =>
      labelAction(
        routeArgs({
          request: makeRequest(`/orders/${full.id}/label`, { cookie: admin.cookie, form: {} }),
          params: { orderId: full.id.toString() },
        }),
      ),
    )) as Response;
    expect((await toastOf(refused))?.title).toBe("Etiqueta no disponible");
    const unknown = (await settle(() =>
      labelAction(
        routeArgs({
          request: makeRequest("/orders/1234567890123456/label", { cookie: admin.cookie, form: {} }),
          params: { orderId: "1234567890123456" },
        }),
      ),
    )) as Response;
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe("La orden no existe.");
  }, 60_000);
});

describe("bulk labels", () => {
  it("merges the printable orders' labels into one PDF and skips the others", async () => {
    const printable = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        sql`${orders.logisticType} in ('drop_off', 'cross_docking') and ${orders.shipmentStatus} in ('ready_to_print', 'printed') and ${orders.orderStatus} = 'paid'`,
      )
      .limit(2);
    const [full] = await db.select({ id: orders.id }).from(orders).where(eq(orders.logisticType, "fulfillment")).limit(1);
    const form = new FormData();
    for (const id of [...printable.map((o) => o.id), full.id]) form.append("ids", id.toString());
    form.append("ids", "not-an-id");
    const res = (await settle(() =>
      bulkAction(routeArgs({ request: makeRequest("/orders/labels", { cookie: admin.cookie, form }), params: {} })),
    )) as Response;
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    const pdf = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
    expect(pdf.getPageCount()).toBe(printable.length);
    const none = (await settle(() =>
      bulkAction(
        routeArgs({ request: makeRequest("/orders/labels", { cookie: admin.cookie, form: { ids: full.id.toString() } }), params: {} }),
      ),
    )) as Response;
    expect((await toastOf(none))?.message).toBe("Ninguna de las órdenes seleccionadas tiene etiqueta disponible.");
  }, 60_000);
});

describe("reports", () => {
  const report = (query: string, cookie = admin.cookie, fetchHeader = true) => {
    const req = makeRequest(`/orders/reports/download?${query}`, { cookie });
    if (fetchHeader) req.headers.set("X-Report-Fetch", "1");
    return settle(() => reportLoader(routeArgs({ request: req, params: {} }))) as Promise<Response>;
  };
  it("sales report: range rules, permission, and a real .xlsx", async () => {
    const incomplete = await report("report=sales&report_start=2025/01/01");
    expect(incomplete.status).toBe(400);
    expect((await incomplete.json()).error.message).toBe("Selecciona un rango completo.");
    expect((await (await report("report=sales&report_start=2025/01/01&report_end=2099/01/01")).json()).error.message).toBe(
      "No se permite seleccionar fechas futuras.",
    );
    expect((await (await report("report=sales&report_start=2023/01/01&report_end=2024/06/01")).json()).error.message).toBe(
      "El rango máximo permitido es de 1 año.",
    );
    const ok = await report("report=sales&pick=last30");
    expect(ok.headers.get("Content-Type")).toContain("spreadsheetml");
    expect(
      Buffer.from(await ok.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe("PK");
    const plain = await loginAs("ml_manager", { permissions: [] });
    const denied = await report("report=sales&pick=last30", plain.cookie);
    expect((await toastOf(denied))?.title).toBe("Sin permiso");
  });
  it("customer report: month required, YYYY/MM, no records message", async () => {
    expect((await (await report("report=customers")).json()).error.message).toBe("Selecciona el mes del reporte.");
    const none = await report("report=customers&month=2001/01");
    expect(none.status).toBe(404);
    expect((await none.json()).error.message).toBe("Lo sentimos, no se encuentran registros de la fecha seleccionada.");
    expect(await toastOf(await report("report=customers&month=2001/01", admin.cookie, false))).toMatchObject({
      title: "Sin registros",
      variant: "warning",
    });
    expect(await toastOf(await report("report=customers&month=2001-13", admin.cookie, false))).toMatchObject({ variant: "danger" });
    const month = new Date().toISOString().slice(0, 7).replace("-", "/");
    const ok = await report(`report=customers&month=${month}`, manager.cookie);
    expect(ok.headers.get("Content-Type")).toContain("spreadsheetml");
    const redirected = await report("report=customers", admin.cookie, false);
    expect(redirected.headers.get("Location")).toBe("/orders/reports?report=customers");
  });
  it("a marketplace failure is a 502 with its message (a danger toast without the fetch header)", async () => {
    const month = new Date().toISOString().slice(0, 7).replace("-", "/");
    await simulatorControl.failNext("marketplace.monthlyCustomerSummary", "http", { status: 503 });
    const failed = await report(`report=customers&month=${month}`, manager.cookie);
    expect(failed.status).toBe(502);
    expect((await failed.json()).error.title).toBe("Reporte no generado");
    await simulatorControl.failNext("marketplace.monthlyCustomerSummary", "http", { status: 503 });
    expect(await toastOf(await report(`report=customers&month=${month}`, manager.cookie, false))).toMatchObject({
      title: "Reporte no generado",
      variant: "danger",
    });
  });
});

describe("totals stay exact after changes (count triggers)", () => {
  it("assigned, unassigned and status filters still match plain counts after the saves above", async () => {
    for (const [query, where] of [
      ["?assigned_move_filter=assigned", "intelisis_movement is not null"],
      ["?assigned_move_filter=unassigned", "intelisis_movement is null"],
      ["?shipment_status_filter=printed", "shipment_status = 'printed'"],
      ["", "true"],
      ...rangeCases(),
    ] as Array<[string, string]>) {
      expect(((await list(query)) as List).total, query).toBe(await count(where));
    }
    await db.delete(orders).where(sql`${orders.id} in (select id from orders order by id limit 3)`);
    expect(((await list("")) as List).total).toBe(await count("true"));
  });
});

describe("what the dialog asks the marketplace (schedule, buyer) and the package dispatch", () => {
  type Detail = Exclude<Awaited<ReturnType<typeof orderLoader>>, Response>;
  type Refused = { data: { toast: { title: string; message: string; variant: string } }; init: { status: number } };
  const ids = async (where: ReturnType<typeof sql>) =>
    (await db.select({ id: orders.id }).from(orders).where(where).limit(3)).map((r) => r.id.toString());
  /** What the dialog shows of the marketplace, as a whole page has it. */
  const marketplaceOf = async (id: string) => ((await open(id)) as Detail).marketplace;

  it("a collection order's pick-up follows the marketplace's schedule; when it cannot be read, the spec's window with a note", async () => {
    const [id] = await ids(sql`${orders.logisticType} = 'cross_docking' and ${orders.orderStatus} = 'paid'`);
    // Saturday 15 March 2025, 09:00 in Mexico City: before the cut-off, but the schedule collects Monday to Friday.
    await db
      .update(orders)
      .set({ orderDate: new Date("2025-03-15T15:00:00Z") })
      .where(eq(orders.id, BigInt(id)));
    const scheduled = await marketplaceOf(id);
    expect(scheduled.collection).toEqual({ day: "17/03/2025", from: "09:30", to: "10:30", sameDay: false });
    expect(scheduled.notes).toEqual([]);
    await simulatorControl.failNext("marketplace.getSchedule", "timeout");
    const fallback = await marketplaceOf(id);
    expect(fallback.collection).toEqual({ day: "15/03/2025", from: "09:30", to: "10:30", sameDay: true });
    expect(fallback.notes).toEqual(["No se pudo consultar el horario de recolección en Mercado Libre; se muestra el horario habitual."]);
  });

  it("the buyer comes from the marketplace (dataClients); when it fails, the order's shipping data with a note — never a 500", async () => {
    const [id] = await ids(sql`${orders.logisticType} = 'drop_off' and ${orders.buyerNickname} is not null`);
    const [buyer] = await database.query<{ first: string; last: string; nickname: string }>(
      `select buyer_first_name as first, buyer_last_name as last, buyer_nickname as nickname from sim.mkt_orders where id = $1::bigint`,
      [id],
    );
    const found = await marketplaceOf(id);
    expect(found.buyer).toMatchObject({ name: `${buyer.first} ${buyer.last}`, nickname: buyer.nickname });
    expect(found.notes).toEqual([]);
    await simulatorControl.failNext("marketplace.lookupClients", "http", { status: 503 });
    const failed = await marketplaceOf(id);
    expect(failed.buyer).toBeNull();
    expect(failed.notes).toEqual(["No se pudo consultar el comprador en Mercado Libre; se muestran los datos de envío de la orden."]);
    // Web-shop and quoter orders are not the marketplace's: nothing is asked.
    const [shopOrder] = await ids(sql`${orders.logisticType} = 'ecommerce'`);
    await simulatorControl.failNext("marketplace.*", "network");
    expect(await marketplaceOf(shopOrder)).toMatchObject({ buyer: null, notes: [] });
    await simulatorControl.clearFailures();
  });

  it("a navigation with JavaScript gets the dialog before the marketplace answers; a whole page waits for the answer", async () => {
    const [id] = await ids(sql`${orders.logisticType} = 'drop_off' and ${orders.buyerNickname} is not null`);
    // The marketplace takes its time-out to fail (the simulator waits before failing).
    await simulatorControl.failNext("marketplace.lookupClients", "timeout");
    const navigation = (await settle(() =>
      orderLoader(routeArgs({ request: makeRequest(`/orders/${id}.data`, { cookie: admin.cookie }), params: { orderId: id } })),
    )) as Detail;
    expect(navigation.order.id).toBe(id);
    expect(navigation.marketplace).toBeInstanceOf(Promise);
    let answered = false;
    void Promise.resolve(navigation.marketplace).then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered, "the dialog's data is sent while the marketplace is still being asked").toBe(false);
    expect((await navigation.marketplace).notes).toEqual([
      "No se pudo consultar el comprador en Mercado Libre; se muestran los datos de envío de la orden.",
    ]);

    await simulatorControl.failNext("marketplace.lookupClients", "timeout");
    const page = (await open(id)) as Detail;
    expect(page.marketplace).not.toBeInstanceOf(Promise);
    expect((page.marketplace as Awaited<Detail["marketplace"]>).notes).toEqual([
      "No se pudo consultar el comprador en Mercado Libre; se muestran los datos de envío de la orden.",
    ]);
  });

  it("'Despachar paquete' once the label is printed: the marketplace moves it to shipped and the order says 'En camino'", async () => {
    const [id] = await ids(
      sql`${orders.logisticType} = 'drop_off' and ${orders.orderStatus} = 'paid' and ${orders.shipmentStatus} = 'printed'`,
    );
    const before = await row(id);
    expect(((await open(id)) as Detail).rules.canSendPackage).toBe(true);
    const sent = await post(id, { intent: "send-package", version: String(before.version) });
    expect((sent as Response).status).toBe(302);
    expect(await toastOf(sent)).toMatchObject({ title: "Paquete despachado", message: "Mercado Libre registró el envío del paquete." });
    const after = await row(id);
    expect(after.status.split(",").at(-1)).toBe("shipped");
    expect(after.shipmentStatus).toBe("shipped");
    expect(after.version).toBe(before.version + 1);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.identifier, id), eq(auditLog.message, `Orden ${id}: paquete despachado`)));
    expect(entry).toBeDefined();
    const reopened = (await open(id)) as Detail;
    expect(reopened.status.label).toBe("En camino");
    expect(reopened.rules.canSendPackage).toBe(false);
    // Sent again (a second tab): refused with the reason, 400, nothing asked of the marketplace.
    const again = (await post(id, { intent: "send-package", version: String(after.version) })) as unknown as Refused;
    expect(again.init.status).toBe(400);
    expect(again.data.toast.message).toContain("Este paquete no se puede despachar");
  });

  it("a marketplace failure on dispatch is a 502 with its Spanish message in the dialog, and the order is left as it was", async () => {
    // A label printed here whose status was not synced yet.
    const [id] = await ids(
      sql`${orders.logisticType} = 'drop_off' and ${orders.orderStatus} = 'paid' and ${orders.shipmentStatus} = 'ready_to_print'`,
    );
    await db
      .update(orders)
      .set({ printedLabel: true })
      .where(eq(orders.id, BigInt(id)));
    const before = await row(id);
    await simulatorControl.failNext("marketplace.sendPackage", "timeout");
    const failed = (await post(id, { intent: "send-package", version: String(before.version) })) as unknown as Refused;
    expect(failed.init.status).toBe(502);
    expect(failed.data.toast).toMatchObject({ title: "No actualizada", variant: "danger" });
    expect(failed.data.toast.message).toMatch(/Mercado Libre no respondió a tiempo/);
    expect(await row(id)).toMatchObject({ status: before.status, shipmentStatus: "ready_to_print", version: before.version });
    // A stale dialog is sent back to the order as it is now.
    const stale = (await post(id, { intent: "send-package", version: String(before.version + 1) })) as Response;
    expect(stale.status).toBe(302);
    expect((await toastOf(stale))?.variant).toBe("warning");
  });
});
