/**
 * Staff edits through the real route actions write the PATCH spec 1 §7 sends to the content back end
 * into the outbox, in the save's transaction; the deliverer then sends it (sim.content_writes) —
 * or, when the back end does not hold the record, leaves it stopped with a message the screen shows.
 * Collections and fields are the spec's: items/{product}_orders (main account: mercadolibre_orders,
 * the brand's: electrica_orders with BRAND_NAME "Electrica"), items/mercadolibre_posts,
 * items/mercadolibre_variations, items/questions.
 */
import { describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { orders, outbound, publicationVariations, publications, questions } from "../../server/db/schema";
import { putContentItem } from "../../server/integrations/content/simulator";
import { listDemoMovements } from "../../server/integrations/simulator";
import { action as orderAction } from "~/routes/orders/$orderId";
import { action as listAction } from "~/routes/publications/route";
import { loader as editLoader, action as editAction } from "~/routes/publications/$id";
import { action as newAction } from "~/routes/publications/new";
import { action as questionsAction } from "~/routes/questions/route";
import type { Draft } from "~/modules/publications/draft";
import { deliverOutbound, listOutbound, retryOutbound } from "~/modules/sync/outbox.server";
import { useTestDatabase } from "../helpers/db";
import { publicationForm } from "../helpers/publication-form";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { routeArgs } from "../helpers/route-args";

const database = await useTestDatabase({ demo: true });
const db = getDb();
const admin = await loginAs("admin");
const ctx = { params: {} };

/** The spec's rule: an order of the main account (store empty, Meli 1) lives in the main collection. */
const orderCollection = (store: string | null) =>
  !store?.trim() || ["meli1", "meli 1", "main"].includes(store.trim().toLowerCase()) ? "mercadolibre_orders" : "electrica_orders";

const callsFor = (collection: string, recordId: string) =>
  db
    .select()
    .from(outbound)
    .where(and(eq(outbound.collection, collection), eq(outbound.recordId, recordId)))
    .orderBy(outbound.id);
const writesFor = (collection: string, recordId: string) =>
  database.query<{ method: string; body: Record<string, unknown>; idempotency_key: string }>(
    "select method, body, idempotency_key from sim.content_writes where collection = $1 and item_id = $2 order by id",
    [collection, recordId],
  );
const upstream = async (collection: string, id: string) =>
  (
    await database.query<{ data: Record<string, unknown> }>("select data from sim.content_items where collection = $1 and id = $2", [
      collection,
      id,
    ])
  )[0]?.data;
/** Due a moment after the rows were written. */
const deliver = () => deliverOutbound({ now: new Date(Date.now() + 1_000) });

const postOrder = (id: string, form: Record<string, string>, cookie = admin.cookie) =>
  settle(() => orderAction(routeArgs({ request: makeRequest(`/orders/${id}`, { cookie, form }), params: { orderId: id } })));
const orderRow = async (id: string) =>
  (
    await db
      .select()
      .from(orders)
      .where(eq(orders.id, BigInt(id)))
  )[0];

describe("orders: PATCH items/{product}_orders/{id}", () => {
  it("a comments edit: the comments and updated_at, to its account's collection, then sent", async () => {
    const [o] = await db
      .select()
      .from(orders)
      .where(sql`${orders.intelisisMovement} is null and ${orders.packageManager} is null and coalesce(${orders.store}, '') = ''`)
      .limit(1);
    const id = o.id.toString();
    const res = await postOrder(id, { intent: "save", version: String(o.version), comments: "Llamar antes de enviar" });
    expect((res as Response).status).toBe(302);
    const after = await orderRow(id);
    const [call] = await callsFor("mercadolibre_orders", id);
    expect(call).toMatchObject({
      method: "PATCH",
      state: "pending",
      summary: `Pedido ${id}: comentarios`,
      createdBy: admin.user.id,
      body: { comments: "Llamar antes de enviar", updated_at: after.updatedAt.toISOString() },
    });
    expect(Object.keys(call.body).sort()).toEqual(["comments", "updated_at"]);

    await putContentItem(database, "mercadolibre_orders", { id, comments: null });
    await deliver();
    expect((await callsFor("mercadolibre_orders", id))[0]).toMatchObject({ state: "done" });
    expect(await writesFor("mercadolibre_orders", id)).toEqual([
      { method: "PATCH", body: call.body, idempotency_key: call.idempotencyKey },
    ]);
    expect((await upstream("mercadolibre_orders", id))?.comments).toBe("Llamar antes de enviar");
  });

  it("a movement assigned with comments: intelisis_movement, comments, updated_at; a stale save writes no call", async () => {
    const [m] = (await listDemoMovements(database)).filter((d) => d.scenario === "match");
    const o = await orderRow(m.orderId);
    const collection = orderCollection(o.store);

    const stale = await postOrder(m.orderId, {
      intent: "save",
      version: String(o.version + 7),
      intelisisMovement: m.movement,
      comments: "viejo",
    });
    expect((stale as Response).status).toBe(302);
    expect(await callsFor(collection, m.orderId)).toEqual([]);

    const res = await postOrder(m.orderId, {
      intent: "save",
      version: String(o.version),
      intelisisMovement: m.movement,
      comments: "Asignado",
    });
    expect((res as Response).status).toBe(302);
    const after = await orderRow(m.orderId);
    expect(after.intelisisMovement).toBe(m.movement);
    const [call] = await callsFor(collection, m.orderId);
    expect(call).toMatchObject({ method: "PATCH", summary: `Pedido ${m.orderId}: movimiento Intelisis, comentarios` });
    expect(call.body).toEqual({ intelisis_movement: m.movement, comments: "Asignado", updated_at: after.updatedAt.toISOString() });

    await putContentItem(database, collection, { id: m.orderId, intelisis_movement: null });
    await deliver();
    expect((await writesFor(collection, m.orderId)).map((w) => w.body)).toEqual([call.body]);
    expect((await upstream(collection, m.orderId))?.intelisis_movement).toBe(m.movement);
  });

  it("marked delivered: manual_delivered as the spec names its fields", async () => {
    const manager = await loginAs("ml_manager");
    const [o] = await db
      .select()
      .from(orders)
      .where(sql`${orders.logisticType} = 'not_specified' and ${orders.manualDelivered} is null and ${orders.orderStatus} <> 'cancelled'`)
      .limit(1);
    const id = o.id.toString();
    await postOrder(id, { intent: "mark-delivered", version: String(o.version) }, manager.cookie);
    const after = await orderRow(id);
    const [call] = await callsFor(orderCollection(o.store), id);
    expect(call.summary).toBe(`Pedido ${id}: entregado manualmente`);
    expect(call.body).toEqual({
      manual_delivered: {
        date: after.manualDelivered!.date,
        email: manager.user.email,
        order_id: id,
        user_id: manager.user.id,
        username: `Prueba ml_manager`,
      },
      updated_at: after.updatedAt.toISOString(),
    });
  });
});

describe("publications: PATCH items/mercadolibre_posts/{id} and items/mercadolibre_variations/{id}", () => {
  it("the list's stock-sync switch: stock_sync (and autosync it turns on), then sent", async () => {
    const { cookie, user } = await loginAs("ml_manager");
    const [p] = await db
      .select()
      .from(publications)
      .where(sql`not ${publications.autosync} and not ${publications.stockSync}`)
      .limit(1);
    await settle(() =>
      listAction(
        routeArgs({
          request: makeRequest("/publications", { cookie, form: { intent: "sync-switch", id: p.id, field: "stockSync", value: "on" } }),
          ...ctx,
        }),
      ),
    );
    const [on] = await callsFor("mercadolibre_posts", p.id);
    expect(on).toMatchObject({ method: "PATCH", createdBy: user.id, body: { stock_sync: true, autosync: true } });
    expect(Object.keys(on.body).sort()).toEqual(["autosync", "stock_sync"]);
    await settle(() =>
      listAction(
        routeArgs({
          request: makeRequest("/publications", { cookie, form: { intent: "sync-switch", id: p.id, field: "stockSync", value: "off" } }),
          ...ctx,
        }),
      ),
    );
    const [, off] = await callsFor("mercadolibre_posts", p.id);
    expect(off.body).toEqual({ stock_sync: false });

    await putContentItem(database, "mercadolibre_posts", { id: p.id, title: p.title, stock_sync: false });
    await deliver();
    expect((await writesFor("mercadolibre_posts", p.id)).map((w) => w.body)).toEqual([
      { stock_sync: true, autosync: true },
      { stock_sync: false },
    ]);
    expect(await upstream("mercadolibre_posts", p.id)).toMatchObject({ stock_sync: false, autosync: true });
  });

  it("the editor: the changed sync fields of the post, and a variation's linked_products as sku/qty/discount", async () => {
    const { cookie } = await loginAs("admin");
    const candidates = await db
      .select()
      .from(publications)
      .where(
        sql`${publications.autosync} and not ${publications.stockSync} and exists (select 1 from publication_variations v where v.post_id = ${publications.id})
                 and not exists (select 1 from outbound o where o.record_id = ${publications.id})`,
      )
      .orderBy(publications.id);
    // The first demo publication with variations whose form the editor accepts as stored (some lack a variation attribute).
    let saved: { p: (typeof candidates)[number]; view: { draft: Draft } } | null = null;
    for (const p of candidates.slice(0, 10)) {
      const view = (
        (await settle(() =>
          editLoader(routeArgs({ request: makeRequest(`/publications/${p.id}`, { cookie }), params: { id: p.id } })),
        )) as { view: { draft: Draft } }
      ).view;
      const variations = view.draft.variations.map((v, i) =>
        i === 0 ? { ...v, linked: v.linked.map((l, j) => (j === 0 ? { ...l, qty: l.qty + 1 } : l)) } : v,
      );
      const draft: Draft = { ...view.draft, stockSync: true, variations };
      const res = await settle(() =>
        editAction(
          routeArgs({ request: makeRequest(`/publications/${p.id}`, { cookie, form: publicationForm(draft) }), params: { id: p.id } }),
        ),
      );
      if (res instanceof Response && res.status === 302) {
        saved = { p, view };
        break;
      }
      // A refused save writes nothing, the outbox included.
      expect(await callsFor("mercadolibre_posts", p.id)).toEqual([]);
    }
    expect(saved).not.toBeNull();
    const { p, view } = saved!;

    const [post] = await callsFor("mercadolibre_posts", p.id);
    expect(post).toMatchObject({ method: "PATCH", summary: `Publicación ${p.id}: sincronizar stock` });
    expect(post.body).toEqual({ stock_sync: true });

    const [variation] = await db.select().from(publicationVariations).where(eq(publicationVariations.id, view.draft.variations[0].id!));
    const [vcall] = await callsFor("mercadolibre_variations", String(variation.id));
    expect(vcall.method).toBe("PATCH");
    expect(vcall.body).toEqual({
      linked_products: variation.linkedProducts.map((l) => ({ sku: l.sku, qty: l.qty, discount: l.discount })),
    });
    expect((vcall.body.linked_products as Array<{ qty: number }>)[0].qty).toBe(view.draft.variations[0].linked[0].qty + 1);
  });

  it("a new publication, once the marketplace published it: POST items/mercadolibre_posts with the stored record", async () => {
    const { cookie } = await loginAs("ml_manager");
    const draft: Draft = {
      id: null,
      version: 0,
      title: "Cable Thw Calibre 12 Outbox Caja 100 M",
      special: false,
      categoryId: "MLM187773",
      listingType: "gold_special",
      store: "meli1",
      attributes: {
        BRAND: "Condumex",
        MODEL: "THW12",
        GTIN: "7501234567890",
        ITEM_CONDITION: "Nuevo",
        CABLE_GAUGE: "12 AWG",
        CABLE_LENGTH: "100 m",
      },
      autosync: true,
      priceSync: true,
      stockSync: false,
      warehouses: ["1ML", "M"],
      channels: ["marketplace", "mshops"],
      premium: false,
      status: "active",
      linked: [],
      variations: [{ name: "", attributes: { COLOR: "Negro" }, linked: [{ sku: "THW12NE100", qty: 1, discount: 0 }] }],
      gallery: [],
      description: { intro: "Cable de prueba.", body: "", closing: "" },
      productSearch: "",
      searchTarget: "flat",
      librarySearch: "",
    };
    const res = await settle(() =>
      newAction(routeArgs({ request: makeRequest("/publications/new", { cookie, form: publicationForm(draft) }), ...ctx })),
    );
    expect((res as Response).status).toBe(302);
    const [created] = await db.select().from(publications).where(eq(publications.title, draft.title));
    const [variation] = await db.select().from(publicationVariations).where(eq(publicationVariations.postId, created.id));
    const [call] = await callsFor("mercadolibre_posts", created.id);
    expect(call).toMatchObject({ method: "POST", summary: `Publicación ${created.id}: nueva` });
    expect(call.body).toMatchObject({
      id: created.id,
      title: draft.title,
      autosync: true,
      price_sync: true,
      stock_sync: false,
      own_post: true,
      listing_type: "gold_special",
      sync_warehouses: [{ warehouse: "1ML" }, { warehouse: "M" }],
      channels: ["marketplace", "mshops"],
      category_id: "MLM187773",
      status: "active",
      variations: [{ id: variation.id, post_id: created.id, name: "Negro", linked_products: [{ sku: "THW12NE100", qty: 1, discount: 0 }] }],
    });
    await deliver();
    expect((await callsFor("mercadolibre_posts", created.id))[0].state).toBe("done");
    expect(await upstream("mercadolibre_posts", created.id)).toMatchObject({ id: created.id, title: draft.title, price_sync: true });
  });
});

describe("questions: PATCH items/questions/{id} (evaluation)", () => {
  it("the suggestion's rating; a record the back end does not hold ends stopped, with its message, until retried", async () => {
    const { cookie, user } = await loginAs("admin");
    const [q] = (await db.select().from(questions).where(eq(questions.status, "UNANSWERED"))).filter((x) => !!x.suggestion);
    const id = String(q.id);
    const res = await settle(() =>
      questionsAction(
        routeArgs({
          request: makeRequest("/questions", {
            cookie,
            form: { intent: "answer", questionId: id, answer: "Sí, es original.", evaluation: "50" },
          }),
          ...ctx,
        }),
      ),
    );
    expect((res as Response).status).toBe(302);
    const [call] = await callsFor("questions", id);
    expect(call).toMatchObject({
      method: "PATCH",
      body: { evaluation: 50 },
      createdBy: user.id,
      summary: `Pregunta ${id}: calificación de la sugerencia (50)`,
    });
    expect(Object.keys(call.body)).toEqual(["evaluation"]);

    // A question the back end does not hold (the seed put it there; it is taken away): a 404.
    await database.query(`delete from sim.content_items where collection = 'questions' and id = $1`, [id]);
    await deliver();
    const message = `El back end de contenido no tiene el registro ${id} en questions.`;
    expect((await callsFor("questions", id))[0]).toMatchObject({ state: "failed", lastError: message });
    const failed = await listOutbound({ state: "failed", page: 1 });
    expect(failed.rows.find((r) => r.id === call.id)).toMatchObject({ stateLabel: "Detenido", lastError: message, summary: call.summary });
    // The answer itself was saved all the same.
    expect((await db.select().from(questions).where(eq(questions.id, q.id)))[0]).toMatchObject({ status: "ANSWERED", evaluation: 50 });

    await putContentItem(database, "questions", { id, status: "ANSWERED" });
    expect(await retryOutbound(call.id, user)).toEqual({ ok: true });
    await deliver();
    const [sent] = await callsFor("questions", id);
    expect(sent).toMatchObject({ state: "done", lastError: null });
    // The refused request's key is spent (the back end keeps it with its refusal): the retry is a new request.
    const writes = await writesFor("questions", id);
    expect(writes.map((w) => [w.idempotency_key, w.body])).toEqual([
      [call.idempotencyKey, { evaluation: 50 }],
      [sent.idempotencyKey, { evaluation: 50 }],
    ]);
    expect(sent.idempotencyKey).not.toBe(call.idempotencyKey);
    expect((await upstream("questions", id))?.evaluation).toBe(50);
  });

  it("an answer with no suggestion to rate sends no PATCH", async () => {
    const { cookie } = await loginAs("admin");
    const [row] = await database.query<{ id: string }>(
      `select q.id::text from questions q join publications p on p.id = q.publication_id where q.status = 'UNANSWERED' and q.suggestion is null and p.status = 'active' order by q.id limit 1`,
    );
    const res = await settle(() =>
      questionsAction(
        routeArgs({
          request: makeRequest("/questions", { cookie, form: { intent: "answer", questionId: row.id, answer: "Hola, sí." } }),
          ...ctx,
        }),
      ),
    );
    expect((res as Response).status).toBe(302);
    expect(
      (
        await db
          .select()
          .from(questions)
          .where(eq(questions.id, Number(row.id)))
      )[0].status,
    ).toBe("ANSWERED");
    expect(await callsFor("questions", row.id)).toEqual([]);
  });
});
