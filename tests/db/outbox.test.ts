/**
 * The outbound outbox (issue 28 item 3, docs/live-data.md "Outbound"): staff edits the content back
 * end must hear of are written in the edit's transaction and delivered afterwards, in order per
 * record, with retries, back-off and the idempotency key. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL (there the two deliverers race on two connections).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { auditLog, outbound } from "../../server/db/schema";
import { putContentItem } from "../../server/integrations/content/simulator";
import { simulatorControl } from "../../server/integrations/simulator";
import { refuse, saveVersioned } from "~/lib/save.server";
import { audit } from "~/modules/logs/audit.server";
import {
  deliverOutbound,
  enqueueOutbound,
  listOutbound,
  outboundCounts,
  retryAllFailed,
  retryOutbound,
} from "~/modules/sync/outbox.server";
import { loginAs } from "../helpers/auth";
import { useTestDatabase } from "../helpers/db";

const database = await useTestDatabase();
const staff = await loginAs("admin");
const ORDERS = "mercadolibre_orders";

/** The deliverers' clock, a little after the rows were written (rows are due from their creation). */
const base = () => new Date(Date.now() + 1_000);
const plus = (at: Date, ms: number) => new Date(at.getTime() + ms);

let nextId = 2_000_000_000_001_000;
/** An order the content back end holds (its store starts empty in tests: a PATCH of an unknown record is a 404). */
async function upstreamOrder(): Promise<string> {
  const id = String(nextId++);
  await putContentItem(database, ORDERS, { id, comments: null, intelisis_movement: null });
  return id;
}

async function enqueue(recordId: string, body: Record<string, unknown>, collection = ORDERS) {
  return getDb().transaction((tx) =>
    enqueueOutbound(tx, { method: "PATCH", collection, recordId, body, summary: `Pedido ${recordId}: comentarios`, userId: staff.user.id }),
  );
}

const rowOf = async (id: number) => (await getDb().select().from(outbound).where(eq(outbound.id, id)))[0];
const writesOf = (recordId: string) =>
  database.query<{ id: string; idempotency_key: string; method: string; body: Record<string, unknown> }>(
    "select id, idempotency_key, method, body from sim.content_writes where item_id = $1 order by id",
    [recordId],
  );
const upstreamData = async (recordId: string, collection = ORDERS) =>
  (
    await database.query<{ data: Record<string, unknown> }>("select data from sim.content_items where collection = $1 and id = $2", [
      collection,
      recordId,
    ])
  )[0]?.data;

beforeEach(async () => {
  await simulatorControl.clearFailures(database);
  // Rows of an earlier test would be delivered by this one's deliverer.
  await getDb().delete(outbound);
});

describe("enqueue: in the edit's transaction", () => {
  it("commits with the local write, and a rolled-back save leaves no row", async () => {
    const kept = await upstreamOrder();
    await getDb().transaction(async (tx) => {
      await audit({ message: `Orden ${kept} actualizada`, identifier: kept, userId: staff.user.id }, tx);
      await enqueueOutbound(tx, {
        method: "PATCH",
        collection: ORDERS,
        recordId: kept,
        body: { comments: "sí" },
        summary: `Pedido ${kept}: comentarios`,
        userId: staff.user.id,
      });
    });
    const [row] = await getDb().select().from(outbound).where(eq(outbound.recordId, kept));
    expect(row).toMatchObject({
      method: "PATCH",
      collection: ORDERS,
      body: { comments: "sí" },
      state: "pending",
      attempts: 0,
      createdBy: staff.user.id,
      sentAt: null,
    });
    expect(row.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    // A save that fails after writing its call: neither the local write nor the call is left.
    const lost = await upstreamOrder();
    await expect(
      getDb().transaction(async (tx) => {
        await audit({ message: `Orden ${lost} actualizada`, identifier: lost, userId: staff.user.id }, tx);
        await enqueueOutbound(tx, {
          method: "PATCH",
          collection: ORDERS,
          recordId: lost,
          body: { comments: "no" },
          summary: `Pedido ${lost}: comentarios`,
          userId: staff.user.id,
        });
        throw new Error("falla después de escribir");
      }),
    ).rejects.toThrow("falla después de escribir");
    expect(await getDb().select().from(outbound).where(eq(outbound.recordId, lost))).toEqual([]);
    expect(await getDb().select().from(auditLog).where(eq(auditLog.identifier, lost))).toEqual([]);

    // The one save path: a refusal from its write rolls the call back with the rest.
    const refused = await saveVersioned({
      messages: { notFound: "No existe.", stale: "Cambió." },
      write: async (tx) => {
        await enqueueOutbound(tx, {
          method: "PATCH",
          collection: ORDERS,
          recordId: lost,
          body: { comments: "tampoco" },
          summary: "x",
          userId: staff.user.id,
        });
        return refuse("invalid", "Revisar order");
      },
    });
    expect(refused).toMatchObject({ ok: false, reason: "invalid" });
    expect(await getDb().select().from(outbound).where(eq(outbound.recordId, lost))).toEqual([]);
  });
});

describe("delivery in order per record", () => {
  it("a record's second edit is not sent before its first, which is retried first; other records go on", async () => {
    const order = await upstreamOrder();
    const other = await upstreamOrder();
    const first = await enqueue(order, { comments: "uno" });
    const second = await enqueue(order, { comments: "dos" });
    const elsewhere = await enqueue(other, { comments: "otro" });
    await simulatorControl.failNext("content.updateItem", "http", { status: 500, match: order, database });

    const t0 = base();
    expect(await deliverOutbound({ now: t0 })).toEqual({ sent: 1, retrying: 1, failed: 0 });
    expect(await rowOf(first)).toMatchObject({ state: "pending", attempts: 1 });
    // The second edit of the record waits, untouched, while the first is owed.
    expect(await rowOf(second)).toMatchObject({ state: "pending", attempts: 0, sentAt: null });
    expect(await rowOf(elsewhere)).toMatchObject({ state: "done" });
    expect(await writesOf(order)).toEqual([]);
    expect(await deliverOutbound({ now: plus(t0, 9_000) })).toEqual({ sent: 0, retrying: 0, failed: 0 });

    // When the first is due again, both go, first then second, in one run.
    expect(await deliverOutbound({ now: plus(t0, 10_000) })).toEqual({ sent: 2, retrying: 0, failed: 0 });
    const keys = [(await rowOf(first)).idempotencyKey, (await rowOf(second)).idempotencyKey];
    expect((await writesOf(order)).map((w) => [w.idempotency_key, w.body.comments])).toEqual([
      [keys[0], "uno"],
      [keys[1], "dos"],
    ]);
    expect((await upstreamData(order))?.comments).toBe("dos");
  });

  it("a failed first edit holds the record's later edits until it is retried (and the screen says so)", async () => {
    const order = await upstreamOrder();
    const first = await enqueue(order, { comments: "uno" });
    const second = await enqueue(order, { comments: "dos" });
    await simulatorControl.failNext("content.updateItem", "rejected", { status: 422, match: order, database });

    const t0 = base();
    const refusedKey = (await rowOf(first)).idempotencyKey;
    expect(await deliverOutbound({ now: t0 })).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(await rowOf(first)).toMatchObject({ state: "failed", lastError: "El back end de contenido rechazó la operación." });
    // Refused, nothing was applied: its retry will be a new request, under a new key.
    expect((await rowOf(first)).idempotencyKey).not.toBe(refusedKey);
    // Hours later the second is still not sent: it would overtake the first.
    expect(await deliverOutbound({ now: plus(t0, 6 * 3600_000) })).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await rowOf(second)).toMatchObject({ state: "pending", attempts: 0 });
    expect(await writesOf(order)).toEqual([]);

    const pending = await listOutbound({ state: "pending", page: 1 });
    expect(pending.rows.find((r) => r.id === second)).toMatchObject({
      blockedBy: first,
      stateLabel: `En espera: el envío ${first} de este registro está detenido`,
    });
    const failed = await listOutbound({ state: "failed", page: 1 });
    expect(failed.rows.map((r) => [r.id, r.stateLabel, r.lastError])).toEqual([
      [first, "Detenido", "El back end de contenido rechazó la operación."],
    ]);
    expect(await outboundCounts()).toMatchObject({ pending: 1, failed: 1 });

    const t1 = new Date();
    expect(await retryOutbound(first, staff.user, t1)).toEqual({ ok: true });
    expect(await rowOf(first)).toMatchObject({ state: "pending", attempts: 0, nextAttemptAt: t1 });
    const [entry] = await getDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.identifier, String(first)));
    expect(entry).toMatchObject({ type: "integration", userId: staff.user.id });
    expect(entry.detail).toMatchObject({ lastError: "El back end de contenido rechazó la operación." });
    // A row that is not stopped is not "retried".
    expect(await retryOutbound(first, staff.user)).toMatchObject({ ok: false, reason: "conflict" });
    expect(await retryOutbound(999_999, staff.user)).toMatchObject({ ok: false, reason: "missing" });

    expect(await deliverOutbound({ now: plus(t1, 1) })).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect((await writesOf(order)).map((w) => w.body.comments)).toEqual(["uno", "dos"]);
  });
});

describe("retries", () => {
  it("an http 500 is retried after 10 s, then 20 s (doubling), then delivered", async () => {
    const order = await upstreamOrder();
    const id = await enqueue(order, { comments: "reintento" });
    await simulatorControl.failNext("content.updateItem", "http", { status: 500, times: 2, match: order, database });
    const t0 = base();
    expect(await deliverOutbound({ now: t0 })).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await rowOf(id)).toMatchObject({
      state: "pending",
      attempts: 1,
      nextAttemptAt: plus(t0, 10_000),
      lastError: "El back end de contenido respondió con un error (500). Intenta de nuevo más tarde.",
    });
    expect(await deliverOutbound({ now: plus(t0, 9_999) })).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await deliverOutbound({ now: plus(t0, 10_000) })).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await rowOf(id)).toMatchObject({ attempts: 2, nextAttemptAt: plus(t0, 30_000) });
    expect(await deliverOutbound({ now: plus(t0, 30_000) })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await rowOf(id)).toMatchObject({ state: "done", attempts: 3, sentAt: plus(t0, 30_000), lastError: null });
    expect((await writesOf(order)).map((w) => w.body)).toEqual([{ comments: "reintento" }]);
  });

  it("stops after 8 failed attempts: failed, with its message, until someone retries it", async () => {
    const order = await upstreamOrder();
    const id = await enqueue(order, { comments: "sin respuesta" });
    const firstKey = (await rowOf(id)).idempotencyKey;
    await simulatorControl.failNext("content.updateItem", "http", { status: 503, times: 8, match: order, database });
    let at = base();
    for (let attempt = 1; attempt <= 7; attempt++) {
      expect(await deliverOutbound({ now: at })).toEqual({ sent: 0, retrying: 1, failed: 0 });
      const row = await rowOf(id);
      expect(row).toMatchObject({ state: "pending", attempts: attempt });
      // 10 s, 20 s, 40 s … doubling.
      expect(row.nextAttemptAt.getTime() - at.getTime()).toBe(10_000 * 2 ** (attempt - 1));
      at = row.nextAttemptAt;
    }
    expect(await deliverOutbound({ now: at })).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(await rowOf(id)).toMatchObject({
      state: "failed",
      attempts: 8,
      lastError:
        "Se agotaron los 8 intentos. Último error: El back end de contenido respondió con un error (503). Intenta de nuevo más tarde.",
    });
    expect(await deliverOutbound({ now: plus(at, 24 * 3600_000) })).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await retryAllFailed(staff.user, plus(at, 1))).toBe(1);
    expect(await deliverOutbound({ now: plus(at, 2) })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    // Out of attempts is not a refusal: the back end may have applied one of them, so the key stays.
    expect((await writesOf(order)).map((w) => w.idempotency_key)).toEqual([firstKey]);
  });

  it("an answer lost after the back end applied it: retried with the same key, applied once", async () => {
    const order = await upstreamOrder();
    const id = await enqueue(order, { comments: "una sola vez" });
    await simulatorControl.failNext("content.updateItem", "timeout-after-work", { match: order, database });
    const t0 = base();
    expect(await deliverOutbound({ now: t0 })).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await rowOf(id)).toMatchObject({
      state: "pending",
      attempts: 1,
      lastError: "El back end de contenido no respondió a tiempo. Intenta de nuevo en unos minutos.",
    });
    expect(await deliverOutbound({ now: plus(t0, 10_000) })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const { idempotencyKey } = await rowOf(id);
    expect((await writesOf(order)).map((w) => w.idempotency_key)).toEqual([idempotencyKey]);
    expect((await upstreamData(order))?.comments).toBe("una sola vez");
  });

  it("a refusal is not retried: failed at once, with the back end's message in Spanish", async () => {
    const refused = await upstreamOrder();
    const a = await enqueue(refused, { comments: "x" });
    const denied = await upstreamOrder();
    const b = await enqueue(denied, { comments: "y" });
    const unknown = String(nextId++); // not in the back end
    const c = await enqueue(unknown, { comments: "z" });
    await simulatorControl.failNext("content.updateItem", "rejected", { match: refused, database });
    await simulatorControl.failNext("content.updateItem", "http", { status: 401, match: denied, database });
    expect(await deliverOutbound({ now: base() })).toEqual({ sent: 0, retrying: 0, failed: 3 });
    expect(await rowOf(a)).toMatchObject({ state: "failed", attempts: 1, lastError: "El back end de contenido rechazó la operación." });
    expect(await rowOf(b)).toMatchObject({
      state: "failed",
      attempts: 1,
      lastError: "El back end de contenido rechazó las credenciales configuradas. Avisa a soporte.",
    });
    expect(await rowOf(c)).toMatchObject({
      state: "failed",
      attempts: 1,
      lastError: `El back end de contenido no tiene el registro ${unknown} en ${ORDERS}.`,
    });
  });
});

describe("deliverers at once", () => {
  it("send each row once, each record's rows in order", async () => {
    // More records than one claim takes (20), so both deliverers find work at the same moment.
    const records: string[] = [];
    for (let i = 0; i < 40; i++) records.push(await upstreamOrder());
    const ids: number[] = [];
    for (let round = 1; round <= 3; round++) for (const record of records) ids.push(await enqueue(record, { comments: `v${round}` }));
    const now = base();
    // Two instances' deliverers, each running twice at the same moment (the job's run and "Reintentar todos", say).
    const runs = await Promise.all(Array.from({ length: 4 }, () => deliverOutbound({ now, limit: 200 })));
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(ids.length);
    expect(runs.reduce((n, r) => n + r.retrying + r.failed, 0)).toBe(0);
    const states = await database.query<{ state: string; n: number }>("select state, count(*)::int as n from outbound group by state");
    expect(states).toEqual([{ state: "done", n: ids.length }]);
    const writes = await database.query<{ item_id: string; body: { comments: string } }>(
      `select w.item_id, w.body from sim.content_writes w where w.item_id = any($1::text[]) order by w.id`,
      [records],
    );
    expect(writes).toHaveLength(ids.length);
    for (const record of records)
      expect(writes.filter((w) => w.item_id === record).map((w) => w.body.comments)).toEqual(["v1", "v2", "v3"]);
    // More than one took part (on PostgreSQL they race on connections of their own).
    expect(runs.filter((r) => r.sent > 0).length).toBeGreaterThan(1);
  });
});

describe("the screen's reads", () => {
  it("pages by 20, newest first, filtered by state, with the counts and the oldest pending", async () => {
    const order = await upstreamOrder();
    const before = new Date();
    for (let i = 0; i < 23; i++) await enqueue(order, { comments: `c${i}` });
    const all = await getDb()
      .select({ id: outbound.id })
      .from(outbound)
      .orderBy(sql`${outbound.id} desc`);
    const first = await listOutbound({ page: 1 });
    expect(first).toMatchObject({ total: 23, page: 1, pageSize: 20 });
    expect(first.rows.map((r) => r.id)).toEqual(all.slice(0, 20).map((r) => r.id));
    expect(first.rows[0]).toMatchObject({
      collection: ORDERS,
      recordId: order,
      state: "pending",
      stateLabel: "Pendiente",
      createdByName: `Prueba admin`,
      blockedBy: null,
    });
    expect((await listOutbound({ page: 2 })).rows.map((r) => r.id)).toEqual(all.slice(20).map((r) => r.id));
    expect(await listOutbound({ state: "done", page: 1 })).toMatchObject({ total: 0, rows: [] });
    const counts = await outboundCounts();
    expect(counts).toMatchObject({ pending: 23, failed: 0 });
    expect(counts.oldestPendingAt!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1_000);
    await getDb().delete(outbound);
    expect(await outboundCounts()).toEqual({ pending: 0, failed: 0, oldestPendingAt: null });
  });
});
