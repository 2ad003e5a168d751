import { z } from "zod";
import { q } from "~/lib/query";
import { STOCK_THRESHOLD_MAX, STOCK_THRESHOLD_MIN } from "./constants";
import { REPORT_STORES, type QuickRange, type ReportStore } from "./report-range";

export const PUBLICATION_SORTS = ["id", "title", "sold", "visits", "lastSync", "priceSync", "stockSync", "status"] as const;
export type PublicationSort = (typeof PUBLICATION_SORTS)[number];

/** The list's URL (spec 1 §2): page, search, sortName, sortValue, filterStatus and the SKU switch. */
export const PublicationListQuery = {
  page: q.page(),
  search: q.search(),
  sortName: q.oneOf([...PUBLICATION_SORTS]),
  sortValue: q.sortValue(),
  filterStatus: q.oneOf(["active", "paused"] as ["active", "paused"]),
  skuSearch: q.bool(),
};

/** A publication id as the marketplace writes it (MLM + digits). */
export const PublicationIdSchema = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}\d{1,14}$/));

/** The list's sync switches: one form per switch, the value it should take. */
export const SyncSwitchSchema = z.object({
  intent: z.literal("sync-switch"),
  id: PublicationIdSchema,
  field: z.enum(["priceSync", "stockSync"]),
  value: z.enum(["on", "off"]).transform((v) => v === "on"),
});

export const StockReportQuery = z.object({
  threshold: z.coerce.number().int().min(STOCK_THRESHOLD_MIN).max(STOCK_THRESHOLD_MAX),
});

export const SalesReportQuery = {
  store: q.oneOf(REPORT_STORES.map(([k]) => k) as [ReportStore, ...ReportStore[]]),
  range: q.oneOf(["today", "yesterday", "last7", "last30", "thisMonth", "thisYear", "custom"] satisfies Array<QuickRange | "custom"> as [
    QuickRange | "custom",
    ...Array<QuickRange | "custom">,
  ]),
  start: z.string().max(20).optional(),
  end: z.string().max(20).optional(),
};
