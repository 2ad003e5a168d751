/**
 * The records the content back end hands the feeds, in the spec's field names (spec 1 §3, spec 2
 * §3). Upstream data is untrusted: every record is read through one of these schemas, and one that
 * fails is refused with its reason (feed_rejects) instead of being half-written. Fields the app does
 * not keep are ignored; fields it keeps but upstream may omit are optional.
 */
import { z } from "zod";

const text = (max: number) => z.string().max(max);
const optionalText = (max: number) => z.string().max(max).nullish();
/** Ids arrive as numbers or numeric text; kept as digit text (orders exceed 2^53 in places). */
export const digitsId = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,19}$/, "id no numérico"));
export const amount = z
  .union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)])
  .transform(Number)
  .pipe(z.number().finite().min(-1e11).max(1e11));
export const count = z
  .union([z.number(), z.string().regex(/^\d+$/)])
  .transform(Number)
  .pipe(z.number().int().min(0).max(1e9));
/** A moment with its zone (ISO 8601); one without a zone is read as UTC, as the back end stores it. */
export const instant = z.union([z.string().max(40), z.date()]).transform((v, ctx) => {
  const value = typeof v === "string" && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(v.trim()) ? `${v.trim()}Z` : v;
  const date = new Date(value);
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 2000 || date.getUTCFullYear() > 2100) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: "fecha no válida" });
    return z.NEVER;
  }
  return date;
});
export const flag = z
  .union([z.boolean(), z.literal("true"), z.literal("false"), z.literal(1), z.literal(0)])
  .transform((v) => v === true || v === "true" || v === 1);
const jsonObject = z.record(z.unknown());

// ------------------------------------------------------------------ orders ({product}_orders)

export const upstreamOrderItem = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String).pipe(text(40)),
    title: optionalText(500),
    description: optionalText(500),
    price: amount.nullish(),
    regular_price: amount.nullish(),
    qty: count.nullish(),
    quantity: count.nullish(),
    picture: optionalText(2000),
    sale_fee: amount.nullish(),
    variation_id: z.union([z.number(), z.string()]).nullish(),
    seller_sku: optionalText(80),
  })
  .passthrough();

export const upstreamOrder = z.object({
  id: digitsId,
  related_order_id: digitsId.nullish(),
  title: optionalText(500),
  store: optionalText(80),
  order_date: instant,
  updated_at: instant,
  ready_date: instant.nullish(),
  logistic_type: optionalText(40),
  status: optionalText(2000),
  order_status: z.enum(["paid", "success", "cancelled", "confirmed", "payment_required", "payment_in_process", "partially_paid"]),
  active_status: optionalText(20),
  claim_status: optionalText(40),
  shipment_id: z
    .union([
      z.number().int().nonnegative(),
      z
        .string()
        .regex(/^\d{1,15}$/)
        .transform(Number),
    ])
    .nullish(),
  shipment_status: optionalText(40),
  shipment_parcel: z.object({ weight: amount, length: amount, width: amount, height: amount }).nullish(),
  shipping_info: z.record(z.union([z.string().max(500), z.number(), z.null()])).nullish(),
  shipment_info: jsonObject.nullish(),
  payment_info: jsonObject.nullish(),
  intelisis_movement: optionalText(40),
  credit_note: optionalText(40),
  package_manager: optionalText(120),
  comments: optionalText(5000),
  splitted_order: optionalText(200),
  printed_label: flag.nullish(),
  shipping_cost: amount.nullish(),
  shipping_cost_buyer: amount.nullish(),
  shipping_cost_total: amount.nullish(),
  total_amount: amount.nullish(),
  balance: amount.nullish(),
  entry_amount: amount.nullish(),
  document_amount: amount.nullish(),
  total_charges: amount.nullish(),
  order_items: z.array(upstreamOrderItem).max(200).nullish(),
  products_order: z.array(jsonObject).max(200).nullish(),
  products_id: z.array(text(80)).max(400).nullish(),
  publications_id: z.array(text(80)).max(400).nullish(),
  sale_detail: jsonObject.nullish(),
  manual_delivered: jsonObject.nullish(),
  invoice_disabled: flag.nullish(),
  estimated_handling_limit: instant.nullish(),
  collection_day: instant.nullish(),
  buyer_id: z
    .union([
      z.number().int().nonnegative(),
      z
        .string()
        .regex(/^\d{1,15}$/)
        .transform(Number),
    ])
    .nullish(),
  buyer_nickname: optionalText(120),
});
export type UpstreamOrder = z.infer<typeof upstreamOrder>;

// ------------------------------------------------------------------ questions

export const upstreamQuestion = z.object({
  id: digitsId,
  status: text(20),
  message: text(5000),
  publication: z
    .union([z.string().max(40), z.number()])
    .transform(String)
    .nullish(),
  answer: optionalText(5000),
  client_id: digitsId,
  client: z
    .object({ nickname: optionalText(120) })
    .passthrough()
    .nullish(),
  store: optionalText(80),
  date_created: instant,
  updated_at: instant,
  answered_at: instant.nullish(),
  evaluation: z.number().int().min(0).max(100).nullish(),
  suggestion: optionalText(5000),
});
export type UpstreamQuestion = z.infer<typeof upstreamQuestion>;

// ------------------------------------------------------------------ conversations (messages)

export const upstreamConversationEntry = z.object({
  id: z.union([z.string(), z.number()]).transform(String).pipe(text(80).min(1)),
  text: z.string().max(20_000).nullish(),
  from: z.object({ user_id: digitsId }),
  message_date: z.object({ created: instant, available: instant.nullish() }),
  message_attachments: z
    .array(z.object({ filename: text(300), original_filename: optionalText(300), size: count.nullish() }).passthrough())
    .max(20)
    .nullish(),
});

export const upstreamConversation = z.object({
  id: digitsId,
  order_id: digitsId,
  pack_id: digitsId.nullish(),
  order_date: instant,
  order_status: optionalText(40),
  order_info: z
    .object({
      items: z
        .array(
          z.object({
            id: z.union([z.string(), z.number()]).transform(String),
            title: text(500),
            image: optionalText(2000),
            sold: count.nullish(),
          }),
        )
        .max(50),
    })
    .nullish(),
  conversation: z.array(upstreamConversationEntry).max(500),
  store: optionalText(80),
  client_id: digitsId,
  client_info: z
    .object({ nickname: optionalText(120), first_name: optionalText(120), last_name: optionalText(120) })
    .passthrough()
    .nullish(),
  seller_id: digitsId,
  status: optionalText(20),
  /** Urgente: set by this app (the job "message-priority"); read to know what the back end holds. */
  priority: flag.nullish(),
  date_updated: instant,
});
export type UpstreamConversation = z.infer<typeof upstreamConversation>;

// ------------------------------------------------------------------ publications (mercadolibre_posts)

export const upstreamLinkedProduct = z
  .object({
    id: z.string().max(80).nullish(),
    sku: z.string().max(80).nullish(),
    name: optionalText(500),
    intelisis_name: optionalText(500),
    price: amount.nullish(),
    stock: z.number().nullish(),
    qty: amount.nullish(),
    discount: amount.nullish(),
    warehouses: z.array(text(40)).max(40).nullish(),
  })
  .passthrough();

export const upstreamPublication = z.object({
  id: z.string().regex(/^[A-Z]{3}\d{1,15}$/, "id de publicación no válido"),
  title: text(500).min(1),
  permalink: optionalText(2000),
  price: amount.nullish(),
  autosync: flag.nullish(),
  price_sync: flag.nullish(),
  stock_sync: flag.nullish(),
  own_post: flag.nullish(),
  listing_type: optionalText(40),
  logistic_type: optionalText(40),
  linked_products: z.array(upstreamLinkedProduct).max(100).nullish(),
  sync_warehouses: z
    .array(z.union([text(40), z.object({ warehouse: text(40) }).transform((w) => w.warehouse)]))
    .max(40)
    .nullish(),
  category_id: optionalText(40),
  status: optionalText(40),
  ml_store: z
    .union([z.string().max(40), z.number()])
    .transform(String)
    .nullish(),
  officialStore: optionalText(120),
  channels: z.array(text(40)).max(10).nullish(),
  sold_quantity: count.nullish(),
  visits: count.nullish(),
  stock_now: z.number().int().nullish(),
  stock_later: z.number().int().nullish(),
  last_sync_up: instant.nullish(),
  last_sync_down: instant.nullish(),
  last_update: instant,
  created_at: instant.nullish(),
});
export type UpstreamPublication = z.infer<typeof upstreamPublication>;

// ------------------------------------------------------------------ ERP figures of products (items/products)

/**
 * What the legacy back end keeps in items/products from the ERP: stock per warehouse, the two price
 * lists and their currency. The catalogue's other fields are staff's and are not read here.
 */
export const upstreamErpArticle = z.object({
  id: z.string().trim().min(1).max(80),
  stock_total: z
    .union([z.number(), z.string().regex(/^-?\d+$/)])
    .transform(Number)
    .pipe(z.number().int().min(-1e7).max(1e9))
    .nullish(),
  stocks: z
    .array(z.object({ name: text(40), qty: z.number().finite() }))
    .max(60)
    .nullish(),
  precio2: amount.pipe(z.number().min(0)).nullish(),
  precio3: amount.pipe(z.number().min(0)).nullish(),
  monedaprecio: z.enum(["Pesos", "Dolares"]).nullish(),
  intelisis_name: optionalText(500),
  updated_at: instant,
});
export type UpstreamErpArticle = z.infer<typeof upstreamErpArticle>;

// ------------------------------------------------------------------ invoice feedback (feedback_invoices)

const invoiceDataField = optionalText(300).transform((v) => v ?? "");

/** spec 2 §2 "Feedback invoice record": the sale's tax data and the invoicing service's answers. */
export const upstreamInvoiceFeedback = z.object({
  id: digitsId,
  permalink: optionalText(2000),
  date_created: instant,
  error_info: optionalText(4000),
  invoice_data: z
    .object({
      name: invoiceDataField,
      rfc: invoiceDataField,
      address: invoiceDataField,
      phone: invoiceDataField,
      email: invoiceDataField,
      zip_code: invoiceDataField,
      country: invoiceDataField,
      state: invoiceDataField,
      city: invoiceDataField,
      colony: invoiceDataField,
      way_payment: invoiceDataField,
      payment_method: invoiceDataField,
      tax_regime: invoiceDataField,
      cfdi: invoiceDataField,
    })
    .partial()
    .nullish(),
  feedbacks: z
    .array(z.object({ id: count, date_created: instant, error_info: optionalText(4000) }))
    .max(200)
    .nullish(),
  /** The back end's own change stamp (the spec names no such field for this collection). */
  date_updated: instant,
});
export type UpstreamInvoiceFeedback = z.infer<typeof upstreamInvoiceFeedback>;
