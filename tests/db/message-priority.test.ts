/**
 * A conversation's priority told to the content back end (spec 1 §7: PATCH items/messages/{id} with
 * priority; spec 1 §9: priority turns true when the last message is the buyer's and 24 hours old).
 * The job queues a PATCH only when the flag worked out now differs from the one the back end holds,
 * and only for conversations the back end is known to hold. Runs on PGlite and on PostgreSQL.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { auditLog, conversations, messages, outbound } from "../../server/db/schema";
import { putContentItem } from "../../server/integrations/content/simulator";
import { sendPriorityChanges } from "~/modules/messages/priority-upstream.server";
import { syncJobs } from "~/modules/sync/feed-jobs.server";
import { applyConversations } from "~/modules/sync/feeds.server";
import { deliverOutbound } from "~/modules/sync/outbox.server";
import { upstreamConversation } from "~/modules/sync/upstream";
import { useTestDatabase } from "../helpers/db";

const database = await useTestDatabase();

const NOW = new Date("2026-11-29T18:00:00.000Z");
const hoursBefore = (h: number, from = NOW) => new Date(from.getTime() - h * 3_600_000);
const SELLER = "111111";
const BUYER = "222222";

let next = 0;
/** A conversation as the content back end's messages collection holds it. */
function upstream(
  messages: Array<{ fromSeller: boolean; at: Date; text?: string }>,
  options: { priority?: boolean | null; updated?: Date; id?: string; orderId?: string } = {},
) {
  next += 1;
  const id = options.id ?? String(7_100_000_000 + next);
  const orderId = options.orderId ?? String(2_000_000_100_000_000 + next);
  const last = messages.reduce((a, m) => (m.at > a ? m.at : a), new Date(0));
  return {
    id,
    order_id: orderId,
    order_date: hoursBefore(72).toISOString(),
    conversation: messages.map((m, i) => ({
      id: `${id}-${i}-${m.at.getTime()}`,
      text: m.text ?? (m.fromSeller ? "Con gusto, ya va en camino." : "¿Cuándo llega mi pedido?"),
      from: { user_id: m.fromSeller ? SELLER : BUYER },
      message_date: { created: m.at.toISOString(), available: m.at.toISOString() },
    })),
    client_id: BUYER,
    seller_id: SELLER,
    status: "active",
    priority: options.priority,
    date_updated: (options.updated ?? last).toISOString(),
  };
}

const feed = (...records: Array<ReturnType<typeof upstream>>) =>
  getDb().transaction((tx) =>
    applyConversations(
      tx,
      records.map((r) => upstreamConversation.parse(r)),
    ),
  );

const queued = (recordId: string) =>
  getDb()
    .select()
    .from(outbound)
    .where(and(eq(outbound.collection, "messages"), eq(outbound.recordId, recordId)))
    .orderBy(outbound.id);

const held = async (orderId: string) =>
  (
    await getDb()
      .select({ upstreamId: conversations.upstreamId, upstreamPriority: conversations.upstreamPriority })
      .from(conversations)
      .where(eq(conversations.orderId, BigInt(orderId)))
  )[0];

beforeEach(async () => {
  // The job looks at every conversation: each test starts with none but its own.
  await getDb().delete(outbound);
  await getDb().delete(messages);
  await getDb().delete(conversations);
});

describe("the job message-priority", () => {
  it("marks urgent a conversation whose buyer has waited 24 hours, once", async () => {
    const record = upstream([{ fromSeller: false, at: hoursBefore(25) }], { priority: false });
    await feed(record);
    expect(await held(record.order_id)).toEqual({ upstreamId: record.id, upstreamPriority: false });

    expect(await sendPriorityChanges({ now: NOW })).toEqual({ queued: 1 });
    const [call] = await queued(record.id);
    expect(call).toMatchObject({
      method: "PATCH",
      collection: "messages",
      recordId: record.id,
      body: { priority: true },
      state: "pending",
    });
    expect(call.summary).toBe(`Conversación ${record.id}: marcada como urgente`);
    expect(await held(record.order_id)).toEqual({ upstreamId: record.id, upstreamPriority: true });

    // Told once: the next runs find nothing to say.
    expect(await sendPriorityChanges({ now: NOW })).toEqual({ queued: 0 });
    expect(await queued(record.id)).toHaveLength(1);

    const [entry] = await getDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.message, "Prioridad de mensajes enviada al back end: 1 urgentes, 0 ya no urgentes"));
    expect(entry).toBeDefined();
  });

  it("waits for the 24 hours: 23 hours is not urgent, 24 is", async () => {
    const record = upstream([{ fromSeller: false, at: hoursBefore(23) }], { priority: false });
    await feed(record);
    expect(await sendPriorityChanges({ now: NOW })).toEqual({ queued: 0 });
    expect(await sendPriorityChanges({ now: new Date(NOW.getTime() + 3_600_000) })).toEqual({ queued: 1 });
    expect((await queued(record.id))[0].body).toEqual({ priority: true });
  });

  it("tells the back end the conversation is no longer urgent once the seller answers", async () => {
    const record = upstream([{ fromSeller: false, at: hoursBefore(30) }], { priority: true });
    await feed(record);
    // The back end already holds true: nothing to say.
    expect(await sendPriorityChanges({ now: NOW })).toEqual({ queued: 0 });

    const answered = upstream(
      [
        { fromSeller: false, at: hoursBefore(30) },
        { fromSeller: true, at: hoursBefore(1) },
      ],
      { id: record.id, orderId: record.order_id, priority: true },
    );
    await feed(answered);
    expect(await sendPriorityChanges({ now: NOW })).toEqual({ queued: 1 });
    const [call] = await queued(record.id);
    expect(call.body).toEqual({ priority: false });
    expect(call.summary).toBe(`Conversación ${record.id}: ya no es urgente`);
  });

  it("does not tell the back end of a conversation it never showed this app", async () => {
    const orderId = 2_000_000_199_000_001n;
    await getDb()
      .insert(conversations)
      .values({
        orderId,
        orderDate: hoursBefore(72),
        clientId: Number(BUYER),
        sellerId: Number(SELLER),
        lastMessageDate: hoursBefore(40),
        lastMessageFromSeller: false,
      });
    expect(await sendPriorityChanges({ now: NOW })).toEqual({ queued: 0 });
    expect((await held(orderId.toString())).upstreamId).toBeNull();
  });

  it("keeps the flag of the newest version read: an older one arriving late changes nothing", async () => {
    const record = upstream([{ fromSeller: false, at: hoursBefore(30) }], { priority: true, updated: hoursBefore(2) });
    await feed(record);
    const older = { ...record, priority: false, date_updated: hoursBefore(5).toISOString() };
    await feed(older);
    expect(await held(record.order_id)).toEqual({ upstreamId: record.id, upstreamPriority: true });
    expect(await sendPriorityChanges({ now: NOW })).toEqual({ queued: 0 });
  });

  it("spreads a large change over runs, at most the batch each", async () => {
    const records = Array.from({ length: 5 }, () => upstream([{ fromSeller: false, at: hoursBefore(48) }], { priority: false }));
    await feed(...records);
    expect(await sendPriorityChanges({ now: NOW, limit: 2 })).toEqual({ queued: 2 });
    expect(await sendPriorityChanges({ now: NOW, limit: 2 })).toEqual({ queued: 2 });
    expect(await sendPriorityChanges({ now: NOW, limit: 2 })).toEqual({ queued: 1 });
    expect(await sendPriorityChanges({ now: NOW, limit: 2 })).toEqual({ queued: 0 });
  });

  it("is delivered as PATCH items/messages/{id} with the flag", async () => {
    const record = upstream([{ fromSeller: false, at: hoursBefore(26) }], { priority: false });
    await putContentItem(database, "messages", record);
    await feed(record);
    await sendPriorityChanges({ now: NOW });
    const result = await deliverOutbound({ now: new Date(Date.now() + 1_000) });
    expect(result.sent).toBe(1);
    const [row] = await database.query<{ data: Record<string, unknown> }>(
      "select data from sim.content_items where collection = 'messages' and id = $1",
      [record.id],
    );
    expect(row.data.priority).toBe(true);
    const writes = await database.query<{ method: string; body: Record<string, unknown> }>(
      "select method, body from sim.content_writes where item_id = $1",
      [record.id],
    );
    expect(writes).toEqual([{ method: "PATCH", body: { priority: true } }]);
  });

  it("runs every five minutes on the job runner, once per period", () => {
    const job = syncJobs().find((j) => j.name === "message-priority");
    expect(job).toBeDefined();
    const from = new Date("2026-11-29T18:01:30.000Z");
    expect(job!.schedule!.next(from).toISOString()).toBe("2026-11-29T18:05:00.000Z");
  });
});
