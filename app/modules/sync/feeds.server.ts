/**
 * The inbound feeds (docs/live-data.md, "Who owns which field"): what each reads and how a page of
 * upstream records becomes rows here. Upsert by the upstream id; a field staff own here is taken
 * from upstream only when the row is new; every other field is taken only from an upstream version
 * newer than the one applied last (upstream_updated_at), so an older or repeated record changes
 * nothing.
 */
import { inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Tx } from "@server/db/client";
import { invoiceFeedback, orders, publications, questions, type OrderItem } from "@server/db/schema";
import { getEnv } from "@server/env";
import { changedFieldOf, ordersCollection } from "@server/integrations/content/collections";
import { brandSegmentFrom } from "@server/integrations/marketplace/http";
import type { PendingConversation } from "@server/integrations/marketplace/port";
import { savePendingConversations } from "~/modules/messages/sync.server";
import type { CollectionFeed } from "./feed-engine.server";
import type { FeedName } from "./feed-names";
import {
  upstreamConversation,
  upstreamInvoiceFeedback,
  upstreamOrder,
  upstreamPublication,
  upstreamQuestion,
  upstreamErpArticle,
  type UpstreamConversation,
  type UpstreamErpArticle,
  type UpstreamInvoiceFeedback,
  type UpstreamOrder,
  type UpstreamPublication,
  type UpstreamQuestion,
} from "./upstream";

/** snake_case keys of a JSON object → the camelCase the app keeps (address_1 → address1). */
export function camelKeys<T = Record<string, unknown>>(value: Record<string, unknown> | null | undefined): T | null {
  if (!value) return null;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()), v])) as T;
}

/** An excluded column in an upsert's SET (the value the INSERT proposed). */
const excluded = (column: { name: string }) => sql.raw(`excluded."${column.name}"`);

// ------------------------------------------------------------------ orders

/** Fields of an order staff own here (written by this app and PATCHed upstream by the outbox). */
export const ORDER_STAFF_FIELDS = [
  "intelisisMovement",
  "creditNote",
  "comments",
  "packageManager",
  "manualDelivered",
  "invoiceDisabled",
  "printedLabel",
] as const;

function orderRow(o: UpstreamOrder, account: "main" | "brand", now: Date): typeof orders.$inferInsert {
  const items: OrderItem[] = (o.order_items ?? []).map((it) => ({
    id: it.id,
    title: it.title ?? it.description ?? "",
    price: it.price ?? it.regular_price ?? 0,
    qty: it.qty ?? it.quantity ?? 1,
    picture: it.picture ?? null,
    saleFee: it.sale_fee ?? undefined,
    variationId: it.variation_id == null ? null : Number(it.variation_id),
    sellerSku: it.seller_sku ?? null,
  }));
  const movement = o.intelisis_movement?.trim();
  const stringInfo = o.shipping_info
    ? Object.fromEntries(Object.entries(camelKeys(o.shipping_info) ?? {}).map(([k, v]) => [k, v == null ? null : String(v)]))
    : null;
  return {
    id: BigInt(o.id),
    relatedOrderId: o.related_order_id ? BigInt(o.related_order_id) : null,
    title: o.title ?? items[0]?.title ?? "",
    store: o.store?.trim() || (account === "brand" ? getEnv().BRAND_NAME : null),
    orderDate: o.order_date,
    readyDate: o.ready_date ?? null,
    logisticType: o.logistic_type ?? null,
    status: o.status ?? "",
    orderStatus: o.order_status,
    activeStatus: o.active_status ?? null,
    claimStatus: o.claim_status ?? null,
    shipmentId: o.shipment_id ?? null,
    shipmentStatus: o.shipment_status ?? null,
    shipmentParcel: o.shipment_parcel ?? null,
    shippingInfo: stringInfo,
    shipmentInfo: camelKeys(o.shipment_info),
    paymentInfo: camelKeys(o.payment_info),
    // The old store wrote the text "null" for "no movement yet".
    intelisisMovement: movement && movement !== "null" ? movement : null,
    creditNote: o.credit_note?.trim() || null,
    packageManager: o.package_manager ?? null,
    comments: o.comments ?? null,
    splittedOrder: o.splitted_order ?? null,
    printedLabel: o.printed_label ?? false,
    shippingCost: o.shipping_cost ?? null,
    shippingCostBuyer: o.shipping_cost_buyer ?? null,
    shippingCostTotal: o.shipping_cost_total ?? null,
    totalAmount: o.total_amount ?? items.reduce((sum, it) => sum + it.price * it.qty, 0),
    balance: o.balance ?? 0,
    entryAmount: o.entry_amount ?? null,
    documentAmount: o.document_amount ?? null,
    totalCharges: o.total_charges ?? null,
    orderItems: items,
    productsOrder: (o.products_order ?? []).map((p) => camelKeys(p)) as typeof orders.$inferInsert.productsOrder,
    productsId: [...new Set((o.products_id ?? items.map((it) => it.sellerSku ?? "").filter(Boolean)).map((s) => s.trim().toUpperCase()))],
    publicationsId: [...new Set((o.publications_id ?? items.map((it) => it.id)).map((s) => s.trim().toUpperCase()))],
    saleDetail: camelKeys(o.sale_detail),
    manualDelivered: camelKeys(o.manual_delivered),
    invoiceDisabled: o.invoice_disabled ?? false,
    estimatedHandlingLimit: o.estimated_handling_limit ?? null,
    collectionDay: o.collection_day ?? null,
    buyerId: o.buyer_id ?? null,
    buyerNickname: o.buyer_nickname ?? null,
    upstreamUpdatedAt: o.updated_at,
    updatedAt: now,
  };
}

/** A newer upstream version than the one applied last (or a row no feed has written yet). */
const newerThan = (
  column:
    | typeof orders.upstreamUpdatedAt
    | typeof questions.upstreamUpdatedAt
    | typeof publications.upstreamUpdatedAt
    | typeof invoiceFeedback.upstreamUpdatedAt,
): SQL => or(isNull(column), lt(column, excluded(column)))!;

export async function applyOrders(tx: Tx, records: UpstreamOrder[], account: "main" | "brand", now = new Date()): Promise<number> {
  const rows = records.map((o) => orderRow(o, account, now));
  const staff = new Set<string>(ORDER_STAFF_FIELDS);
  const upstreamOwned = Object.entries(orders)
    .filter(
      ([key, col]) =>
        key !== "id" && key !== "version" && !staff.has(key) && typeof col === "object" && col !== null && "name" in col && key in rows[0],
    )
    .map(([key, col]) => [key, excluded(col as { name: string })] as const);
  const changed = await tx
    .insert(orders)
    .values(rows)
    .onConflictDoUpdate({
      target: orders.id,
      // version is the staff edit's stale-save check: an upstream change to other fields does not bump it.
      set: Object.fromEntries(upstreamOwned),
      setWhere: newerThan(orders.upstreamUpdatedAt),
    })
    .returning({ id: orders.id });
  return changed.length;
}

// ------------------------------------------------------------------ questions

export async function applyQuestions(tx: Tx, records: UpstreamQuestion[], now = new Date()): Promise<number> {
  const pubIds = [...new Set(records.map((q) => q.publication).filter((p): p is string => !!p))];
  const known = new Set(
    pubIds.length
      ? (await tx.select({ id: publications.id }).from(publications).where(inArray(publications.id, pubIds))).map((p) => p.id)
      : [],
  );
  const rows = records.map((q) => {
    const answered = q.status.toUpperCase() !== "UNANSWERED";
    return {
      id: Number(q.id),
      status: answered ? q.status : "UNANSWERED",
      message: q.message,
      publicationId: q.publication && known.has(q.publication) ? q.publication : null,
      answer: q.answer ?? null,
      clientId: Number(q.client_id),
      clientNickname: q.client?.nickname ?? "",
      store: q.store?.trim() || null,
      dateCreated: q.date_created,
      answeredAt: q.answered_at ?? (answered ? q.updated_at : null),
      evaluation: q.evaluation ?? null,
      suggestion: q.suggestion ?? null,
      upstreamUpdatedAt: q.updated_at,
      updatedAt: now,
    } satisfies typeof questions.$inferInsert;
  });
  const changed = await tx
    .insert(questions)
    .values(rows)
    .onConflictDoUpdate({
      target: questions.id,
      set: {
        // A question answered here never goes back to UNANSWERED because upstream has not heard yet.
        status: sql`case when ${questions.status} <> 'UNANSWERED' and excluded.status = 'UNANSWERED' then ${questions.status} else excluded.status end`,
        answer: sql`coalesce(excluded.answer, ${questions.answer})`,
        answeredAt: sql`coalesce(excluded.answered_at, ${questions.answeredAt})`,
        message: excluded(questions.message),
        publicationId: sql`coalesce(excluded.publication_id, ${questions.publicationId})`,
        clientNickname: excluded(questions.clientNickname),
        store: excluded(questions.store),
        suggestion: sql`coalesce(excluded.suggestion, ${questions.suggestion})`,
        upstreamUpdatedAt: excluded(questions.upstreamUpdatedAt),
        updatedAt: excluded(questions.updatedAt),
        // evaluation and the draft are staff's (the outbox PATCHes evaluation upstream).
      },
      setWhere: newerThan(questions.upstreamUpdatedAt),
    })
    .returning({ id: questions.id });
  return changed.length;
}

// ------------------------------------------------------------------ conversations (messages)

/** A conversation record as the messages' import reads pending conversations (one code path for both). */
export function pendingFromConversation(c: UpstreamConversation): PendingConversation {
  return {
    orderId: c.order_id,
    account: c.store?.trim() && !["meli1", "meli 1", "main"].includes(c.store.trim().toLowerCase()) ? "brand" : "main",
    clientId: Number(c.client_id),
    sellerId: Number(c.seller_id),
    status: c.status ?? "active",
    lastMessageDate: c.date_updated.toISOString(),
    messages: c.conversation.map((m) => ({
      id: m.id,
      text: m.text ?? "",
      fromSeller: m.from.user_id === c.seller_id,
      fromUserId: Number(m.from.user_id),
      date: m.message_date.created.toISOString(),
      attachments: (m.message_attachments ?? []).map((a) => ({
        filename: a.filename,
        originalFilename: a.original_filename ?? a.filename,
      })),
    })),
  };
}

export async function applyConversations(tx: Tx, records: UpstreamConversation[]): Promise<number> {
  const result = await savePendingConversations(tx, records.map(pendingFromConversation), null);
  await rememberUpstreamConversations(tx, records);
  return result.messages + result.created;
}

/**
 * Keeps the back end's id of each conversation (the priority PATCH goes to items/messages/{id}) and,
 * from a version newer than the one applied last, the priority flag it holds: the job
 * "message-priority" sends only a flag that differs from it.
 */
async function rememberUpstreamConversations(tx: Tx, records: UpstreamConversation[]) {
  if (records.length === 0) return;
  const rows = records.map((r) => ({ id: r.id, order_id: r.order_id, priority: r.priority ?? null, at: r.date_updated.toISOString() }));
  await tx.execute(sql`
    update conversations c
       set upstream_id = v.id,
           upstream_priority = case when c.upstream_updated_at is null or v.at > c.upstream_updated_at
                                    then coalesce(v.priority, c.upstream_priority) else c.upstream_priority end,
           upstream_updated_at = greatest(c.upstream_updated_at, v.at)
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id text, order_id bigint, priority boolean, at timestamptz)
     where c.order_id = v.order_id or c.pack_id = v.order_id`);
}

// ------------------------------------------------------------------ publications

/** Fields of a publication staff own here (the editor, the sync switches; PATCHed upstream by the outbox). */
export const PUBLICATION_UPSTREAM_FIELDS = [
  "status",
  "soldQuantity",
  "visits",
  "lastSyncUp",
  "lastSyncDown",
  "permalink",
  "stockNow",
  "stockLater",
] as const;

/** A publication's (or a variation's) linked products as the app keeps them: SKUs upper-cased. */
export function linkedProductsOf(list: UpstreamPublication["linked_products"]) {
  return (list ?? []).map((lp) => ({
    sku: (lp.sku ?? lp.id ?? "").trim().toUpperCase(),
    name: lp.name ?? "",
    intelisisName: lp.intelisis_name ?? null,
    price: lp.price ?? 0,
    stock: lp.stock ?? 0,
    qty: lp.qty ?? 1,
    discount: lp.discount ?? 0,
    warehouses: lp.warehouses ?? undefined,
  }));
}

export async function applyPublications(tx: Tx, records: UpstreamPublication[]): Promise<number> {
  const rows = records.map((p) => {
    const linked = linkedProductsOf(p.linked_products);
    return {
      id: p.id,
      title: p.title,
      permalink: p.permalink ?? null,
      price: p.price ?? 0,
      autosync: p.autosync ?? false,
      priceSync: p.price_sync ?? false,
      stockSync: p.stock_sync ?? false,
      ownPost: p.own_post ?? true,
      listingType: p.listing_type ?? "gold_special",
      logisticType: p.logistic_type ?? null,
      linkedProducts: linked.filter((lp) => lp.sku),
      linkedProductsString: linked
        .map((lp) => lp.sku)
        .filter(Boolean)
        .join(" "),
      syncWarehouses: p.sync_warehouses ?? [],
      categoryId: p.category_id ?? null,
      status: p.status ?? "active",
      mlStore: p.ml_store ?? null,
      officialStore: p.officialStore ?? null,
      channels: p.channels ?? ["marketplace"],
      soldQuantity: p.sold_quantity ?? 0,
      visits: p.visits ?? 0,
      stockNow: p.stock_now ?? 0,
      stockLater: p.stock_later ?? 0,
      lastSyncUp: p.last_sync_up ?? null,
      lastSyncDown: p.last_sync_down ?? null,
      lastUpdate: p.last_update,
      createdAt: p.created_at ?? p.last_update,
      upstreamUpdatedAt: p.last_update,
    } satisfies typeof publications.$inferInsert;
  });
  const changed = await tx
    .insert(publications)
    .values(rows)
    .onConflictDoUpdate({
      target: publications.id,
      set: {
        ...Object.fromEntries(PUBLICATION_UPSTREAM_FIELDS.map((key) => [key, excluded(publications[key])])),
        upstreamUpdatedAt: excluded(publications.upstreamUpdatedAt),
      },
      setWhere: newerThan(publications.upstreamUpdatedAt),
    })
    .returning({ id: publications.id });
  return changed.length;
}

// ------------------------------------------------------------------ ERP figures of products

/**
 * The ERP's figures of the products the catalogue has (stock per warehouse, price lists, currency,
 * ERP name). A SKU the catalogue does not have is not created: products are made by staff (or the
 * first import). Only a product whose figures differ is written, so a re-read changes nothing.
 */
export async function applyErpArticles(tx: Tx, records: UpstreamErpArticle[], now = new Date()): Promise<number> {
  const payload = records.map((a) => ({
    sku: a.id.toUpperCase(),
    stock_total: a.stock_total ?? (a.stocks ? a.stocks.reduce((sum, s) => sum + s.qty, 0) : null),
    stocks: a.stocks ?? null,
    precio2: a.precio2 ?? null,
    precio3: a.precio3 ?? null,
    moneda: a.monedaprecio ?? null,
    intelisis_name: a.intelisis_name ?? null,
  }));
  const changed = (await tx.execute(sql`
    update products p
       set stock_total = coalesce(a.stock_total, p.stock_total),
           stocks = coalesce(a.stocks, p.stocks),
           precio2 = coalesce(a.precio2, p.precio2),
           precio3 = coalesce(a.precio3, p.precio3),
           moneda_precio = coalesce(a.moneda, p.moneda_precio),
           intelisis_name = coalesce(a.intelisis_name, p.intelisis_name),
           erp_synced_at = ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb)
           as a(sku text, stock_total int, stocks jsonb, precio2 numeric, precio3 numeric, moneda text, intelisis_name text)
     where upper(p.id) = a.sku
       and (p.stock_total, p.stocks, p.precio2, p.precio3, p.moneda_precio, coalesce(p.intelisis_name, ''))
           is distinct from
           (coalesce(a.stock_total, p.stock_total), coalesce(a.stocks, p.stocks), coalesce(a.precio2, p.precio2),
            coalesce(a.precio3, p.precio3), coalesce(a.moneda, p.moneda_precio), coalesce(a.intelisis_name, p.intelisis_name, ''))
    returning p.id`)) as unknown as { rows: unknown[] };
  return changed.rows.length;
}

// ------------------------------------------------------------------ invoice feedback

/** The tax data as the screen reads it (InvoiceData of the marketplace port), every field text. */
const INVOICE_DATA_FIELDS = [
  "name",
  "rfc",
  "address",
  "phone",
  "email",
  "zip_code",
  "country",
  "state",
  "city",
  "colony",
  "way_payment",
  "payment_method",
  "tax_regime",
  "cfdi",
] as const;

/** Every field is the back end's: a record replaces the copy when it is newer than the one applied. */
export async function applyInvoiceFeedback(tx: Tx, records: UpstreamInvoiceFeedback[]): Promise<number> {
  // One row per id and page: the newest version wins (a page may list a record twice while it moves).
  const newest = new Map<string, UpstreamInvoiceFeedback>();
  for (const r of records) if (!newest.has(r.id) || newest.get(r.id)!.date_updated < r.date_updated) newest.set(r.id, r);
  if (newest.size === 0) return 0;
  const rows = [...newest.values()].map((r): typeof invoiceFeedback.$inferInsert => ({
    id: r.id,
    permalink: r.permalink ?? "",
    dateCreated: r.date_created,
    errorInfo: r.error_info ?? "",
    invoiceData: Object.fromEntries(INVOICE_DATA_FIELDS.map((k) => [k, r.invoice_data?.[k] ?? ""])),
    feedbacks: (r.feedbacks ?? []).map((f) => ({ id: f.id, dateCreated: f.date_created.toISOString(), errorInfo: f.error_info ?? "" })),
    upstreamUpdatedAt: r.date_updated,
  }));
  const changed = await tx
    .insert(invoiceFeedback)
    .values(rows)
    .onConflictDoUpdate({
      target: invoiceFeedback.id,
      set: {
        permalink: excluded(invoiceFeedback.permalink),
        dateCreated: excluded(invoiceFeedback.dateCreated),
        errorInfo: excluded(invoiceFeedback.errorInfo),
        invoiceData: excluded(invoiceFeedback.invoiceData),
        feedbacks: excluded(invoiceFeedback.feedbacks),
        upstreamUpdatedAt: excluded(invoiceFeedback.upstreamUpdatedAt),
      },
      setWhere: newerThan(invoiceFeedback.upstreamUpdatedAt),
    })
    .returning({ id: invoiceFeedback.id });
  return changed.length;
}

// ------------------------------------------------------------------ the list

/** Every collection feed, built from the environment (the brand account's collection follows BRAND_NAME). */
export function collectionFeeds(): Array<CollectionFeed<unknown>> {
  const brandSegment = brandSegmentFrom(getEnv().BRAND_NAME);
  const ordersFeed = (name: FeedName, account: "main" | "brand"): CollectionFeed<UpstreamOrder> => {
    const collection = ordersCollection(account, brandSegment);
    return {
      name,
      collection,
      changedField: changedFieldOf(collection),
      schema: upstreamOrder,
      apply: (tx, records) => applyOrders(tx, records, account),
    };
  };
  const feeds = [
    ordersFeed("orders-main", "main"),
    ordersFeed("orders-brand", "brand"),
    {
      name: "questions",
      collection: "questions",
      changedField: changedFieldOf("questions"),
      schema: upstreamQuestion,
      apply: (tx, records) => applyQuestions(tx, records),
    } satisfies CollectionFeed<UpstreamQuestion>,
    {
      name: "messages",
      collection: "messages",
      changedField: changedFieldOf("messages"),
      schema: upstreamConversation,
      apply: applyConversations,
      pageSize: 100,
    } satisfies CollectionFeed<UpstreamConversation>,
    {
      name: "publications",
      collection: "mercadolibre_posts",
      changedField: changedFieldOf("mercadolibre_posts"),
      schema: upstreamPublication,
      apply: applyPublications,
    } satisfies CollectionFeed<UpstreamPublication>,
    {
      name: "erp-articles",
      collection: "products",
      changedField: changedFieldOf("products"),
      schema: upstreamErpArticle,
      apply: (tx, records) => applyErpArticles(tx, records),
      pageSize: 500,
    } satisfies CollectionFeed<UpstreamErpArticle>,
    {
      name: "invoice-feedback",
      collection: "feedback_invoices",
      changedField: changedFieldOf("feedback_invoices"),
      schema: upstreamInvoiceFeedback,
      apply: applyInvoiceFeedback,
    } satisfies CollectionFeed<UpstreamInvoiceFeedback>,
  ];
  return feeds as Array<CollectionFeed<unknown>>;
}
