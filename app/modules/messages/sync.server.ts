import { eq, inArray, or, sql } from "drizzle-orm";
import { getDb, type Tx } from "@server/db/client";
import { conversations, messages, orders, type Attachment } from "@server/db/schema";
import { getEnv } from "@server/env";
import { getIntegrations, isIntegrationError } from "@server/integrations";
import type { PendingConversation } from "@server/integrations/marketplace/port";
import type { SessionUser } from "~/modules/auth/session-user";
import { audit } from "~/modules/logs/audit.server";
import type { CommandResult } from "./commands.server";
import { mentionsInvoice } from "./rules";

type StoredMessage = {
  id: number;
  conversationId: number;
  fromSeller: boolean;
  messageDate: Date;
  text: string;
  externalId: string | null;
};
type ConversationRow = typeof conversations.$inferSelect;

/**
 * Messages stored before the marketplace id was kept (seeded, or sent from the reply box) are
 * recognised by author, instant and text; the sync then records their id so they are never imported.
 */
export function messageKey(m: { fromSeller: boolean; date: Date; text: string }) {
  return `${m.fromSeller ? "s" : "b"}|${m.date.getTime()}|${m.text.trim()}`;
}

/** What a batch of new messages does to its conversation (the newest wins; 'factura' sticks). */
export function conversationAfter(
  current: { lastMessageDate: Date | null; lastMessageFromSeller: boolean; asksInvoice: boolean },
  added: Array<{ fromSeller: boolean; messageDate: Date; text: string }>,
) {
  let { lastMessageDate, lastMessageFromSeller, asksInvoice } = current;
  for (const m of [...added].sort((a, b) => a.messageDate.getTime() - b.messageDate.getTime())) {
    if (!lastMessageDate || m.messageDate.getTime() >= lastMessageDate.getTime()) {
      lastMessageDate = m.messageDate;
      lastMessageFromSeller = m.fromSeller;
    }
    if (!m.fromSeller && mentionsInvoice(m.text)) asksInvoice = true;
  }
  return { lastMessageDate, lastMessageFromSeller, asksInvoice };
}

const validId = (id: string) => /^\d{1,19}$/.test(id.trim());

/**
 * Imports the buyer messages the marketplace reports as pending. The marketplace is called first,
 * outside any transaction; then one transaction creates the missing conversations (one per order,
 * found by order id or pack id), inserts only the messages not stored yet, updates each
 * conversation's last message and invoice flag, and writes one audit entry. Running it twice adds
 * nothing the second time.
 */
export async function syncMessages(actor: SessionUser): Promise<CommandResult> {
  let pending: PendingConversation[];
  try {
    pending = await getIntegrations().marketplace.listPendingMessages();
  } catch (error) {
    if (!isIntegrationError(error)) throw error;
    await audit({ message: `Error al sincronizar mensajes: ${error.message}`, type: "integration", tags: ["messages"], userId: actor.id });
    return { ok: false, toast: { title: "Mensajes no sincronizados", message: error.message, variant: "danger", durationMs: 8000 } };
  }

  const result = await getDb().transaction((tx) =>
    savePendingConversations(
      tx,
      pending.filter((c) => validId(c.orderId)),
      actor.id,
    ),
  );

  if (result.messages === 0) {
    return { ok: true, toast: { title: "Mensajes sincronizados", message: "No hay mensajes nuevos.", variant: "info", durationMs: 4000 } };
  }
  const what = result.messages === 1 ? "Llegó 1 mensaje nuevo" : `Llegaron ${result.messages} mensajes nuevos`;
  const where = result.conversations === 1 ? "1 conversación" : `${result.conversations} conversaciones`;
  return { ok: true, toast: { title: "Mensajes sincronizados", message: `${what} en ${where}.`, variant: "success" } };
}

/**
 * Stores conversations as the marketplace (pendingMessages) or the content back end's messages feed
 * hands them: one code path, so a message met by both is stored once. `actorId` is null for a feed.
 */
export async function savePendingConversations(tx: Tx, pending: PendingConversation[], actorId: number | null) {
  // Two syncs at once would both create the same conversations: the second waits for the first.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('messages.sync'))`);
  const ids = [...new Set(pending.map((c) => BigInt(c.orderId.trim())))];
  const existing = ids.length
    ? await tx
        .select()
        .from(conversations)
        .where(or(inArray(conversations.orderId, ids), inArray(conversations.packId, ids)))
    : [];
  const byOrder = new Map<string, ConversationRow>();
  const byPack = new Map<string, ConversationRow>();
  for (const c of existing) {
    if (!byOrder.has(c.orderId.toString()) || byOrder.get(c.orderId.toString())!.id > c.id) byOrder.set(c.orderId.toString(), c);
    if (c.packId !== null && (!byPack.has(c.packId.toString()) || byPack.get(c.packId.toString())!.id > c.id))
      byPack.set(c.packId.toString(), c);
  }
  const findConversation = (orderId: string) => byOrder.get(orderId) ?? byPack.get(orderId);

  // The app's copy of the orders of conversations not seen yet (order id or pack id).
  const missing = ids.filter((id) => !findConversation(id.toString()));
  const orderRows = missing.length
    ? await tx
        .select()
        .from(orders)
        .where(or(inArray(orders.id, missing), inArray(orders.relatedOrderId, missing)))
    : [];
  const orderOf = (id: string) =>
    orderRows.find((o) => o.id.toString() === id) ?? orderRows.find((o) => o.relatedOrderId?.toString() === id);

  const remoteIds = pending.flatMap((c) => c.messages.map((m) => m.id));
  const known = new Set(
    remoteIds.length
      ? (await tx.select({ externalId: messages.externalId }).from(messages).where(inArray(messages.externalId, remoteIds))).map(
          (r) => r.externalId!,
        )
      : [],
  );
  const stored: StoredMessage[] = existing.length
    ? await tx
        .select({
          id: messages.id,
          conversationId: messages.conversationId,
          fromSeller: messages.fromSeller,
          messageDate: messages.messageDate,
          text: messages.text,
          externalId: messages.externalId,
        })
        .from(messages)
        .where(
          inArray(
            messages.conversationId,
            existing.map((c) => c.id),
          ),
        )
    : [];
  // Older rows without the marketplace id, by conversation and key (a list: the same line may repeat).
  const unlinked = new Map<string, number[]>();
  for (const m of stored) {
    if (m.externalId !== null) continue;
    const key = `${m.conversationId}#${messageKey({ fromSeller: m.fromSeller, date: m.messageDate, text: m.text })}`;
    unlinked.set(key, [...(unlinked.get(key) ?? []), m.id]);
  }

  let created = 0;
  let linked = 0;
  const inserted: Array<typeof messages.$inferInsert & { conversationId: number; messageDate: Date; fromSeller: boolean; text: string }> =
    [];
  const statusOf = new Map<number, string>();
  const touched = new Map<number, ConversationRow>();

  for (const remote of pending) {
    const orderId = remote.orderId.trim();
    const fresh = remote.messages
      .map((m) => ({ ...m, at: new Date(m.date) }))
      .filter((m) => !Number.isNaN(m.at.getTime()) && !known.has(m.id));
    let conversation = findConversation(orderId);
    if (!conversation) {
      if (fresh.length === 0) continue;
      const order = orderOf(orderId);
      const first = fresh.reduce((a, b) => (a.at.getTime() <= b.at.getTime() ? a : b)).at;
      [conversation] = await tx
        .insert(conversations)
        .values({
          orderId: order?.id ?? BigInt(orderId),
          packId: order?.relatedOrderId ?? null,
          orderDate: order?.orderDate ?? first,
          orderStatus: order?.orderStatus ?? null,
          orderInfo: {
            items: (order?.orderItems ?? []).map((it) => ({ id: it.id, title: it.title, image: it.picture ?? null, sold: it.qty })),
          },
          store: order ? order.store : remote.account === "brand" ? getEnv().BRAND_NAME : null,
          clientId: remote.clientId ?? order?.buyerId ?? 0,
          clientInfo: order
            ? {
                nickname: order.buyerNickname ?? undefined,
                firstName: order.shippingInfo?.firstName ?? undefined,
                lastName: order.shippingInfo?.lastName ?? undefined,
              }
            : null,
          sellerId: remote.sellerId,
          status: remote.status,
          lastMessageDate: null,
          lastMessageFromSeller: false,
          asksInvoice: false,
          dateCreated: first,
        })
        .returning();
      created += 1;
      byOrder.set(conversation.orderId.toString(), conversation);
      if (conversation.packId !== null) byPack.set(conversation.packId.toString(), conversation);
      if (orderId !== conversation.orderId.toString()) byPack.set(orderId, conversation);
    }
    for (const m of fresh) {
      if (known.has(m.id)) continue; // listed twice in this answer
      known.add(m.id);
      const key = `${conversation.id}#${messageKey({ fromSeller: m.fromSeller, date: m.at, text: m.text })}`;
      const match = unlinked.get(key);
      if (match?.length) {
        // Already here (seeded or sent from this screen): only remember its marketplace id.
        await tx.update(messages).set({ externalId: m.id }).where(eq(messages.id, match.shift()!));
        linked += 1;
        continue;
      }
      inserted.push({
        conversationId: conversation.id,
        text: m.text,
        fromUserId: m.fromSeller ? m.fromUserId || conversation.sellerId : m.fromUserId || conversation.clientId,
        fromSeller: m.fromSeller,
        messageDate: m.at,
        attachments: m.attachments.map((a): Attachment => ({ filename: a.filename, originalFilename: a.originalFilename })),
        externalId: m.id,
      });
      touched.set(conversation.id, conversation);
      statusOf.set(conversation.id, remote.status);
    }
  }

  const added = inserted.length
    ? await tx.insert(messages).values(inserted).onConflictDoNothing({ target: messages.externalId }).returning({
        conversationId: messages.conversationId,
        fromSeller: messages.fromSeller,
        messageDate: messages.messageDate,
        text: messages.text,
      })
    : [];
  const addedBy = new Map<number, typeof added>();
  for (const m of added) addedBy.set(m.conversationId, [...(addedBy.get(m.conversationId) ?? []), m]);
  for (const [id, list] of addedBy) {
    const c = touched.get(id)!;
    await tx
      .update(conversations)
      .set({ ...conversationAfter(c, list), status: statusOf.get(id) ?? c.status })
      .where(eq(conversations.id, id));
  }

  const summary = { messages: added.length, conversations: addedBy.size, created, linked };
  // A feed's page that brought nothing new leaves no entry (it runs every minute).
  if (actorId === null && added.length === 0 && created === 0) return summary;
  await audit(
    {
      message:
        added.length === 0
          ? "Sincronización de mensajes: sin mensajes nuevos"
          : `Sincronización de mensajes: ${added.length} mensajes nuevos en ${addedBy.size} conversaciones (${created} nuevas)`,
      type: added.length === 0 ? "info" : "create",
      tags: ["messages", "sync"],
      userId: actorId,
      detail: { ...summary, pending: pending.length, orders: [...addedBy.keys()].map((id) => touched.get(id)!.orderId.toString()) },
    },
    tx,
  );
  return summary;
}
