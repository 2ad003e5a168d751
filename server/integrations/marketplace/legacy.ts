/** The marketplace back end's wire format and its translation to the port's domain types. */
import { z } from "zod";
import { dataOrSelf, itemsData, legacyBoolean, legacyNumber, legacyOptionalText, legacyText } from "../http/legacy-zod";
import type {
  BuyerInfo,
  CategoryAttribute,
  CategoryDetail,
  CategoryNode,
  CategoryPrediction,
  CommissionCost,
  ConversationMessage,
  CustomerSummaryRow,
  FeeCategory,
  InvoiceFeedbackRecord,
  ListingType,
  OrderSummaryRow,
  OrderSyncInfo,
  PendingConversation,
  PublicationSalesRow,
  PublishResult,
  SalesReportRow,
  ShippingScheduleEntry,
} from "./port";

const listingType = legacyText.transform((v): ListingType => (v === "gold_pro" ? "gold_pro" : "gold_special"));

const countMeta = z
  .object({ total_count: legacyNumber.optional(), filter_count: legacyNumber.optional(), total: legacyNumber.optional() })
  .nullish();

export const publishAnswerSchema = dataOrSelf(
  z
    .object({
      id: legacyText.pipe(z.string().min(1)),
      permalink: legacyText,
      status: legacyText,
      price: legacyNumber,
      listing_type_id: listingType.optional(),
      listing_type: listingType.optional(),
    })
    .transform((p): PublishResult => ({
      id: p.id,
      permalink: p.permalink,
      status: p.status || "active",
      price: p.price,
      listingType: p.listing_type_id ?? p.listing_type ?? "gold_special",
    })),
);

export const syncPostAnswerSchema = dataOrSelf(
  z.object({ last_sync_up: legacyOptionalText.optional() }).passthrough().nullable(),
).transform((v) => v?.last_sync_up ?? null);

export const premiumAnswerSchema = dataOrSelf(
  z.object({ listing_type_id: listingType.optional(), listing_type: listingType.optional() }).passthrough().nullable(),
).transform((v): ListingType => v?.listing_type_id ?? v?.listing_type ?? "gold_pro");

export const publicationSalesSchema = dataOrSelf(
  z.array(
    z
      .object({ id: legacyText, title: legacyText, sales: legacyNumber.nullish(), visits: legacyNumber.nullish() })
      .transform((r): PublicationSalesRow => ({ id: r.id, title: r.title, sales: r.sales ?? 0, visits: r.visits ?? 0 })),
  ),
);

const pathSchema = z.array(z.object({ id: legacyText, name: legacyText }));

const predictionSchema = z
  .object({
    category_id: legacyText.pipe(z.string().min(1)),
    category_name: legacyText,
    domain_name: legacyText.optional(),
    path_from_root: pathSchema.nullish(),
  })
  .transform((p): CategoryPrediction => ({
    categoryId: p.category_id,
    categoryName: p.category_name,
    domainName: p.domain_name || p.category_name,
    pathFromRoot: p.path_from_root ?? [],
  }));

export const predictionAnswerSchema = dataOrSelf(z.union([z.array(predictionSchema), predictionSchema, z.null()])).transform((v) =>
  v === null ? [] : Array.isArray(v) ? v : [v],
);

/** A category as Mercado Libre's category API names it (children_categories, the top of the tree). */
const categoryNodeSchema = z
  .object({ id: legacyText.pipe(z.string().min(1)), name: legacyText })
  .transform((c): CategoryNode => ({ id: c.id, name: c.name }));

export const categoryDetailSchema = dataOrSelf(
  z
    .object({
      id: legacyText.pipe(z.string().min(1)),
      name: legacyText,
      path_from_root: pathSchema.nullish(),
      // Mercado Libre's own category answer lists the subcategories; none (or absent) is a final category.
      children_categories: z.array(categoryNodeSchema).nullish(),
    })
    .transform((c): CategoryDetail => ({
      id: c.id,
      name: c.name,
      pathFromRoot: c.path_from_root ?? [{ id: c.id, name: c.name }],
      children: c.children_categories ?? [],
    })),
);

/** Our shape (spec: not shown): the top categories, as a list of `{ id, name }`. */
export const rootCategoriesSchema = dataOrSelf(z.array(categoryNodeSchema));

const unitSchema = z
  .union([legacyText, z.object({ id: legacyText.optional(), name: legacyText })])
  .transform((u) => (typeof u === "string" ? u : u.name));

export const categoryAttributeSchema = z
  .object({
    id: legacyText.pipe(z.string().min(1)),
    name: legacyText,
    tags: z
      .object({
        required: legacyBoolean.optional(),
        catalog_required: legacyBoolean.optional(),
        allow_variations: legacyBoolean.optional(),
      })
      .passthrough()
      .nullish(),
    value_type: legacyText.optional(),
    values: z.array(z.object({ id: legacyText, name: legacyText })).nullish(),
    allowed_units: z.array(unitSchema).nullish(),
  })
  .transform((a): CategoryAttribute => ({
    id: a.id,
    name: a.name,
    required: a.tags?.required ?? false,
    catalogRequired: a.tags?.catalog_required ?? false,
    allowVariations: a.tags?.allow_variations ?? false,
    valueType: a.value_type || "string",
    values: a.values ?? [],
    allowedUnits: a.allowed_units ?? [],
  }));

export const categoryAttributesAnswerSchema = dataOrSelf(z.array(categoryAttributeSchema));

export const commissionAnswerSchema = dataOrSelf(
  z.union([
    legacyNumber.transform((n): CommissionCost => ({ saleFeeAmount: n, percentageFee: null, fixedFee: null })),
    z
      .object({
        sale_fee_amount: legacyNumber,
        sale_fee_details: z.object({ percentage_fee: legacyNumber.nullish(), fixed_fee: legacyNumber.nullish() }).passthrough().nullish(),
      })
      .transform((c): CommissionCost => ({
        saleFeeAmount: c.sale_fee_amount,
        percentageFee: c.sale_fee_details?.percentage_fee ?? null,
        fixedFee: c.sale_fee_details?.fixed_fee ?? null,
      })),
  ]),
);

export const feeCategoriesSchema = itemsData(
  z.array(
    z
      .object({ title: legacyText, gold_pro: legacyNumber.nullish(), gold_special: legacyNumber.nullish() })
      .transform((c): FeeCategory => ({ title: c.title, goldPro: c.gold_pro ?? 0, goldSpecial: c.gold_special ?? 0 })),
  ),
);

const weekdays = z
  .union([z.array(legacyNumber), legacyText])
  .transform((d) => (Array.isArray(d) ? d : d.split(",").map(Number)).filter((n) => Number.isInteger(n) && n >= 1 && n <= 7));

export const scheduleAnswerSchema = dataOrSelf(
  z.array(
    z
      .object({ logistic_type: legacyText, cutoff: legacyText, from: legacyText, to: legacyText, days: weekdays.nullish() })
      .transform((s): ShippingScheduleEntry => ({
        logisticType: s.logistic_type,
        cutoff: s.cutoff,
        windowFrom: s.from,
        windowTo: s.to,
        weekdays: s.days ?? [1, 2, 3, 4, 5],
      })),
  ),
);

/** A label answer that is not the PDF itself: `{ url }` pointing at the marketplace's label. */
export const labelUrlSchema = dataOrSelf(z.object({ url: z.string().url() }));

export const syncInfoAnswerSchema = dataOrSelf(
  z.object({
    id: legacyText.optional(),
    order_status: legacyText,
    status: z.union([z.array(legacyText), legacyText]).nullish(),
    shipment_id: legacyNumber.nullish(),
    shipment_status: legacyOptionalText.optional(),
    tracking_number: legacyOptionalText.optional(),
  }),
);

export function toSyncInfo(orderId: string, v: z.output<typeof syncInfoAnswerSchema>): OrderSyncInfo {
  const history = Array.isArray(v.status) ? v.status : (v.status ?? "").split(",");
  return {
    orderId: v.id || orderId,
    orderStatus: v.order_status,
    statusHistory: history.map((s) => s.trim()).filter(Boolean),
    shipmentId: v.shipment_id ?? null,
    shipmentStatus: v.shipment_status ?? null,
    trackingNumber: v.tracking_number ?? null,
  };
}

const buyerSchema = z
  .object({
    id: legacyText,
    buyer: z.union([legacyNumber, z.object({ id: legacyNumber }).transform((b) => b.id)]).nullish(),
    first_name: legacyText,
    last_name: legacyText,
    nickname: legacyText,
  })
  .transform((b): BuyerInfo => ({
    orderId: b.id,
    buyerId: b.buyer ?? null,
    firstName: b.first_name,
    lastName: b.last_name,
    nickname: b.nickname,
  }));

/** `{ ordersOther: [...], orders{Brand}: [...] }`: the brand key carries the brand name, so any other `orders…` key counts. */
export const dataClientsAnswerSchema = dataOrSelf(z.record(z.unknown())).transform((record, ctx) => {
  const main: BuyerInfo[] = [];
  const brand: BuyerInfo[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (!key.startsWith("orders")) continue;
    const parsed = z.array(buyerSchema).nullable().safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [key], message: "lista de compradores inválida" });
      return z.NEVER;
    }
    (key === "ordersOther" ? main : brand).push(...(parsed.data ?? []));
  }
  return { main, brand };
});

export const customerSummarySchema = dataOrSelf(
  z.array(
    z
      .object({ buyer_id: legacyNumber.nullish(), nickname: legacyText, name: legacyText, orders: legacyNumber, total: legacyNumber })
      .transform((r): CustomerSummaryRow => ({
        buyerId: r.buyer_id ?? null,
        nickname: r.nickname,
        name: r.name,
        orders: r.orders,
        total: r.total,
      })),
  ),
);

export const orderSummarySchema = dataOrSelf(
  z.array(
    z
      .object({ day: legacyText, orders: legacyNumber, units: legacyNumber, total: legacyNumber, cancelled: legacyNumber.nullish() })
      .transform((r): OrderSummaryRow => ({ day: r.day, orders: r.orders, units: r.units, total: r.total, cancelled: r.cancelled ?? 0 })),
  ),
);

export const salesReportSchema = dataOrSelf(
  z.array(
    z
      .object({
        order_id: legacyText,
        date: legacyText,
        account: legacyText.optional(),
        title: legacyText,
        sku: legacyOptionalText.optional(),
        qty: legacyNumber,
        total: legacyNumber,
        status: legacyText,
        logistic_type: legacyOptionalText.optional(),
      })
      .transform((r): SalesReportRow => ({
        orderId: r.order_id,
        date: r.date,
        account: r.account === "brand" ? "brand" : "main",
        title: r.title,
        sku: r.sku ?? null,
        qty: r.qty,
        total: r.total,
        status: r.status,
        logisticType: r.logistic_type ?? null,
      })),
  ),
);

export const sendPackageAnswerSchema = dataOrSelf(z.object({ shipment_status: legacyText.pipe(z.string().min(1)) }).passthrough());

export const answerQuestionSchema = dataOrSelf(
  z.object({ date_created: legacyOptionalText.optional(), answered_at: legacyOptionalText.optional() }).passthrough().nullable(),
).transform((v) => v?.answered_at ?? v?.date_created ?? null);

const attachmentSchema = z
  .object({ filename: legacyText, original_filename: legacyText.optional() })
  .transform((a) => ({ filename: a.filename, originalFilename: a.original_filename || a.filename }));

const messageSchema = z
  .object({
    id: legacyText,
    text: legacyText,
    from: z.object({ user_id: legacyNumber }),
    message_date: z.union([legacyText, z.object({ created: legacyText, available: legacyOptionalText.optional() })]),
    message_attachments: z.array(attachmentSchema).nullish(),
  })
  .transform((m) => ({
    id: m.id,
    text: m.text,
    fromUserId: m.from.user_id,
    date: typeof m.message_date === "string" ? m.message_date : m.message_date.created,
    attachments: m.message_attachments ?? [],
  }));

const conversationSchema = z
  .object({
    order_id: legacyText.pipe(z.string().min(1)),
    store: legacyOptionalText.optional(),
    client_id: legacyNumber.nullish(),
    seller_id: legacyNumber,
    status: legacyText,
    last_message_date: legacyText,
    conversation: z.array(messageSchema).nullish(),
  })
  .transform((c): PendingConversation => ({
    orderId: c.order_id,
    account: c.store && c.store !== "main" && !/^meli/i.test(c.store) ? "brand" : "main",
    clientId: c.client_id ?? null,
    sellerId: c.seller_id,
    status: c.status || "active",
    lastMessageDate: c.last_message_date,
    messages: (c.conversation ?? []).map((m): ConversationMessage => ({ ...m, fromSeller: m.fromUserId === c.seller_id })),
  }));

export const pendingMessagesSchema = dataOrSelf(z.array(conversationSchema));

export const sendMessageAnswerSchema = dataOrSelf(
  z
    .object({ date: legacyOptionalText.optional(), message_date: legacyOptionalText.optional(), attachment: attachmentSchema.nullish() })
    .passthrough()
    .nullable(),
);

const invoiceDataSchema = z
  .object({
    name: legacyText,
    rfc: legacyText,
    address: legacyText,
    phone: legacyText,
    email: legacyText,
    zip_code: legacyText,
    country: legacyText,
    state: legacyText,
    city: legacyText,
    colony: legacyText,
    way_payment: legacyText,
    payment_method: legacyText,
    tax_regime: legacyText,
    cfdi: legacyText,
  })
  .partial()
  .transform((d) => ({
    name: d.name ?? "",
    rfc: d.rfc ?? "",
    address: d.address ?? "",
    phone: d.phone ?? "",
    email: d.email ?? "",
    zipCode: d.zip_code ?? "",
    country: d.country ?? "",
    state: d.state ?? "",
    city: d.city ?? "",
    colony: d.colony ?? "",
    wayPayment: d.way_payment ?? "",
    paymentMethod: d.payment_method ?? "",
    taxRegime: d.tax_regime ?? "",
    cfdi: d.cfdi ?? "",
  }));

/**
 * The old back end writes timestamps in UTC, sometimes without an offset ("2026-11-20T20:53:39"):
 * those are read as UTC and every date leaves the adapter as an ISO instant.
 */
export function utcInstant(text: string): string {
  const value = text.trim();
  if (!value) return value;
  const withZone = /(?:[zZ]|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value.replace(" ", "T")}Z`;
  const ms = Date.parse(withZone);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : value;
}

/** The record names its order field after the brand ({product}_order): any `…_order` key is taken. */
const feedbackRecordSchema = z
  .object({
    id: legacyText.pipe(z.string().min(1)),
    permalink: legacyText,
    date_created: legacyText,
    error_info: legacyText,
    invoice_data: invoiceDataSchema.nullish(),
    feedbacks: z.array(z.object({ id: legacyNumber, date_created: legacyText, error_info: legacyText })).nullish(),
  })
  .passthrough()
  .transform((r): InvoiceFeedbackRecord => {
    const orderKey = Object.keys(r).find((k) => k.endsWith("_order"));
    const orderValue = orderKey ? (r as Record<string, unknown>)[orderKey] : null;
    return {
      id: r.id,
      orderId: orderValue === null || orderValue === undefined ? r.id : String(orderValue),
      permalink: r.permalink,
      dateCreated: utcInstant(r.date_created),
      errorInfo: r.error_info,
      invoiceData: r.invoice_data ?? invoiceDataSchema.parse({}),
      feedbacks: (r.feedbacks ?? []).map((f) => ({ id: f.id, dateCreated: utcInstant(f.date_created), errorInfo: f.error_info })),
    };
  });

export const invoiceFeedbackAnswerSchema = z
  .object({ data: z.array(feedbackRecordSchema), meta: countMeta, total: legacyNumber.optional() })
  .transform((v) => ({ data: v.data, total: v.meta?.filter_count ?? v.meta?.total_count ?? v.meta?.total ?? v.total ?? v.data.length }));
