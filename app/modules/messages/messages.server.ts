import { and, asc, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { DateTime } from "luxon";
import { getDb, type Db } from "@server/db/client";
import { cannedReplies, conversations, messages, orders, publications } from "@server/db/schema";
import { ZONE } from "@common/format";
import { parseQueryDate } from "~/lib/mexico-time";
import { priorityCutoff } from "./rules";
import { LOGISTIC_VALUES, type MessagesQueryValue } from "./schemas";
import { containsPattern } from "~/lib/like-pattern";

export const MESSAGES_PAGE_SIZE = 10;

/**
 * Conditions on the order's attributes, read from the copies on the conversation (kept by triggers).
 * Only a publication search needs the order row itself.
 */
function orderConditions(query: MessagesQueryValue): SQL[] {
  const c: SQL[] = [];
  if (query.filterLogisticType) c.push(eq(conversations.orderLogisticType, LOGISTIC_VALUES[query.filterLogisticType]));
  if (query.shipment_status_filter) c.push(eq(conversations.orderShipmentStatus, query.shipment_status_filter));
  if (query.claim_return_status_filter === "claim") c.push(eq(conversations.orderHasClaim, true));
  if (query.claim_return_status_filter === "return") c.push(eq(conversations.orderHasReturn, true));
  if (query.assigned_move_filter === "assigned") c.push(eq(conversations.orderMovementAssigned, true));
  if (query.assigned_move_filter === "unassigned") c.push(eq(conversations.orderMovementAssigned, false));
  return c;
}

/** A publication id search matches the order's publications (the one filter that joins orders). */
function publicationSearch(query: MessagesQueryValue): SQL | null {
  return query.search && /^MLM\d+$/i.test(query.search)
    ? sql`${orders.publicationsId} @> array[${query.search.toUpperCase()}]::text[]`
    : null;
}

/** Mexico City day bounds for day_filter. */
function dayFilterStart(day: NonNullable<MessagesQueryValue["day_filter"]>, now: Date) {
  const today = DateTime.fromJSDate(now).setZone(ZONE).startOf("day");
  const start = { today, yesterday: today.minus({ days: 1 }), week: today.minus({ days: 6 }), month: today.minus({ days: 29 }) }[day];
  return { start: start.toJSDate(), end: day === "yesterday" ? today.toJSDate() : null };
}

/**
 * The section and every filter on the conversation itself. Pending: the buyer wrote last. Invoice:
 * some buyer text mentions 'factura' (asks_invoice, set with mentionsInvoice when messages arrive).
 * Dates apply to the last message; end_date is exclusive (the screen sends the chosen end plus one).
 */
function conversationConditions(query: MessagesQueryValue, now: Date): SQL[] {
  const c: SQL[] = [];
  if (query.section === "pending") c.push(eq(conversations.lastMessageFromSeller, false));
  if (query.section === "invoice") c.push(eq(conversations.asksInvoice, true));
  if (query.filterStatus) c.push(eq(conversations.orderStatus, query.filterStatus));
  const cutoff = priorityCutoff(now);
  if (query.message_status_filter === "urgent") {
    c.push(eq(conversations.lastMessageFromSeller, false), lte(conversations.lastMessageDate, cutoff));
  } else if (query.message_status_filter) c.push(eq(conversations.status, query.message_status_filter));
  const start = parseQueryDate(query.start_date);
  const end = parseQueryDate(query.end_date);
  if (start) c.push(gte(conversations.lastMessageDate, start.toJSDate()));
  if (end) c.push(lt(conversations.lastMessageDate, end.toJSDate()));
  if (query.day_filter) {
    const range = dayFilterStart(query.day_filter, now);
    c.push(gte(conversations.lastMessageDate, range.start));
    if (range.end) c.push(lt(conversations.lastMessageDate, range.end));
  }
  if (query.search && /^\d{1,19}$/.test(query.search)) {
    const id = BigInt(query.search);
    c.push(or(eq(conversations.orderId, id), eq(conversations.packId, id))!);
  } else if (query.search && !/^MLM\d+$/i.test(query.search)) {
    c.push(sql`${conversations.clientInfo} ->> 'nickname' ilike ${containsPattern(query.search)}`);
  }
  return c;
}

/** The priority flag as SQL, with the same cutoff as isPriority. */
function priorityExpr(now: Date) {
  return sql<boolean>`(not ${conversations.lastMessageFromSeller} and ${conversations.lastMessageDate} <= ${priorityCutoff(now)})`;
}

function listWhere(query: MessagesQueryValue, now: Date) {
  const byPublication = publicationSearch(query);
  return and(...conversationConditions(query, now), ...orderConditions(query), ...(byPublication ? [byPublication] : []));
}

/**
 * One page of a section. The conversations' own indexes filter and order the page; the order row and
 * the first item's publication are primary-key lookups for the ten rows.
 */
export function conversationsPageQuery(db: Pick<Db, "select">, query: MessagesQueryValue, now: Date) {
  const dir = query.sortValue === "asc" ? asc : desc;
  const sortColumn = query.sortName === "order_date" ? conversations.orderDate : conversations.lastMessageDate;
  const firstItemId = sql`(${conversations.orderInfo} -> 'items' -> 0 ->> 'id')`;
  return db
    .select({
      id: conversations.id,
      orderId: conversations.orderId,
      packId: conversations.packId,
      orderDate: conversations.orderDate,
      orderStatus: conversations.orderStatus,
      orderInfo: conversations.orderInfo,
      store: conversations.store,
      clientId: conversations.clientId,
      clientInfo: conversations.clientInfo,
      sellerId: conversations.sellerId,
      status: conversations.status,
      lastMessageDate: conversations.lastMessageDate,
      lastMessageFromSeller: conversations.lastMessageFromSeller,
      asksInvoice: conversations.asksInvoice,
      draft: conversations.draft,
      priority: priorityExpr(now),
      publicationPermalink: publications.permalink,
      publicationImage: sql<string | null>`${publications.gallery} -> 0 ->> 'url'`,
      logisticType: orders.logisticType,
      shipmentStatus: orders.shipmentStatus,
      orderHistory: orders.status,
      intelisisMovement: orders.intelisisMovement,
    })
    .from(conversations)
    .leftJoin(orders, eq(orders.id, conversations.orderId))
    .leftJoin(publications, sql`${publications.id} = ${firstItemId}`)
    .where(listWhere(query, now))
    .orderBy(sql`${sortColumn} ${query.sortValue === "asc" ? sql`asc` : sql`desc`} nulls last`, dir(conversations.id))
    .limit(MESSAGES_PAGE_SIZE)
    .offset((query.page - 1) * MESSAGES_PAGE_SIZE);
}

/** The section's total: a separate count that joins orders only for a publication search. */
export function conversationsCountQuery(db: Pick<Db, "select">, query: MessagesQueryValue, now: Date) {
  const countQuery = db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(conversations);
  return publicationSearch(query)
    ? countQuery.innerJoin(orders, eq(orders.id, conversations.orderId)).where(listWhere(query, now))
    : countQuery.where(listWhere(query, now));
}

/**
 * The messages of the page's conversations, in one query (no per-row loads); null when there is
 * nothing to read (history rows do not show them).
 */
export function threadsQuery(db: Pick<Db, "select">, query: Pick<MessagesQueryValue, "section">, conversationIds: number[]) {
  const ids = query.section === "history" ? [] : conversationIds;
  if (ids.length === 0) return null;
  return db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      text: messages.text,
      fromSeller: messages.fromSeller,
      messageDate: messages.messageDate,
      attachments: messages.attachments,
    })
    .from(messages)
    .where(inArray(messages.conversationId, ids))
    .orderBy(asc(messages.conversationId), asc(messages.messageDate), asc(messages.id));
}

/** One page of a section with its total and each conversation's messages (page, count, messages: three statements). */
export async function listConversations(query: MessagesQueryValue, now: Date = new Date()) {
  const db = getDb();
  const rows = await conversationsPageQuery(db, query, now);
  const [{ n: total }] = await conversationsCountQuery(db, query, now);
  const threads = threadsQuery(
    db,
    query,
    rows.map((r) => r.id),
  );
  const thread = threads ? await threads : [];
  const byConversation = new Map<number, typeof thread>();
  for (const m of thread) {
    const list = byConversation.get(m.conversationId) ?? [];
    list.push(m);
    byConversation.set(m.conversationId, list);
  }
  return {
    rows: rows.map((r) => ({
      ...r,
      orderId: r.orderId.toString(),
      packId: r.packId?.toString() ?? null,
      messages: byConversation.get(r.id) ?? [],
    })),
    total,
    page: query.page,
    pageSize: MESSAGES_PAGE_SIZE,
  };
}

export type ConversationRow = Awaited<ReturnType<typeof listConversations>>["rows"][number];

/** What the reply command needs. */
export async function getConversation(id: number) {
  const [row] = await getDb().select().from(conversations).where(eq(conversations.id, id)).limit(1);
  return row ?? null;
}

/** The dialog: the conversation, all its messages and its order (which may have been removed). */
export async function getConversationDetail(id: number) {
  const conversation = await getConversation(id);
  if (!conversation) return null;
  const db = getDb();
  const [thread, [order]] = await Promise.all([
    db.select().from(messages).where(eq(messages.conversationId, id)).orderBy(asc(messages.messageDate), asc(messages.id)),
    db.select().from(orders).where(eq(orders.id, conversation.orderId)).limit(1),
  ]);
  return { conversation, messages: thread, order: order ?? null };
}

/** The canned replies (every /messages load reads them). */
export function cannedRepliesQuery(db: Pick<Db, "select">) {
  return db
    .select({ id: cannedReplies.id, key: cannedReplies.key, name: cannedReplies.name, text: cannedReplies.text })
    .from(cannedReplies)
    .orderBy(asc(cannedReplies.sort), asc(cannedReplies.id));
}

export async function listCannedReplies() {
  return cannedRepliesQuery(getDb());
}
