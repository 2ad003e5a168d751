import ExcelJS from "exceljs";
import { DateTime } from "luxon";

/**
 * Real .xlsx spreadsheets with exceljs. Cells are typed by their column style: numbers stay numbers
 * (money with a currency format), dates are Excel dates showing Mexico City wall-clock time.
 */
export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const ZONE = "America/Mexico_City";

export type XlsxStyle = "text" | "integer" | "number" | "money" | "percent" | "date" | "datetime";

export type XlsxColumn<Row> = {
  header: string;
  key: Extract<keyof Row, string>;
  /** Width in characters; defaults by style. */
  width?: number;
  /** How the cell is typed and formatted; "text" when omitted. */
  style?: XlsxStyle;
};

const NUM_FMT: Record<XlsxStyle, string | undefined> = {
  text: "@",
  integer: "#,##0",
  number: "#,##0.00",
  money: '"$"#,##0.00;-"$"#,##0.00',
  percent: "0.00%",
  date: "dd/mm/yyyy",
  datetime: "dd/mm/yyyy hh:mm:ss",
};

const DEFAULT_WIDTH: Record<XlsxStyle, number> = {
  text: 24,
  integer: 10,
  number: 14,
  money: 16,
  percent: 10,
  date: 12,
  datetime: 20,
};

function toNumber(value: unknown): number | null {
  if (value == null || value === "") return null;
  const n = typeof value === "number" ? value : typeof value === "bigint" ? Number(value) : Number(String(value).replace(/[$,\s]/g, ""));
  return Number.isFinite(n) ? n : null;
}

function toDateTime(value: unknown): DateTime | null {
  if (value == null || value === "") return null;
  let dt: DateTime;
  if (value instanceof Date) dt = DateTime.fromJSDate(value);
  else if (DateTime.isDateTime(value)) dt = value;
  else if (typeof value === "number") dt = DateTime.fromMillis(value);
  else dt = DateTime.fromISO(String(value), { zone: ZONE });
  return dt.isValid ? dt.setZone(ZONE) : null;
}

/**
 * Excel dates have no zone: exceljs stores a Date by its UTC fields, so the Mexico City wall-clock
 * fields are written as UTC to show the local time a user expects.
 */
function excelDate(value: unknown, dayOnly: boolean): Date | null {
  const dt = toDateTime(value);
  if (!dt) return null;
  return dayOnly
    ? new Date(Date.UTC(dt.year, dt.month - 1, dt.day))
    : new Date(Date.UTC(dt.year, dt.month - 1, dt.day, dt.hour, dt.minute, dt.second));
}

function cellValue(value: unknown, style: XlsxStyle): ExcelJS.CellValue {
  switch (style) {
    case "integer":
    case "number":
    case "money":
    case "percent":
      return toNumber(value);
    case "date":
      return excelDate(value, true);
    case "datetime":
      return excelDate(value, false);
    case "text":
    default:
      if (value == null) return null;
      if (value instanceof Date) return DateTime.fromJSDate(value).setZone(ZONE).toFormat("dd/LL/yyyy HH:mm:ss");
      if (Array.isArray(value)) return value.join(", ");
      return typeof value === "object" ? JSON.stringify(value) : String(value);
  }
}

/** Excel sheet names: at most 31 characters, none of [ ] : * ? / \, not blank. */
export function safeSheetName(name: string): string {
  const cleaned = name.replace(/[[\]:*?/\\]/g, " ").replace(/^'+|'+$/g, "").replace(/\s+/g, " ").trim().slice(0, 31).trim();
  return cleaned || "Hoja1";
}

/** Builds one worksheet with a bold, frozen, filterable header row and returns the file bytes. */
export async function buildWorkbook<Row extends Record<string, unknown>>({
  sheetName,
  columns,
  rows,
}: {
  sheetName: string;
  columns: XlsxColumn<Row>[];
  rows: Iterable<Row>;
}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  workbook.creator = "Back office";
  const sheet = workbook.addWorksheet(safeSheetName(sheetName), { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = columns.map((c) => {
    const style = c.style ?? "text";
    return {
      header: c.header,
      key: c.key,
      width: c.width ?? Math.max(DEFAULT_WIDTH[style], Math.min(60, c.header.length + 2)),
      style: NUM_FMT[style] ? { numFmt: NUM_FMT[style] } : {},
    };
  });
  for (const row of rows) {
    const values: Record<string, ExcelJS.CellValue> = {};
    for (const c of columns) values[c.key] = cellValue(row[c.key], c.style ?? "text");
    sheet.addRow(values);
  }
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.alignment = { vertical: "middle" };
  header.eachCell((cell) => {
    cell.numFmt = "@";
    cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFE2E8F0" } };
  });
  if (columns.length) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * A download name safe for any file system and header: no path parts, control characters or quotes,
 * at most 120 characters, always ending in the extension.
 */
export function safeFilename(name: string, extension = ".xlsx"): string {
  const ext = extension.startsWith(".") ? extension : `.${extension}`;
  let base = name
    .normalize("NFC")
    .replace(/[\u0000-\u001f\u007f"\\/:*?<>|]+/g, "-")
    .replace(/\s+/g, " ")
    .trim();
  if (base.toLowerCase().endsWith(ext.toLowerCase())) base = base.slice(0, -ext.length);
  base = base.replace(/^[.\s-]+|[.\s]+$/g, "").slice(0, 120).trim();
  return `${base || "documento"}${ext}`;
}

/** The same name in plain ASCII, for the header's legacy filename= parameter. */
function asciiFilename(name: string) {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._ -]/g, "_");
}

function rfc5987(name: string) {
  return encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A download response for a workbook: the spreadsheet type, attachment disposition, not cached. */
export function xlsxResponse(buffer: Buffer | Uint8Array, filename: string): Response {
  const name = safeFilename(filename, ".xlsx");
  const bytes = new Uint8Array(buffer);
  return new Response(bytes, {
    status: 200,
    headers: {
      "Content-Type": XLSX_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="${asciiFilename(name)}"; filename*=UTF-8''${rfc5987(name)}`,
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
