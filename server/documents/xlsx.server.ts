import ExcelJS from "exceljs";
import { DateTime } from "luxon";
import { ZONE, wallClock, type WallClock } from "@common/format";
import { writeWorkbookInWorker, type CellValue } from "./xlsx-worker";

/**
 * Real .xlsx spreadsheets with exceljs. Cells are typed by their column style: numbers stay numbers
 * (money with a currency format), dates are Excel dates showing Mexico City wall-clock time.
 */
export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

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

type Fields = Omit<WallClock, "ms">;

/** An instant's Mexico City wall-clock fields (the cached per-hour offsets of the screens' dates). */
function fieldsOfInstant(ms: number): Fields | null {
  return Number.isFinite(ms) ? wallClock(ms) : null;
}

/** A value as Mexico City wall-clock fields; a text without an offset already is Mexico City time. */
function mxFields(value: unknown): Fields | null {
  if (value == null || value === "") return null;
  if (value instanceof Date) return fieldsOfInstant(value.getTime());
  if (typeof value === "number") return fieldsOfInstant(value);
  if (DateTime.isDateTime(value)) return value.isValid ? fieldsOfInstant(value.toMillis()) : null;
  const text = String(value);
  const plain = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (plain) {
    const [, y, mo, d, h = "0", mi = "0", se = "0"] = plain;
    return { year: +y, month: +mo, day: +d, hour: +h, minute: +mi, second: +se };
  }
  const dt = DateTime.fromISO(text, { zone: ZONE });
  return dt.isValid ? fieldsOfInstant(dt.toMillis()) : null;
}

const two = (n: number) => String(n).padStart(2, "0");

/**
 * Excel dates have no zone: exceljs stores a Date by its UTC fields, so the Mexico City wall-clock
 * fields are written as UTC to show the local time a user expects.
 */
function excelDate(value: unknown, dayOnly: boolean): Date | null {
  const f = mxFields(value);
  if (!f) return null;
  return dayOnly
    ? new Date(Date.UTC(f.year, f.month - 1, f.day))
    : new Date(Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second));
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
    default: {
      if (value == null) return null;
      if (value instanceof Date) {
        const f = fieldsOfInstant(value.getTime());
        return f ? `${two(f.day)}/${two(f.month)}/${f.year} ${two(f.hour)}:${two(f.minute)}:${two(f.second)}` : null;
      }
      if (Array.isArray(value)) return value.join(", ");
      return typeof value === "object" ? JSON.stringify(value) : String(value);
    }
  }
}

/** Excel sheet names: at most 31 characters, none of [ ] : * ? / \, not blank. */
export function safeSheetName(name: string): string {
  const cleaned = name
    .replace(/[[\]:*?/\\]/g, " ")
    .replace(/^'+|'+$/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 31)
    .trim();
  return cleaned || "Hoja1";
}

/**
 * Builds one worksheet with a bold, frozen, filterable header row and returns the file bytes. The
 * cells are typed here; the workbook itself is written in a worker thread (`xlsx-worker.ts`), so a
 * large export never holds other users' requests.
 */
export async function buildWorkbook<Row extends Record<string, unknown>>({
  sheetName,
  columns,
  rows,
}: {
  sheetName: string;
  columns: XlsxColumn<Row>[];
  rows: Iterable<Row>;
}): Promise<Buffer> {
  const styles = columns.map((c) => c.style ?? "text");
  return writeWorkbookInWorker({
    sheetName: safeSheetName(sheetName),
    columns: columns.map((c, i) => ({
      header: c.header,
      key: c.key,
      width: c.width ?? Math.max(DEFAULT_WIDTH[styles[i]], Math.min(60, c.header.length + 2)),
      numFmt: NUM_FMT[styles[i]],
    })),
    rows,
    cells: (row) => columns.map((c, i) => cellValue(row[c.key], styles[i]) as CellValue),
  });
}

/**
 * A download name safe for any file system and header: no path parts, control characters or quotes,
 * at most 120 characters, always ending in the extension.
 */
export function safeFilename(name: string, extension = ".xlsx"): string {
  const ext = extension.startsWith(".") ? extension : `.${extension}`;
  let base = name
    .normalize("NFC")
    // eslint-disable-next-line no-control-regex -- control characters are among what a file name cannot hold
    .replace(/[\u0000-\u001f\u007f"\\/:*?<>|]+/g, "-")
    .replace(/\s+/g, " ")
    .trim();
  if (base.toLowerCase().endsWith(ext.toLowerCase())) base = base.slice(0, -ext.length);
  base = base
    .replace(/^[.\s-]+|[.\s]+$/g, "")
    .slice(0, 120)
    .trim();
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
