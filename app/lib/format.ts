import { DateTime } from "luxon";

export const ZONE = "America/Mexico_City";
export const LOCALE = "es-MX";

const mxn = new Intl.NumberFormat(LOCALE, { style: "currency", currency: "MXN", minimumFractionDigits: 2, maximumFractionDigits: 2 });
const num = new Intl.NumberFormat(LOCALE);

export function formatMoney(value: number | string | null | undefined): string {
  const n = typeof value === "string" ? Number(value) : value;
  return Number.isFinite(n) ? mxn.format(n as number) : mxn.format(0);
}

export function formatNumber(value: number | null | undefined): string {
  return num.format(value ?? 0);
}

function toDateTime(value: Date | string | number): DateTime {
  if (value instanceof Date) return DateTime.fromJSDate(value, { zone: ZONE });
  if (typeof value === "number") return DateTime.fromMillis(value, { zone: ZONE });
  return DateTime.fromISO(value, { zone: ZONE });
}

/** DD/MM/YYYY HH:mm:ss in Mexico City time. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  if (value == null) return "";
  const dt = toDateTime(value);
  return dt.isValid ? dt.setZone(ZONE).toFormat("dd/LL/yyyy HH:mm:ss") : "";
}

/** DD/MM/YYYY in Mexico City time. */
export function formatDate(value: Date | string | number | null | undefined): string {
  if (value == null) return "";
  const dt = toDateTime(value);
  return dt.isValid ? dt.setZone(ZONE).toFormat("dd/LL/yyyy") : "";
}

/** YYYY/MM/DD, the query-string form of a day. */
export function formatQueryDate(value: Date | string | number): string {
  return toDateTime(value).setZone(ZONE).toFormat("yyyy/LL/dd");
}

/** Parses YYYY/MM/DD (or YYYY-MM-DD) as a Mexico City day; null when invalid. */
export function parseQueryDate(value: string | null | undefined): DateTime | null {
  if (!value) return null;
  const text = value.trim().replace(/-/g, "/");
  if (!/^\d{4}\/\d{2}\/\d{2}$/.test(text)) return null;
  const dt = DateTime.fromFormat(text, "yyyy/LL/dd", { zone: ZONE });
  return dt.isValid ? dt : null;
}

/** 'hace 3 horas' relative to now (or a given reference, for tests). */
export function formatRelative(value: Date | string | number | null | undefined, now: Date = new Date()): string {
  if (value == null) return "";
  const dt = toDateTime(value);
  if (!dt.isValid) return "";
  return dt.setLocale(LOCALE).toRelative({ base: DateTime.fromJSDate(now, { zone: ZONE }) }) ?? "";
}

/** HH:mm, for chat bubbles. */
export function formatTime(value: Date | string | number | null | undefined): string {
  if (value == null) return "";
  const dt = toDateTime(value);
  return dt.isValid ? dt.setZone(ZONE).toFormat("HH:mm") : "";
}

export function nowInMexico(): DateTime {
  return DateTime.now().setZone(ZONE);
}
