/** The ERP port over the legacy HTTP endpoints (custom/legacy-intelisis/*, items/cte, items/intelisis_users). */
import { DateTime } from "luxon";
import { z } from "zod";
import { acknowledgement, dataOrSelf, legacyNumber, legacyOptionalText } from "../http/legacy-zod";
import { createHttpClient, segment, type HttpConfig } from "../http/request";
import {
  articleAnswerSchema,
  articleSchema,
  checkInvoiceAnswerSchema,
  clientAnswerSchema,
  clientListSchema,
  createInvoiceAnswerSchema,
  creditNoteAnswerSchema,
  itemsToLegacy,
  movementAnswerSchema,
  movementInfoListSchema,
  pagedSchema,
  priceListToLegacy,
  quotationAnswerSchema,
  surtidoRecordSchema,
  syncSkuAnswerSchema,
  userListSchema,
} from "./legacy";
import type { DollarRate, ErpPort, ErpSortField } from "./port";

const BASE = "custom/legacy-intelisis";

/**
 * Path of the dollar rate, relative to ERP_URL: the spec does not show it (ERP_DOLLAR_RATE_PATH,
 * server/env.ts; docs/integrations.md).
 */
export const DEFAULT_DOLLAR_RATE_PATH = `${BASE}/tipoCambio`;

/** A rate outside these bounds is a broken answer, not a price to convert with. */
export const DOLLAR_RATE_MIN = 5;
export const DOLLAR_RATE_MAX = 100;

/**
 * When the ERP set the rate. The answer's shape is our assumption (the spec shows none): an ISO
 * moment, or a day or moment without a zone (Mexico City, where the ERP runs), or DD/MM/YYYY. A date
 * we cannot read is left out (null): the rate is what the call is for.
 */
export function readRateDate(text: string | null): string | null {
  if (!text) return null;
  const zone = "America/Mexico_City";
  const value = text.trim();
  const iso = DateTime.fromISO(value.replace(/^(\d{4}-\d{2}-\d{2}) (\d)/, "$1T$2"), { zone, setZone: true });
  const dayFirst = ["dd/MM/yyyy HH:mm:ss", "dd/MM/yyyy HH:mm", "dd/MM/yyyy"]
    .map((f) => DateTime.fromFormat(value, f, { zone }))
    .find((d) => d.isValid);
  const found = iso.isValid ? iso : dayFirst;
  return found?.isValid ? found.toUTC().toISO() : null;
}

/** `{ data: { tipocambio, fecha? } }` (or unwrapped); the rate may come as text. */
export const dollarRateAnswerSchema = dataOrSelf(
  z.object({
    tipocambio: legacyNumber.pipe(
      z.number().min(DOLLAR_RATE_MIN, "tipo de cambio fuera de rango").max(DOLLAR_RATE_MAX, "tipo de cambio fuera de rango"),
    ),
    fecha: legacyOptionalText.optional(),
  }),
).transform((v): DollarRate => ({ rate: v.tipocambio, updatedAt: readRateDate(v.fecha ?? null) }));

export type ErpHttpConfig = Omit<HttpConfig, "system"> & {
  /** ERP_DOLLAR_RATE_PATH: the dollar rate's path relative to the base URL. */
  dollarRatePath?: string;
};

/** The ERP's own sort keys for the inventory list. */
const SORT_NAMES: Record<ErpSortField, string> = {
  sku: "articulo",
  manufacturerSku: "fabricante",
  stockTotal: "stock_total",
  description: "descripcion1",
};

export function createHttpErp(config: ErpHttpConfig): ErpPort {
  const http = createHttpClient({ ...config, system: "erp" });
  const dollarRatePath = config.dollarRatePath ?? DEFAULT_DOLLAR_RATE_PATH;

  return {
    async validateMovement(movement) {
      const path = `${BASE}/validateMovement/${segment(movement)}`;
      const lines = await http.get("validateMovement", path, movementAnswerSchema, { onStatus: { 404: () => [] } });
      return lines.length === 0 ? { found: false, movement } : { found: true, movement, lines };
    },

    async validateCreditNote(note) {
      const key = note.trim().toUpperCase();
      const path = `${BASE}/validateCreditNote/${segment(key)}`;
      const lines = await http.get("validateCreditNote", path, creditNoteAnswerSchema, { onStatus: { 404: () => [] } });
      return lines.length === 0 ? { found: false, note: key } : { found: true, note: key, lines };
    },

    createInvoice(input) {
      return http.post("createInvoice", `${BASE}/create_invoice`, createInvoiceAnswerSchema, {
        json: { order_id: input.orderId, movement: input.movement, credit_note: input.creditNote ?? null },
      });
    },

    async syncSku(sku) {
      const message = await http.get("syncSku", `${BASE}/syncSku/${segment(sku)}`, syncSkuAnswerSchema);
      return { sku, message };
    },

    listArticles(input) {
      return http.get("listArticles", BASE, pagedSchema(articleSchema), {
        query: {
          search: input.search?.trim() || undefined,
          page: input.page ?? 1,
          sortName: input.sortName ? SORT_NAMES[input.sortName] : undefined,
          sortValue: input.sortName ? (input.sortValue ?? "ASC") : undefined,
        },
      });
    },

    getArticle(sku) {
      return http.get("getArticle", `${BASE}/${segment(sku)}`, articleAnswerSchema, { onStatus: { 404: () => null } });
    },

    searchClients({ query, limit = 40 }) {
      const q = query.trim().toUpperCase();
      return http.get("searchClients", "items/cte", clientListSchema, {
        query: {
          "filter[_or][0][cliente][_contains]": q,
          "filter[_or][1][nombre][_contains]": q,
          "filter[_or][2][rfc][_contains]": q,
          limit,
        },
      });
    },

    getClient(key) {
      return http.get("getClient", `items/cte/${segment(key.trim().toUpperCase())}`, clientAnswerSchema, {
        // The content back end answers 403 (not 404) for an id it cannot find.
        onStatus: { 404: () => null, 403: () => null },
      });
    },

    listUsers() {
      return http.get("listUsers", "items/intelisis_users", userListSchema, { query: { limit: -1 } });
    },

    createQuotation(input) {
      return http.post("createQuotation", `${BASE}/intelisisQuotation`, quotationAnswerSchema, {
        json: {
          user: input.user,
          warehouse: input.warehouse,
          client: input.client,
          precio: priceListToLegacy(input.priceList),
          items: itemsToLegacy(input.items),
          quoationId: input.quotationId,
          ...(input.reference ? { reference: input.reference } : {}),
        },
      });
    },

    createPdvQuotation(input) {
      return http.post("createPdvQuotation", `${BASE}/intelisisQuotationPdv`, movementInfoListSchema, {
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
      });
    },

    async sendCancelDetail(input) {
      await http.post("sendCancelDetail", `${BASE}/pdv/cancelDetail`, acknowledgement, {
        json: { reference: input.reference, cancel_detail: input.cancelDetail },
      });
    },

    checkInvoice(reference) {
      return http.post("checkInvoice", `${BASE}/checkInvoice/validate`, checkInvoiceAnswerSchema, {
        json: { reference },
      });
    },

    getMovementsInfo(reference) {
      return http.get("getMovementsInfo", `${BASE}/intelisisMovsInfo/${segment(reference)}`, movementInfoListSchema, {
        onStatus: { 404: () => [] },
      });
    },

    listSurtido(input) {
      return http.get("listSurtido", `${BASE}/surtido/info`, pagedSchema(surtidoRecordSchema), {
        query: { search: input.search?.trim().toUpperCase() || undefined, page: input.page ?? 1 },
      });
    },

    getDollarRate() {
      return http.get("getDollarRate", dollarRatePath, dollarRateAnswerSchema);
    },
  };
}
