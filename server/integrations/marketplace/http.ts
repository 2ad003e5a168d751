/** The marketplace port over the legacy HTTP endpoints (custom/legacy-mercadolibre/*, items/mercadolibre_categories). */
import fs from "node:fs";
import { IntegrationError } from "../errors";
import { foldAccents } from "../fold-accents";
import { acknowledgement } from "../http/legacy-zod";
import { createHttpClient, segment, type HttpConfig } from "../http/request";
import {
  answerQuestionSchema,
  categoryAttributesAnswerSchema,
  categoryDetailSchema,
  commissionAnswerSchema,
  customerSummarySchema,
  dataClientsAnswerSchema,
  feeCategoriesSchema,
  invoiceFeedbackAnswerSchema,
  labelUrlSchema,
  orderSummarySchema,
  pendingMessagesSchema,
  predictionAnswerSchema,
  premiumAnswerSchema,
  publicationSalesSchema,
  publishAnswerSchema,
  rootCategoriesSchema,
  salesReportSchema,
  scheduleAnswerSchema,
  sendMessageAnswerSchema,
  sendPackageAnswerSchema,
  syncInfoAnswerSchema,
  syncPostAnswerSchema,
  toSyncInfo,
} from "./legacy";
import type { InvoiceFeedbackQuery, MarketplaceAccount, MarketplacePort } from "./port";

const BASE = "custom/legacy-mercadolibre";

/**
 * Paths (under custom/legacy-mercadolibre/) of the calls whose paths the spec does not show; set by
 * MARKETPLACE_*_PATH (server/env.ts). The brand account's sendPackage goes to {brand}/{sendPackage}.
 */
export type MarketplacePaths = { customerReport: string; orderSummary: string; salesReport: string; sendPackage: string };

export const DEFAULT_MARKETPLACE_PATHS: MarketplacePaths = {
  customerReport: "reports/customers",
  orderSummary: "reports/orders",
  salesReport: "reports/sales",
  sendPackage: "sendPackage",
};

export type MarketplaceHttpConfig = Omit<HttpConfig, "system"> & {
  /** Path segment of the second (brand) account: custom/legacy-mercadolibre/{brandSegment}/… */
  brandSegment: string;
  paths?: Partial<MarketplacePaths>;
};

/** URL-safe segment for the brand account, from BRAND_NAME ("Eléctrica Sur" → "electricasur"). */
export function brandSegmentFrom(brandName: string): string {
  return foldAccents(brandName).replace(/[^a-z0-9]/g, "");
}

/**
 * Days and months as the spec fixes them on the wire (spec 1 §9, spec 2 §9: "dates YYYY/MM/DD",
 * months YYYY/MM). Callers already pass them so; an ISO day (YYYY-MM-DD) or month is written the
 * spec's way rather than sent as something the back end does not read.
 */
export const specDay = (day: string | undefined) => day?.trim().replace(/^(\d{4})-(\d{2})-(\d{2})$/, "$1/$2/$3");
export const specMonth = (month: string) => month.trim().replace(/^(\d{4})-(\d{2})$/, "$1/$2");

export function createHttpMarketplace(config: MarketplaceHttpConfig): MarketplacePort {
  const http = createHttpClient({ ...config, system: "marketplace" });
  const brand = segment(config.brandSegment);
  /** The second account answers the same calls under a brand-named prefix. */
  const accountBase = (account: MarketplaceAccount) => (account === "brand" ? `${BASE}/${brand}` : BASE);
  const paths = { ...DEFAULT_MARKETPLACE_PATHS, ...config.paths };

  const feedbackQuery = (q: InvoiceFeedbackQuery) => ({
    search: q.search?.trim() || undefined,
    start_date: specDay(q.startDate),
    end_date: specDay(q.endDate),
    limit: q.limit ?? 10,
    offset: q.offset ?? 0,
  });

  return {
    publish(input) {
      return http.post("publish", `${BASE}/publicationML`, publishAnswerSchema, {
        json: {
          autosync: input.autosync,
          price_sync: input.priceSync,
          stock_sync: input.stockSync,
          sync_warehouses: input.syncWarehouses.map((warehouse) => ({ warehouse })),
          publication: {
            id: input.id ?? null,
            category_id: input.categoryId,
            listing_type: input.listingType,
            // The account (the brand's marker, as the old app sent it) and the official store the
            // listing goes under: the store id as the publication stores it (ml_store, spec 1 §3) and as
            // Mercado Libre's items take it (official_store_id, a number). docs/integrations.md.
            official_store: input.account === "brand" ? config.brandSegment : null,
            ml_store: input.officialStoreId,
            official_store_id: input.officialStoreId === null ? null : Number(input.officialStoreId),
            pictures: input.pictures.map((source) => ({ source })),
          },
          title: input.title,
          description: input.description,
          attributes: input.attributes.map((a) => ({ id: a.id, value_name: a.valueName })),
          cost: input.cost,
          skus: input.linkedProducts.map((p) => p.sku).join(","),
          channels: input.channels,
          category_variations: input.categoryVariations.map((a) => ({ id: a.id, value_name: a.valueName })),
          linked_products: input.linkedProducts.map((p) => ({ sku: p.sku, qty: p.qty, discount: p.discount })),
          user: input.userId,
        },
      });
    },

    async updatePublication(input) {
      await http.post("updatePublication", `${BASE}/updatePublication`, acknowledgement, {
        json: { id: input.id, store: input.store },
      });
    },

    async updateDescription(input) {
      await http.post("updateDescription", `${BASE}/updateDescription`, acknowledgement, {
        json: { id: input.id, description: input.description, store: input.store },
      });
    },

    async syncPost(input) {
      const syncedAt = await http.post("syncPost", `${BASE}/syncPost`, syncPostAnswerSchema, {
        json: { id: input.id },
      });
      return { id: input.id, syncedAt: syncedAt ?? new Date().toISOString() };
    },

    async updatePremium(input) {
      const path = `${accountBase(input.account)}/updatePremium/${segment(input.id)}`;
      const listingType = await http.post("updatePremium", path, premiumAnswerSchema);
      return { id: input.id, listingType };
    },

    reportPublications(input) {
      return http.post("reportPublications", `${BASE}/reportPublications`, publicationSalesSchema, {
        json: { start: specDay(input.start), end: specDay(input.end), ml_store: input.mlStore },
      });
    },

    predictCategory(title) {
      return http.post("predictCategory", `${BASE}/categoryPredictor`, predictionAnswerSchema, { json: { title } });
    },

    getCategoryDetail(categoryId) {
      return http.get("getCategoryDetail", `${BASE}/categoryDetail/${segment(categoryId)}`, categoryDetailSchema, {
        onStatus: { 404: () => null },
      });
    },

    // The spec does not show where the top of the tree comes from; this path is ours (docs/integrations.md).
    listRootCategories() {
      return http.get("listRootCategories", `${BASE}/categories`, rootCategoriesSchema);
    },

    getCategoryAttributes(categoryId) {
      const path = `${BASE}/categoryAttributes/${segment(categoryId)}`;
      return http.get("getCategoryAttributes", path, categoryAttributesAnswerSchema, { onStatus: { 404: () => null } });
    },

    getCommissionCost(input) {
      return http.post("getCommissionCost", `${BASE}/commissionCost`, commissionAnswerSchema, {
        json: { category_id: input.categoryId, price: input.price, listing_type: input.listingType },
        onStatus: { 404: () => null },
      });
    },

    listFeeCategories() {
      return http.get("listFeeCategories", "items/mercadolibre_categories", feeCategoriesSchema, {
        query: { limit: -1, fields: "title,gold_pro,gold_special" },
      });
    },

    getSchedule() {
      return http.get("getSchedule", `${BASE}/schedule`, scheduleAnswerSchema);
    },

    async getShipmentLabel(input) {
      const call = "getShipmentLabel";
      const answer = await http.binary({
        call,
        method: "GET",
        path: `${accountBase(input.account)}/orders/shipment_label/${segment(input.orderId)}`,
      });
      if (answer.contentType.includes("application/pdf") || answer.data.subarray(0, 5).toString("latin1") === "%PDF-") {
        return { kind: "pdf", data: answer.data, filename: `etiqueta-${input.orderId}.pdf` };
      }
      let body: unknown;
      try {
        body = JSON.parse(answer.data.toString("utf8"));
      } catch {
        body = undefined;
      }
      const parsed = labelUrlSchema.safeParse(body);
      if (!parsed.success) {
        throw new IntegrationError({
          system: "marketplace",
          call,
          kind: "invalid_response",
          status: answer.status,
          detail: `etiqueta con tipo ${answer.contentType || "desconocido"}`,
        });
      }
      return { kind: "url", url: parsed.data.url };
    },

    async syncOrderInfo(input) {
      const path = `${accountBase(input.account)}/orders/syncInfo/${segment(input.orderId)}`;
      const answer = await http.get("syncOrderInfo", path, syncInfoAnswerSchema, { onStatus: { 404: () => null } });
      return answer ? toSyncInfo(input.orderId, answer) : null;
    },

    lookupClients(orderIds) {
      return http.post("lookupClients", `${BASE}/dataClients`, dataClientsAnswerSchema, { json: { orders: orderIds } });
    },

    // The spec does not show the paths of the next four calls: configurable, documented in docs/integrations.md.
    monthlyCustomerSummary(month) {
      return http.get("monthlyCustomerSummary", `${BASE}/${paths.customerReport}`, customerSummarySchema, {
        query: { month: specMonth(month) },
      });
    },

    monthlyOrderSummary(month) {
      return http.get("monthlyOrderSummary", `${BASE}/${paths.orderSummary}`, orderSummarySchema, { query: { month: specMonth(month) } });
    },

    salesReport(input) {
      return http.get("salesReport", `${BASE}/${paths.salesReport}`, salesReportSchema, {
        query: { start: specDay(input.start), end: specDay(input.end) },
      });
    },

    async sendPackage(input) {
      const path = `${accountBase(input.account)}/${paths.sendPackage}`;
      const answer = await http.post("sendPackage", path, sendPackageAnswerSchema, { json: { order_id: input.orderId } });
      return { orderId: input.orderId, shipmentStatus: answer.shipment_status };
    },

    async answerQuestion(input) {
      const answeredAt = await http.post("answerQuestion", `${accountBase(input.account)}/question`, answerQuestionSchema, {
        json: { id: input.questionId, message: input.message, updated_by: input.updatedBy },
      });
      return { questionId: input.questionId, status: "ANSWERED", answeredAt: answeredAt ?? new Date().toISOString() };
    },

    async blockUser(input) {
      await http.post("blockUser", `${accountBase(input.account)}/blockUser`, acknowledgement, {
        json: { id: input.questionId, client_id: input.clientId },
      });
    },

    async deleteQuestion(input) {
      await http.post("deleteQuestion", `${accountBase(input.account)}/deleteQuestion`, acknowledgement, {
        json: { id: input.questionId },
      });
    },

    listPendingMessages() {
      return http.get("listPendingMessages", `${BASE}/pendingMessages`, pendingMessagesSchema);
    },

    async sendMessage(input) {
      const form = new FormData();
      form.set("id", input.orderId);
      form.set("message", input.message);
      form.set("updated_by", String(input.updatedBy));
      // The brand account's endpoint ({product}/message) takes no client_id.
      if (input.account === "main" && input.clientId !== null) form.set("client_id", String(input.clientId));
      // A file-backed Blob: the request body streams it from disk.
      if (input.file) form.set("file", await fs.openAsBlob(input.file.path, { type: input.file.type }), input.file.name);
      const path = input.account === "brand" ? `${BASE}/${brand}/message` : `${BASE}/messages`;
      const answer = await http.post("sendMessage", path, sendMessageAnswerSchema, { form });
      const attachment = answer?.attachment ?? (input.file ? { filename: input.file.name, originalFilename: input.file.name } : null);
      return { sentAt: answer?.date ?? answer?.message_date ?? new Date().toISOString(), attachment };
    },

    listInvoiceFeedback(input) {
      return http.get("listInvoiceFeedback", `${BASE}/feedbackInvoice`, invoiceFeedbackAnswerSchema, {
        query: feedbackQuery(input),
      });
    },

    listInvoiceData(input) {
      return http.get("listInvoiceData", `${BASE}/dataInvoice`, invoiceFeedbackAnswerSchema, {
        query: feedbackQuery(input),
      });
    },
  };
}
