/** The publications sales report: which accounts it covers. Its date ranges are the shared report ranges. */
export { QUICK_RANGES, type QuickRange } from "~/modules/reports/date-range";

export const REPORT_STORES = [
  ["Meli1", "Meli1"],
  ["Oficiales", "Oficiales"],
] as const;
export type ReportStore = (typeof REPORT_STORES)[number][0];
