/**
 * The ERP ("Intelisis") as the back office sees it: every call under custom/legacy-intelisis/*, plus
 * the ERP client (items/cte) and ERP user (items/intelisis_users) look-ups. Values are camelCase
 * domain types; the legacy snake_case shapes are parsed in the adapters.
 *
 * Failures of the system itself throw IntegrationError. A "not found" the screens handle as an
 * ordinary outcome (unknown movement, unknown credit note, unknown client or article) is a typed
 * result instead.
 */

// ------------------------------------------------------------------ movements (prefacturas)

/** One line of an ERP movement as the order-assignment rules read it. */
export type MovementLine = {
  /** `articulo`, upper-cased. SERV2/SERV10 are service lines the rules exclude from totals. */
  sku: string;
  /** `cantidad` */
  quantity: number;
  /** `precio`: unit price before VAT. */
  price: number;
  /** `cantidadreservada` */
  reservedQuantity: number;
  /** `almacen`: FJ (fulfillment) or 1ML (the other marketplace logistics). */
  warehouse: string;
  /** `cliente`: MLPR for marketplace sales. */
  client: string;
};

export type MovementLookup = { found: false; movement: string } | { found: true; movement: string; lines: MovementLine[] };

export type CreditNoteLine = { sku: string; quantity: number };

export type CreditNoteLookup = { found: false; note: string } | { found: true; note: string; lines: CreditNoteLine[] };

export type CreateInvoiceInput = { orderId: string; movement: string; creditNote?: string | null };
export type CreateInvoiceResult = { folio: string; message: string };

// ------------------------------------------------------------------ articles (Cotizador v3)

export type ErpStock = { warehouse: string; qty: number };

export type ErpArticle = {
  sku: string;
  manufacturerSku: string;
  description: string;
  stockTotal: number;
  stocks: ErpStock[];
  /** Price list 2 (general public) and 3 (distributors), in `currency`. */
  price2: number;
  price3: number;
  currency: "Pesos" | "Dolares";
};

export type ErpSortField = "sku" | "manufacturerSku" | "stockTotal" | "description";

export type ListArticlesInput = {
  /** SKU, manufacturer key or description; a leading "*" matches only at the start of fields. */
  search?: string;
  page?: number;
  sortName?: ErpSortField;
  sortValue?: "ASC" | "DESC";
};

export type Paged<T> = { data: T[]; meta: { limit: number; page: number; total: number }; message?: string | null };

export type SyncSkuResult = { sku: string; message: string };

// ------------------------------------------------------------------ clients and users

export type ErpPriceList = "Precio 2" | "Precio 3";

export type ErpClient = {
  /** `cliente`: the ERP key ("V" is the counter sale client VENTA MOSTRADOR). */
  key: string;
  name: string;
  rfc: string;
  priceList: ErpPriceList;
  email: string | null;
  phones: string | null;
};

export type ErpUser = {
  /** `usuario`: the ERP user/agent key. */
  user: string;
  name: string;
  department: string;
  warehouses: string[];
};

// ------------------------------------------------------------------ quotations and point of sale

export type ErpDocumentItem = { sku: string; price: number; qty: number; subtotal: number };

export type CreateQuotationInput = {
  /** ERP user (agent) creating it. */
  user: string;
  warehouse: string;
  client: string;
  priceList: ErpPriceList;
  items: ErpDocumentItem[];
  /** `quoationId`: the quotation date as YYMMDD (the legacy field name has that typo). */
  quotationId: string;
  /**
   * Our quote number (COT-…), sent as the movement's reference so that a retry after a lost answer
   * can find the quotation already created (getMovementsInfo) instead of creating it twice.
   */
  reference?: string;
};

/** mov/movid/ultimocambio: one step of an ERP document chain (Pedido → Factura…). */
export type ErpMovementInfo = { mov: string; movId: string; lastChange: string };

export type CreatePdvQuotationInput = {
  /** PDV-{sale id} S-{session id} */
  reference: string;
  agent: string | null;
  warehouse: string;
  /** "V" (VENTA MOSTRADOR) unless the sale is for a registered client. */
  client: string;
  items: ErpDocumentItem[];
  total: number;
  paymentWay: string;
  paymentCondition: "CONTADO" | "CREDITO";
};

export type SurtidoLine = {
  lineId: number;
  sku: string;
  location: string;
  stock: number;
  pendingQty: number;
  selectedQty: number;
  message: string;
};

export type SurtidoRecord = { id: number; registeredAt: string; date: string; lines: SurtidoLine[] };

// ------------------------------------------------------------------ dollar rate

/** Pesos per dollar as the ERP has it (articles priced in Dolares are converted with it). */
export type DollarRate = {
  rate: number;
  /** When the ERP last set it (ISO 8601, UTC); null when it does not say. */
  updatedAt: string | null;
};

// ------------------------------------------------------------------ the port

export interface ErpPort {
  /** GET custom/legacy-intelisis/validateMovement/{movement} */
  validateMovement(movement: string): Promise<MovementLookup>;
  /** GET custom/legacy-intelisis/validateCreditNote/{note} (note upper-cased) */
  validateCreditNote(note: string): Promise<CreditNoteLookup>;
  /** POST custom/legacy-intelisis/create_invoice */
  createInvoice(input: CreateInvoiceInput): Promise<CreateInvoiceResult>;

  /** GET custom/legacy-intelisis/syncSku/{sku}: pushes a catalogue product to the ERP. */
  syncSku(sku: string): Promise<SyncSkuResult>;
  /** GET custom/legacy-intelisis?search&page&sortName&sortValue (Cotizador v3 inventory). */
  listArticles(input: ListArticlesInput): Promise<Paged<ErpArticle>>;
  /** GET custom/legacy-intelisis/{id}; null when the ERP has no such article. */
  getArticle(sku: string): Promise<ErpArticle | null>;

  /** GET items/cte filtered on cliente, nombre or rfc (contains), with a limit. */
  searchClients(input: { query: string; limit?: number }): Promise<ErpClient[]>;
  /** GET items/cte/{client}; null when unknown ("No se ha encontrado ninguna coincidencia."). */
  getClient(key: string): Promise<ErpClient | null>;
  /** GET items/intelisis_users */
  listUsers(): Promise<ErpUser[]>;

  /** POST custom/legacy-intelisis/intelisisQuotation */
  createQuotation(input: CreateQuotationInput): Promise<ErpMovementInfo>;
  /** POST custom/legacy-intelisis/intelisisQuotationPdv: the sale's movements in the ERP. */
  createPdvQuotation(input: CreatePdvQuotationInput): Promise<ErpMovementInfo[]>;
  /** POST custom/legacy-intelisis/pdv/cancelDetail */
  sendCancelDetail(input: { reference: string; cancelDetail: string }): Promise<void>;
  /** POST custom/legacy-intelisis/checkInvoice/validate: does the sale already have an invoice? */
  checkInvoice(reference: string): Promise<{ invoiced: boolean }>;
  /** GET custom/legacy-intelisis/intelisisMovsInfo/{reference} */
  getMovementsInfo(reference: string): Promise<ErpMovementInfo[]>;

  /** GET custom/legacy-intelisis/surtido/info?search&page (search upper-cased) */
  listSurtido(input: { search?: string; page?: number }): Promise<Paged<SurtidoRecord>>;

  /**
   * GET custom/legacy-intelisis/tipoCambio (the spec does not show this path: ERP_DOLLAR_RATE_PATH,
   * docs/integrations.md): the dollar rate, 5–100 pesos (anything else is an invalid answer).
   */
  getDollarRate(): Promise<DollarRate>;
}
