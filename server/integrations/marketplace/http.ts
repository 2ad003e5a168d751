/** The marketplace port over the legacy HTTP endpoints (custom/legacy-mercadolibre/*, items/mercadolibre_categories). */
import fs from "node:fs";
import { IntegrationError } from "../errors";
import { acknowledgement } from "../http/legacy-zod";
import { createHttpClient, segment, type HttpConfig } from "../http/request";
import {
  answerQuestionSchema, categoryAttributesAnswerSchema, categoryDetailSchema, commissionAnswerSchema, customerSummarySchema,
  dataClientsAnswerSchema, feeCategoriesSchema, invoiceFeedbackAnswerSchema, labelUrlSchema, linkedProductsAnswerSchema,
  listingAnswerSchema, orderSummarySchema, pendingMessagesSchema, predictionAnswerSchema, premiumAnswerSchema,
  publicationLinksSchema, publicationSalesSchema, publishAnswerSchema, salesReportSchema, scheduleAnswerSchema,
  sendMessageAnswerSchema, sendPackageAnswerSchema, syncInfoAnswerSchema, syncPostAnswerSchema, toPublicationLinks,
  toSyncInfo, toggleOrderAnswerSchema,
} from "./legacy";
import type { InvoiceFeedbackQuery, MarketplaceAccount, MarketplacePort } from "./port";

const BASE = "custom/legacy-mercadolibre";

export type MarketplaceHttpConfig = Omit<HttpConfig, "system"> & {
  /** Path segment of the second (brand) account: custom/legacy-mercadolibre/{brandSegment}/… */
  brandSegment: string;
};

/** URL-safe segment for the brand account, from BRAND_NAME ("Eléctrica Sur" → "electricasur"). */
export function brandSegmentFrom(brandName: string): string {
  return brandName
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

export function createHttpMarketplace(config: MarketplaceHttpConfig): MarketplacePort {
  const http = createHttpClient({ ...config, system: "marketplace" });
  const brand = segment(config.brandSegment);
  /** The second account answers the same calls under a brand-named prefix. */
  const accountBase = (account: MarketplaceAccount) => (account === "brand" ? `${BASE}/${brand}` : BASE);

  const feedbackQuery = (q: InvoiceFeedbackQuery) => ({
    search: q.search?.trim() || undefined,
    start_date: q.startDate,
    end_date: q.endDate,
    limit: q.limit ?? 10,
    offset: q.offset ?? 0,
  });

  return {
    listLinkedProducts(input) {
      return http.json({
        call: "listLinkedProducts",
        method: "GET",
        path: `${BASE}/linkedProducts`,
        query: {
          search: input.search?.trim() || undefined,
          limit: input.limit ?? 8,
          offset: input.offset ?? 0,
          sortName: input.sortName,
          sortValue: input.sortName ? (input.sortValue ?? "asc") : undefined,
          meta: "total_count",
        },
        schema: linkedProductsAnswerSchema,
      });
    },

    async getPublicationLinks(id) {
      const answer = await http.json({
        call: "getPublicationLinks",
        method: "GET",
        path: `${BASE}/publications/${segment(id)}`,
        schema: publicationLinksSchema.nullable(),
        onStatus: { 404: () => null },
      });
      return answer ? toPublicationLinks(id, answer) : null;
    },

    getListing(id) {
      return http.json({
        call: "getListing",
        method: "GET",
        path: `${BASE}/publicationMl/${segment(id)}`,
        schema: listingAnswerSchema.nullable(),
        onStatus: { 404: () => null },
      });
    },

    publish(input) {
      return http.json({
        call: "publish",
        method: "POST",
        path: `${BASE}/publicationML`,
        json: {
          autosync: input.autosync,
          price_sync: input.priceSync,
          stock_sync: input.stockSync,
          sync_warehouses: input.syncWarehouses.map((warehouse) => ({ warehouse })),
          publication: {
            id: input.id ?? null,
            category_id: input.categoryId,
            listing_type: input.listingType,
            official_store: input.account === "brand" ? config.brandSegment : null,
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
        schema: publishAnswerSchema,
      });
    },

    async updatePublication(input) {
      await http.json({
        call: "updatePublication",
        method: "POST",
        path: `${BASE}/updatePublication`,
        json: { id: input.id, store: input.store },
        schema: acknowledgement,
      });
    },

    async updateDescription(input) {
      await http.json({
        call: "updateDescription",
        method: "POST",
        path: `${BASE}/updateDescription`,
        json: { id: input.id, description: input.description, store: input.store },
        schema: acknowledgement,
      });
    },

    async syncPost(input) {
      const syncedAt = await http.json({
        call: "syncPost",
        method: "POST",
        path: `${BASE}/syncPost`,
        json: { id: input.id },
        schema: syncPostAnswerSchema,
      });
      return { id: input.id, syncedAt: syncedAt ?? new Date().toISOString() };
    },

    async updatePremium(input) {
      const listingType = await http.json({
        call: "updatePremium",
        method: "POST",
        path: `${accountBase(input.account)}/updatePremium/${segment(input.id)}`,
        schema: premiumAnswerSchema,
      });
      return { id: input.id, listingType };
    },

    reportPublications(input) {
      return http.json({
        call: "reportPublications",
        method: "POST",
        path: `${BASE}/reportPublications`,
        json: { start: input.start, end: input.end, ml_store: input.mlStore },
        schema: publicationSalesSchema,
      });
    },

    predictCategory(title) {
      return http.json({
        call: "predictCategory",
        method: "POST",
        path: `${BASE}/categoryPredictor`,
        json: { title },
        schema: predictionAnswerSchema,
      });
    },

    getCategoryDetail(categoryId) {
      return http.json({
        call: "getCategoryDetail",
        method: "GET",
        path: `${BASE}/categoryDetail/${segment(categoryId)}`,
        schema: categoryDetailSchema,
        onStatus: { 404: () => null },
      });
    },

    getCategoryAttributes(categoryId) {
      return http.json({
        call: "getCategoryAttributes",
        method: "GET",
        path: `${BASE}/categoryAttributes/${segment(categoryId)}`,
        schema: categoryAttributesAnswerSchema,
        onStatus: { 404: () => null },
      });
    },

    getCommissionCost(input) {
      return http.json({
        call: "getCommissionCost",
        method: "POST",
        path: `${BASE}/commissionCost`,
        json: { category_id: input.categoryId, price: input.price, listing_type: input.listingType },
        schema: commissionAnswerSchema,
        onStatus: { 404: () => null },
      });
    },

    listFeeCategories() {
      return http.json({
        call: "listFeeCategories",
        method: "GET",
        path: "items/mercadolibre_categories",
        query: { limit: -1, fields: "title,gold_pro,gold_special" },
        schema: feeCategoriesSchema,
      });
    },

    getSchedule() {
      return http.json({ call: "getSchedule", method: "GET", path: `${BASE}/schedule`, schema: scheduleAnswerSchema });
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
      const answer = await http.json({
        call: "syncOrderInfo",
        method: "GET",
        path: `${accountBase(input.account)}/orders/syncInfo/${segment(input.orderId)}`,
        schema: syncInfoAnswerSchema,
        onStatus: { 404: () => null },
      });
      return answer ? toSyncInfo(input.orderId, answer) : null;
    },

    lookupClients(orderIds) {
      return http.json({
        call: "lookupClients",
        method: "POST",
        path: `${BASE}/dataClients`,
        json: { orders: orderIds },
        schema: dataClientsAnswerSchema,
      });
    },

    // The spec does not show the paths of the next five calls; these are ours (docs/integrations.md).
    monthlyCustomerSummary(month) {
      return http.json({
        call: "monthlyCustomerSummary",
        method: "GET",
        path: `${BASE}/reports/customers`,
        query: { month },
        schema: customerSummarySchema,
      });
    },

    monthlyOrderSummary(month) {
      return http.json({
        call: "monthlyOrderSummary",
        method: "GET",
        path: `${BASE}/reports/orders`,
        query: { month },
        schema: orderSummarySchema,
      });
    },

    salesReport(input) {
      return http.json({
        call: "salesReport",
        method: "GET",
        path: `${BASE}/reports/sales`,
        query: { start: input.start, end: input.end },
        schema: salesReportSchema,
      });
    },

    async sendPackage(input) {
      const answer = await http.json({
        call: "sendPackage",
        method: "POST",
        path: `${accountBase(input.account)}/sendPackage`,
        json: { order_id: input.orderId },
        schema: sendPackageAnswerSchema,
      });
      return { orderId: input.orderId, shipmentStatus: answer.shipment_status };
    },

    async toggleOrderFalse(input) {
      const answer = await http.json({
        call: "toggleOrderFalse",
        method: "POST",
        path: `${BASE}/toggleOrderFalse`,
        json: { order_id: input.orderId },
        schema: toggleOrderAnswerSchema,
      });
      return { orderId: input.orderId, active: answer.active };
    },

    async answerQuestion(input) {
      const answeredAt = await http.json({
        call: "answerQuestion",
        method: "POST",
        path: `${accountBase(input.account)}/question`,
        json: { id: input.questionId, message: input.message, updated_by: input.updatedBy },
        schema: answerQuestionSchema,
      });
      return { questionId: input.questionId, status: "ANSWERED", answeredAt: answeredAt ?? new Date().toISOString() };
    },

    async blockUser(input) {
      await http.json({
        call: "blockUser",
        method: "POST",
        path: `${accountBase(input.account)}/blockUser`,
        json: { id: input.questionId, client_id: input.clientId },
        schema: acknowledgement,
      });
    },

    async deleteQuestion(input) {
      await http.json({
        call: "deleteQuestion",
        method: "POST",
        path: `${accountBase(input.account)}/deleteQuestion`,
        json: { id: input.questionId },
        schema: acknowledgement,
      });
    },

    listPendingMessages() {
      return http.json({ call: "listPendingMessages", method: "GET", path: `${BASE}/pendingMessages`, schema: pendingMessagesSchema });
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
      const answer = await http.json({
        call: "sendMessage",
        method: "POST",
        path: input.account === "brand" ? `${BASE}/${brand}/message` : `${BASE}/messages`,
        form,
        schema: sendMessageAnswerSchema,
      });
      const attachment = answer?.attachment ?? (input.file ? { filename: input.file.name, originalFilename: input.file.name } : null);
      return { sentAt: answer?.date ?? answer?.message_date ?? new Date().toISOString(), attachment };
    },

    listInvoiceFeedback(input) {
      return http.json({
        call: "listInvoiceFeedback",
        method: "GET",
        path: `${BASE}/feedbackInvoice`,
        query: feedbackQuery(input),
        schema: invoiceFeedbackAnswerSchema,
      });
    },

    listInvoiceData(input) {
      return http.json({
        call: "listInvoiceData",
        method: "GET",
        path: `${BASE}/dataInvoice`,
        query: feedbackQuery(input),
        schema: invoiceFeedbackAnswerSchema,
      });
    },
  };
}
