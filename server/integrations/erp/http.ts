/** The ERP port over the legacy HTTP endpoints (custom/legacy-intelisis/*, items/cte, items/intelisis_users). */
import { acknowledgement } from "../http/legacy-zod";
import { createHttpClient, segment, type HttpConfig } from "../http/request";
import {
  articleAnswerSchema, articleSchema, checkInvoiceAnswerSchema, clientAnswerSchema, clientListSchema,
  createInvoiceAnswerSchema, creditNoteAnswerSchema, itemsToLegacy, movementAnswerSchema, movementInfoListSchema,
  pagedSchema, priceListToLegacy, quotationAnswerSchema, surtidoRecordSchema, syncSkuAnswerSchema, userListSchema,
} from "./legacy";
import type { ErpPort, ErpSortField } from "./port";

const BASE = "custom/legacy-intelisis";

/** The ERP's own sort keys for the inventory list. */
const SORT_NAMES: Record<ErpSortField, string> = {
  sku: "articulo",
  manufacturerSku: "fabricante",
  stockTotal: "stock_total",
  description: "descripcion1",
};

export function createHttpErp(config: Omit<HttpConfig, "system">): ErpPort {
  const http = createHttpClient({ ...config, system: "erp" });

  return {
    async validateMovement(movement) {
      const lines = await http.json({
        call: "validateMovement",
        method: "GET",
        path: `${BASE}/validateMovement/${segment(movement)}`,
        schema: movementAnswerSchema,
        onStatus: { 404: () => [] },
      });
      return lines.length === 0 ? { found: false, movement } : { found: true, movement, lines };
    },

    async validateCreditNote(note) {
      const key = note.trim().toUpperCase();
      const lines = await http.json({
        call: "validateCreditNote",
        method: "GET",
        path: `${BASE}/validateCreditNote/${segment(key)}`,
        schema: creditNoteAnswerSchema,
        onStatus: { 404: () => [] },
      });
      return lines.length === 0 ? { found: false, note: key } : { found: true, note: key, lines };
    },

    createInvoice(input) {
      return http.json({
        call: "createInvoice",
        method: "POST",
        path: `${BASE}/create_invoice`,
        json: { order_id: input.orderId, movement: input.movement, credit_note: input.creditNote ?? null },
        schema: createInvoiceAnswerSchema,
      });
    },

    async syncSku(sku) {
      const message = await http.json({
        call: "syncSku",
        method: "GET",
        path: `${BASE}/syncSku/${segment(sku)}`,
        schema: syncSkuAnswerSchema,
      });
      return { sku, message };
    },

    listArticles(input) {
      return http.json({
        call: "listArticles",
        method: "GET",
        path: BASE,
        query: {
          search: input.search?.trim() || undefined,
          page: input.page ?? 1,
          sortName: input.sortName ? SORT_NAMES[input.sortName] : undefined,
          sortValue: input.sortName ? (input.sortValue ?? "ASC") : undefined,
        },
        schema: pagedSchema(articleSchema),
      });
    },

    getArticle(sku) {
      return http.json({
        call: "getArticle",
        method: "GET",
        path: `${BASE}/${segment(sku)}`,
        schema: articleAnswerSchema,
        onStatus: { 404: () => null },
      });
    },

    searchClients({ query, limit = 40 }) {
      const q = query.trim().toUpperCase();
      return http.json({
        call: "searchClients",
        method: "GET",
        path: "items/cte",
        query: {
          "filter[_or][0][cliente][_contains]": q,
          "filter[_or][1][nombre][_contains]": q,
          "filter[_or][2][rfc][_contains]": q,
          limit,
        },
        schema: clientListSchema,
      });
    },

    getClient(key) {
      return http.json({
        call: "getClient",
        method: "GET",
        path: `items/cte/${segment(key.trim().toUpperCase())}`,
        schema: clientAnswerSchema,
        // The content back end answers 403 (not 404) for an id it cannot find.
        onStatus: { 404: () => null, 403: () => null },
      });
    },

    listUsers() {
      return http.json({
        call: "listUsers",
        method: "GET",
        path: "items/intelisis_users",
        query: { limit: -1 },
        schema: userListSchema,
      });
    },

    createQuotation(input) {
      return http.json({
        call: "createQuotation",
        method: "POST",
        path: `${BASE}/intelisisQuotation`,
        json: {
          user: input.user,
          warehouse: input.warehouse,
          client: input.client,
          precio: priceListToLegacy(input.priceList),
          items: itemsToLegacy(input.items),
          quoationId: input.quotationId,
          ...(input.reference ? { reference: input.reference } : {}),
        },
        schema: quotationAnswerSchema,
      });
    },

    createPdvQuotation(input) {
      return http.json({
        call: "createPdvQuotation",
        method: "POST",
        path: `${BASE}/intelisisQuotationPdv`,
        json: {
          reference: input.reference,
          agent: input.agent,
          warehouse: input.warehouse,
          client: input.client,
          items: itemsToLegacy(input.items),
          total: input.total,
          payment_way: input.paymentWay,
          payment_condition: input.paymentCondition,
        },
        schema: movementInfoListSchema,
      });
    },

    async sendCancelDetail(input) {
      await http.json({
        call: "sendCancelDetail",
        method: "POST",
        path: `${BASE}/pdv/cancelDetail`,
        json: { reference: input.reference, cancel_detail: input.cancelDetail },
        schema: acknowledgement,
      });
    },

    checkInvoice(reference) {
      return http.json({
        call: "checkInvoice",
        method: "POST",
        path: `${BASE}/checkInvoice/validate`,
        json: { reference },
        schema: checkInvoiceAnswerSchema,
      });
    },

    getMovementsInfo(reference) {
      return http.json({
        call: "getMovementsInfo",
        method: "GET",
        path: `${BASE}/intelisisMovsInfo/${segment(reference)}`,
        schema: movementInfoListSchema,
        onStatus: { 404: () => [] },
      });
    },

    listSurtido(input) {
      return http.json({
        call: "listSurtido",
        method: "GET",
        path: `${BASE}/surtido/info`,
        query: { search: input.search?.trim().toUpperCase() || undefined, page: input.page ?? 1 },
        schema: pagedSchema(surtidoRecordSchema),
      });
    },
  };
}
