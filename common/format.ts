export const ZONE = "America/Mexico_City";
export const LOCALE = "es-MX";

const mxn = new Intl.NumberFormat(LOCALE, { style: "currency", currency: "MXN", minimumFractionDigits: 2, maximumFractionDigits: 2 });
const num = new Intl.NumberFormat(LOCALE);

export function formatMoney(value: number | string | null | undefined): string {
  const n = typeof value === "string" ? Number(value) : value;
  // `|| 0` turns −0 (a zero discount negated for display) into 0: Intl would print "-$0.00".
  return Number.isFinite(n) ? mxn.format((n as number) || 0) : mxn.format(0);
}

export function formatNumber(value: number | null | undefined): string {
  return num.format(value ?? 0);
}

/** Epoch milliseconds; strings without an offset are Mexico City wall-clock time. NaN when invalid. */
function toMillis(value: Date | string | number): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === "number") return value;
  if (/(?:[zZ]|[+-]\d{2}:?\d{2})$/.test(value)) return Date.parse(value);
  return mexicoWallClockToMillis(value);
}

const LOCAL_ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;

/** 'YYYY-MM-DD[THH:mm[:ss[.SSS]]]' read as Mexico City wall-clock time; NaN when it is not one. */
function mexicoWallClockToMillis(text: string): number {
  const m = LOCAL_ISO.exec(text.trim());
  if (!m) return NaN;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m
    .slice(1, 7)
    .map((v) => (v === undefined ? undefined : Number(v))) as number[];
  const ms = m[7] ? Number(m[7].padEnd(3, "0")) : 0;
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > new Date(Date.UTC(year, month, 0)).getUTCDate() ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    return NaN;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  // As the zone database's readers do: guess with today's offset, correct once; a reading that does
  // not exist (spring forward) or exists twice (fall back) takes the standard offset.
  const today = offsetAt(Date.now());
  const guess = asUtc - today;
  const atGuess = offsetAt(guess);
  if (atGuess === today) return guess;
  const corrected = guess - (atGuess - today);
  const atCorrected = offsetAt(corrected);
  return atGuess === atCorrected ? corrected : asUtc - Math.min(atGuess, atCorrected);
}

/*
 * Lists render hundreds of timestamps per page, and asking the zone database for every one (what a
 * DateTime in America/Mexico_City does, several times per format) was the largest cost of rendering
 * them. Offsets only change on the hour, so one Intl lookup per hour serves every timestamp in it.
 */
const offsetFormatter = new Intl.DateTimeFormat("en-US", {
  timeZone: ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});
const offsetByHour = new Map<number, number>();

/** Mexico City's UTC offset in milliseconds at `ms`. */
function offsetAt(ms: number): number {
  const hour = Math.floor(ms / 3_600_000);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const p: Record<string, number> = {};
    for (const part of offsetFormatter.formatToParts(hour * 3_600_000)) if (part.type !== "literal") p[part.type] = Number(part.value);
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - hour * 3_600_000;
    if (offsetByHour.size > 50_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number; ms: number };

/** The Mexico City wall-clock reading of an instant (the screens' dates and the workbooks' cells). */
export function wallClock(ms: number): WallClock {
  const d = new Date(ms + offsetAt(ms));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    ms: d.getUTCMilliseconds(),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const dayText = (w: WallClock) => `${pad(w.day)}/${pad(w.month)}/${pad(w.year, 4)}`;
const timeText = (w: WallClock) => `${pad(w.hour)}:${pad(w.minute)}`;

function withWallClock(value: Date | string | number | null | undefined, format: (w: WallClock) => string): string {
  if (value == null) return "";
  const ms = toMillis(value);
  return Number.isFinite(ms) ? format(wallClock(ms)) : "";
}

/** DD/MM/YYYY HH:mm:ss in Mexico City time. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  return withWallClock(value, (w) => `${dayText(w)} ${timeText(w)}:${pad(w.second)}`);
}

/** DD/MM/YYYY in Mexico City time. */
export function formatDate(value: Date | string | number | null | undefined): string {
  return withWallClock(value, dayText);
}

/** YYYY-MM-DDTHH:mm, the value of a `datetime-local` input in Mexico City time. */
export function formatInputDateTime(value: Date | string | number | null | undefined): string {
  return withWallClock(value, (w) => `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${timeText(w)}`);
}

/** YYYY/MM/DD, the query-string form of a day (Mexico City). */
export function formatQueryDate(value: Date | string | number): string {
  return withWallClock(value, (w) => `${pad(w.year, 4)}/${pad(w.month)}/${pad(w.day)}`);
}

const relative = new Intl.RelativeTimeFormat(LOCALE, { numeric: "always" });
const UNIT_MS = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
  ["second", 1_000],
] as const;

/** Whole calendar months from `a` to `b` (a ≤ b) on the Mexico City calendar, days clamped to month ends. */
function wholeMonths(a: WallClock, b: WallClock): number {
  let months = (b.year - a.year) * 12 + (b.month - a.month);
  const landing = (n: number) => {
    const total = a.month - 1 + n;
    const y = a.year + Math.floor(total / 12);
    const m = (((total % 12) + 12) % 12) + 1;
    const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
    return Date.UTC(y, m - 1, Math.min(a.day, lastDay), a.hour, a.minute, a.second, a.ms);
  };
  const end = Date.UTC(b.year, b.month - 1, b.day, b.hour, b.minute, b.second, b.ms);
  while (months > 0 && landing(months) > end) months--;
  return months;
}

/**
 * 'hace 3 horas' relative to now (or a given reference, for tests): the largest of years, months,
 * days, hours, minutes and seconds that is at least one, truncated.
 */
export function formatRelative(value: Date | string | number | null | undefined, now: Date = new Date()): string {
  if (value == null) return "";
  const ms = toMillis(value);
  if (!Number.isFinite(ms)) return "";
  const base = now.getTime();
  const past = ms <= base;
  const sign = past ? -1 : 1;
  const [from, to] = past ? [ms, base] : [base, ms];
  const months = wholeMonths(wallClock(from), wallClock(to));
  if (months >= 12) return relative.format(sign * Math.floor(months / 12), "year");
  if (months >= 1) return relative.format(sign * months, "month");
  for (const [unit, size] of UNIT_MS) {
    const count = Math.trunc((to - from) / size);
    if (count >= 1) return relative.format(sign * count, unit);
  }
  return relative.format(past ? -0 : 0, "second");
}

/** HH:mm, for chat bubbles. */
export function formatTime(value: Date | string | number | null | undefined): string {
  return withWallClock(value, timeText);
}
