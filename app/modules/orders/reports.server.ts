import { z } from "zod";
import { buildWorkbook, type XlsxColumn } from "@server/documents/xlsx.server";
import { getIntegrations, isIntegrationError } from "@server/integrations";
import type { SessionUser } from "~/modules/auth/session-user";
import { audit } from "~/modules/logs/audit.server";
import type { Reason } from "~/modules/results";
import { parseMonth, quickRange, validateRange, DAY_FILTERS, type RangeError } from "./filters";
import { LOGISTIC_LABELS } from "./rules";

/**
 * Orders reports (spec 1 §2 "Buttons", §5 "Reports", §8): the sales report over a date range and the
 * monthly customer report, as real .xlsx workbooks from the marketplace's data.
 */

export const NO_RECORDS = { title: "Sin registros", message: "Lo sentimos, no se encuentran registros de la fecha seleccionada." } as const;
export const MONTH_REQUIRED = { title: "Datos insuficientes", message: "Selecciona el mes del reporte." } as const;

/** The monthly customer report's form: the month is required to start it (spec 1 §2). */
export const CustomerReportForm = z.object({
  month: z.string({ required_error: MONTH_REQUIRED.message }).trim().min(1, MONTH_REQUIRED.message),
});

export type ReportError = { title: string; message: string };
/** Why no report: the range or month is not acceptable (invalid), no rows (missing), the marketplace failed. */
export type ReportResult =
  | { ok: true; file: Buffer; filename: string; rows: number }
  | { ok: false; error: ReportError; reason: Extract<Reason, "invalid" | "missing" | "integration"> };

type QuickPick = (typeof DAY_FILTERS)[number][0];

/** The sales report's range: a quick pick, or a custom start/end checked by the spec's rules. */
export function salesReportRange(input: { pick?: string | null; start?: string | null; end?: string | null }, now: Date = new Date()) {
  const pick = DAY_FILTERS.find(([k]) => k === input.pick)?.[0] as QuickPick | undefined;
  if (pick) return { range: quickRange(pick, now), error: null as RangeError | null };
  const checked = validateRange(input.start, input.end, now);
  if (!checked.range && !checked.error)
    return { range: null, error: { title: "Rango incompleto", message: "Selecciona un rango completo." } as RangeError };
  return checked;
}

const isoOf = (text: string) => text.replace(" ", "T");

type SalesRow = {
  orderId: string;
  date: string;
  account: string;
  title: string;
  sku: string;
  qty: number;
  total: number;
  status: string;
  logistic: string;
};

const SALES_COLUMNS: XlsxColumn<SalesRow>[] = [
  { header: "Orden", key: "orderId", width: 20 },
  { header: "Fecha", key: "date", style: "datetime" },
  { header: "Cuenta", key: "account", width: 14 },
  { header: "Producto", key: "title", width: 48 },
  { header: "SKU", key: "sku", width: 16 },
  { header: "Cantidad", key: "qty", style: "integer" },
  { header: "Total", key: "total", style: "money" },
  { header: "Estatus", key: "status", width: 14 },
  { header: "Tipo de gestión", key: "logistic", width: 16 },
];

type CustomerRow = { buyerId: string; nickname: string; name: string; orders: number; total: number };

const CUSTOMER_COLUMNS: XlsxColumn<CustomerRow>[] = [
  { header: "Id comprador", key: "buyerId", width: 16 },
  { header: "Apodo", key: "nickname", width: 22 },
  { header: "Nombre", key: "name", width: 32 },
  { header: "Órdenes", key: "orders", style: "integer" },
  { header: "Total", key: "total", style: "money" },
];

function integrationFailure(error: unknown): ReportResult {
  if (!isIntegrationError(error)) throw error;
  return { ok: false, reason: "integration", error: { title: "Reporte no generado", message: error.message } };
}

export async function salesReport(
  input: { pick?: string | null; start?: string | null; end?: string | null },
  actor: SessionUser,
  brandName: string,
  now: Date = new Date(),
): Promise<ReportResult> {
  const { range, error } = salesReportRange(input, now);
  if (!range) return { ok: false, reason: "invalid", error: error! };
  let rows;
  try {
    rows = await getIntegrations().marketplace.salesReport({ start: range.start, end: range.end });
  } catch (e) {
    return integrationFailure(e);
  }
  if (rows.length === 0) return { ok: false, reason: "missing", error: NO_RECORDS };
  const file = await buildWorkbook<SalesRow>({
    sheetName: "Ventas",
    columns: SALES_COLUMNS,
    rows: rows.map((r) => ({
      orderId: r.orderId,
      date: isoOf(r.date),
      account: r.account === "brand" ? brandName : "Meli 1",
      title: r.title,
      sku: r.sku ?? "",
      qty: r.qty,
      total: r.total,
      status: r.status,
      logistic: r.logisticType ? (LOGISTIC_LABELS[r.logisticType] ?? r.logisticType) : "",
    })),
  });
  await audit({
    message: `Reporte de ventas ${range.start}–${range.end}`,
    type: "info",
    tags: ["orders", "report", "sales"],
    userId: actor.id,
    detail: { rows: rows.length },
  });
  return {
    ok: true,
    file,
    filename: `reporte-ventas-${range.start.replace(/\//g, "")}-${range.end.replace(/\//g, "")}.xlsx`,
    rows: rows.length,
  };
}

export async function customerReport(
  monthInput: string | null | undefined,
  actor: SessionUser,
  now: Date = new Date(),
): Promise<ReportResult> {
  if (!CustomerReportForm.safeParse({ month: monthInput ?? undefined }).success)
    return { ok: false, reason: "invalid", error: MONTH_REQUIRED };
  const parsed = parseMonth(monthInput, now);
  if (!parsed) return { ok: false, reason: "invalid", error: MONTH_REQUIRED };
  if (parsed.error) return { ok: false, reason: "invalid", error: parsed.error };
  let rows;
  try {
    rows = await getIntegrations().marketplace.monthlyCustomerSummary(parsed.month);
  } catch (e) {
    return integrationFailure(e);
  }
  if (rows.length === 0) return { ok: false, reason: "missing", error: NO_RECORDS };
  const file = await buildWorkbook<CustomerRow>({
    sheetName: `Clientes ${parsed.month.replace("/", "-")}`,
    columns: CUSTOMER_COLUMNS,
    rows: rows.map((r) => ({
      buyerId: r.buyerId === null ? "" : String(r.buyerId),
      nickname: r.nickname,
      name: r.name,
      orders: r.orders,
      total: r.total,
    })),
  });
  await audit({
    message: `Reporte mensual de clientes ${parsed.month}`,
    type: "info",
    tags: ["orders", "report", "customers"],
    userId: actor.id,
    detail: { rows: rows.length },
  });
  return { ok: true, file, filename: `reporte-clientes-${parsed.month.replace("/", "-")}.xlsx`, rows: rows.length };
}
