/**
 * The marketplace (Mercado Libre) as the back office sees it: every call under
 * custom/legacy-mercadolibre/*, plus the fee-rate list items/mercadolibre_categories.
 *
 * The company sells through two marketplace accounts. Calls the old app sent to a second,
 * brand-named path ({product}/question, {product}/updatePremium/…) take `account: "brand"`;
 * `"main"` is the general account.
 */

export type MarketplaceAccount = "main" | "brand";
export type ListingType = "gold_special" | "gold_pro";
export type Channel = "marketplace" | "mshops";

// ------------------------------------------------------------------ publications

export type LinkedProductRef = { sku: string; qty: number; discount: number };

export type PublishInput = {
  /** Existing marketplace id to update; absent to create a listing. */
  id?: string | null;
  account: MarketplaceAccount;
  /**
   * The official store the listing is sold under (spec 1 §1: 5139 the brand's own, on the brand
   * account; 4981 SE Residencial and 4979 Square D, on the main one); null for the account itself (Meli 1).
   */
  officialStoreId: string | null;
  title: string;
  description: string;
  categoryId: string;
  listingType: ListingType;
  /** Category attributes filled in the form (required/catalog_required ones included). */
  attributes: Array<{ id: string; valueName: string }>;
  /** Variation attributes (allow_variations), e.g. COLOR. */
  categoryVariations: Array<{ id: string; valueName: string }>;
  /** Price to publish. */
  cost: number;
  linkedProducts: LinkedProductRef[];
  channels: Channel[];
  syncWarehouses: string[];
  autosync: boolean;
  priceSync: boolean;
  stockSync: boolean;
  pictures: string[];
  /** App user id of whoever saved it. */
  userId: number;
};

export type PublishResult = { id: string; permalink: string; status: string; price: number; listingType: ListingType };

// ------------------------------------------------------------------ categories and fees

export type CategoryPrediction = {
  categoryId: string;
  categoryName: string;
  domainName: string;
  pathFromRoot: Array<{ id: string; name: string }>;
};

/** A category as the tree names it (a subcategory, a top category, a step of a path). */
export type CategoryNode = { id: string; name: string };

export type CategoryDetail = {
  id: string;
  name: string;
  pathFromRoot: CategoryNode[];
  /** Its subcategories (`children_categories`); none for a final category, the only kind a listing takes. */
  children: CategoryNode[];
};

export type CategoryAttribute = {
  id: string;
  name: string;
  /** Tagged `required`: must be filled to publish. */
  required: boolean;
  /** Tagged `catalog_required`: also must be filled. */
  catalogRequired: boolean;
  /** Tagged `allow_variations`: a variation attribute (colour, light temperature…). */
  allowVariations: boolean;
  valueType: string;
  values: Array<{ id: string; name: string }>;
  allowedUnits: string[];
};

export type CommissionCost = { saleFeeAmount: number; percentageFee: number | null; fixedFee: number | null };

/** items/mercadolibre_categories: fee rates per category for quoting. */
export type FeeCategory = { title: string; goldPro: number; goldSpecial: number };

export type PublicationSalesRow = { id: string; title: string; sales: number; visits: number };

// ------------------------------------------------------------------ orders

export type ShippingScheduleEntry = {
  /** Order-side logistic type (cross_docking, drop_off, xd_drop_off…). */
  logisticType: string;
  /** Orders paid before this local time (HH:mm, America/Mexico_City) go out the same day. */
  cutoff: string;
  /** Carrier pick-up or drop-off window (HH:mm). */
  windowFrom: string;
  windowTo: string;
  /** ISO weekdays (1 = Monday) the window applies. */
  weekdays: number[];
};

export type ShipmentLabel =
  | { kind: "pdf"; data: Buffer; filename: string }
  /** Some legacy answers hand back the marketplace's own label URL instead of the file. */
  | { kind: "url"; url: string };

export type OrderSyncInfo = {
  orderId: string;
  orderStatus: string;
  /** The status history after the sync, oldest first (what the app stores comma-joined). */
  statusHistory: string[];
  shipmentId: number | null;
  shipmentStatus: string | null;
  trackingNumber: string | null;
};

export type BuyerInfo = { orderId: string; buyerId: number | null; firstName: string; lastName: string; nickname: string };

export type CustomerSummaryRow = { buyerId: number | null; nickname: string; name: string; orders: number; total: number };
export type OrderSummaryRow = { day: string; orders: number; units: number; total: number; cancelled: number };
export type SalesReportRow = {
  orderId: string;
  date: string;
  account: MarketplaceAccount;
  title: string;
  sku: string | null;
  qty: number;
  total: number;
  status: string;
  logisticType: string | null;
};

// ------------------------------------------------------------------ questions and messages

export type AnswerResult = { questionId: number; status: "ANSWERED"; answeredAt: string };

export type ConversationMessage = {
  id: string;
  text: string;
  fromUserId: number;
  fromSeller: boolean;
  date: string;
  attachments: Array<{ filename: string; originalFilename: string }>;
};

export type PendingConversation = {
  orderId: string;
  account: MarketplaceAccount;
  clientId: number | null;
  sellerId: number;
  /** 'active' allows replying. */
  status: string;
  lastMessageDate: string;
  messages: ConversationMessage[];
};

/** A file to send, on disk: adapters stream it from `path` and never read it whole into memory. */
export type OutgoingFile = { name: string; type: string; size: number; path: string };

export type SendMessageInput = {
  account: MarketplaceAccount;
  orderId: string;
  message: string;
  /** App user id. */
  updatedBy: number;
  /** Buyer id (the main account's endpoint needs it). */
  clientId: number | null;
  file?: OutgoingFile | null;
};

export type SendMessageResult = { sentAt: string; attachment: { filename: string; originalFilename: string } | null };

// ------------------------------------------------------------------ invoice feedback

export type InvoiceFeedbackQuery = { search?: string; startDate?: string; endDate?: string; limit?: number; offset?: number };

export type InvoiceData = {
  name: string;
  rfc: string;
  address: string;
  phone: string;
  email: string;
  zipCode: string;
  country: string;
  state: string;
  city: string;
  colony: string;
  wayPayment: string;
  paymentMethod: string;
  taxRegime: string;
  cfdi: string;
};

export type InvoiceFeedbackRecord = {
  /** The sale id. */
  id: string;
  /** The {product}_order field: the app order it belongs to. */
  orderId: string;
  permalink: string;
  dateCreated: string;
  /** SUCCESSFUL (shown Finalizada) or the raw error text the screen maps to a message. */
  errorInfo: string;
  invoiceData: InvoiceData;
  /** Newest first; dates are ISO instants (UTC). */
  feedbacks: Array<{ id: number; dateCreated: string; errorInfo: string }>;
};

// ------------------------------------------------------------------ the port

export interface MarketplacePort {
  /** POST custom/legacy-mercadolibre/publicationML: creates or updates the listing. */
  publish(input: PublishInput): Promise<PublishResult>;
  /** POST custom/legacy-mercadolibre/updatePublication */
  updatePublication(input: { id: string; store: string | null }): Promise<void>;
  /** POST custom/legacy-mercadolibre/updateDescription */
  updateDescription(input: { id: string; description: string; store: string | null }): Promise<void>;
  /** POST custom/legacy-mercadolibre/syncPost: pushes price/stock of a listing now. */
  syncPost(input: { id: string }): Promise<{ id: string; syncedAt: string }>;
  /** POST custom/legacy-mercadolibre/updatePremium/{id} (or {product}/updatePremium/{id}). */
  updatePremium(input: { id: string; account: MarketplaceAccount }): Promise<{ id: string; listingType: ListingType }>;
  /** POST custom/legacy-mercadolibre/reportPublications */
  reportPublications(input: { start: string; end: string; mlStore: "Meli1" | "Oficiales" }): Promise<PublicationSalesRow[]>;

  /** POST custom/legacy-mercadolibre/categoryPredictor */
  predictCategory(title: string): Promise<CategoryPrediction[]>;
  /** GET custom/legacy-mercadolibre/categoryDetail/{categoryId}; null when unknown. */
  getCategoryDetail(categoryId: string): Promise<CategoryDetail | null>;
  /** Our path (spec: not shown): GET custom/legacy-mercadolibre/categories: the top categories of the tree. */
  listRootCategories(): Promise<CategoryNode[]>;
  /** GET custom/legacy-mercadolibre/categoryAttributes/{categoryId}; null when unknown. */
  getCategoryAttributes(categoryId: string): Promise<CategoryAttribute[] | null>;
  /** POST custom/legacy-mercadolibre/commissionCost; null when the category is unknown. */
  getCommissionCost(input: { categoryId: string; price: number; listingType: ListingType }): Promise<CommissionCost | null>;
  /** GET items/mercadolibre_categories */
  listFeeCategories(): Promise<FeeCategory[]>;

  /** GET custom/legacy-mercadolibre/schedule */
  getSchedule(): Promise<ShippingScheduleEntry[]>;
  /** GET custom/legacy-mercadolibre/orders/shipment_label/{orderId} (or {product}/orders/…). */
  getShipmentLabel(input: { orderId: string; account: MarketplaceAccount }): Promise<ShipmentLabel>;
  /** GET custom/legacy-mercadolibre/orders/syncInfo/{orderId} (or {product}/orders/…); null when unknown. */
  syncOrderInfo(input: { orderId: string; account: MarketplaceAccount }): Promise<OrderSyncInfo | null>;
  /** POST custom/legacy-mercadolibre/dataClients: buyers of the given orders, per account. */
  lookupClients(orderIds: string[]): Promise<{ main: BuyerInfo[]; brand: BuyerInfo[] }>;
  /** Our path (spec: not shown): GET custom/legacy-mercadolibre/reports/customers?month=YYYY/MM */
  monthlyCustomerSummary(month: string): Promise<CustomerSummaryRow[]>;
  /** Our path (spec: not shown): GET custom/legacy-mercadolibre/reports/orders?month=YYYY/MM */
  monthlyOrderSummary(month: string): Promise<OrderSummaryRow[]>;
  /** Our path (spec: not shown): GET custom/legacy-mercadolibre/reports/sales?start&end (YYYY/MM/DD) */
  salesReport(input: { start: string; end: string }): Promise<SalesReportRow[]>;
  /** Our path (spec: not shown): POST custom/legacy-mercadolibre/sendPackage (or {product}/sendPackage). */
  sendPackage(input: { orderId: string; account: MarketplaceAccount }): Promise<{ orderId: string; shipmentStatus: string }>;

  /** POST custom/legacy-mercadolibre/question (or {product}/question) */
  answerQuestion(input: { account: MarketplaceAccount; questionId: number; message: string; updatedBy: number }): Promise<AnswerResult>;
  /** POST custom/legacy-mercadolibre/blockUser (or {product}/blockUser) */
  blockUser(input: { account: MarketplaceAccount; questionId: number; clientId: number }): Promise<void>;
  /** POST custom/legacy-mercadolibre/deleteQuestion (or {product}/deleteQuestion) */
  deleteQuestion(input: { account: MarketplaceAccount; questionId: number }): Promise<void>;

  /** GET custom/legacy-mercadolibre/pendingMessages */
  listPendingMessages(): Promise<PendingConversation[]>;
  /** POST custom/legacy-mercadolibre/messages (or {product}/message), multipart with the optional file. */
  sendMessage(input: SendMessageInput): Promise<SendMessageResult>;

  /** GET custom/legacy-mercadolibre/feedbackInvoice */
  listInvoiceFeedback(input: InvoiceFeedbackQuery): Promise<{ data: InvoiceFeedbackRecord[]; total: number }>;
  /** GET custom/legacy-mercadolibre/dataInvoice: the fallback the screen uses when feedbackInvoice fails. */
  listInvoiceData(input: InvoiceFeedbackQuery): Promise<{ data: InvoiceFeedbackRecord[]; total: number }>;
}
