import { DateTime } from "luxon";
import { ZONE } from "~/lib/format";
import { TEXTS } from "./constants";

/** Sales report date ranges (spec 1 §2 and §5). */
export const QUICK_RANGES = [
  ["today", "Hoy"],
  ["yesterday", "Ayer"],
  ["last7", "Últimos 7 días"],
  ["last30", "Últimos 30 días"],
  ["thisMonth", "Este mes"],
  ["thisYear", "Este año"],
] as const;
export type QuickRange = (typeof QUICK_RANGES)[number][0];

export const REPORT_STORES = [
  ["Meli1", "Meli1"],
  ["Oficiales", "Oficiales"],
] as const;
export type ReportStore = (typeof REPORT_STORES)[number][0];

/** The first and last day (Mexico City) of a quick range, as of `now`. */
export function quickRange(range: QuickRange, now: DateTime = DateTime.now().setZone(ZONE)): { start: DateTime; end: DateTime } {
  const today = now.setZone(ZONE).startOf("day");
  switch (range) {
    case "today":
      return { start: today, end: today };
    case "yesterday":
      return { start: today.minus({ days: 1 }), end: today.minus({ days: 1 }) };
    case "last7":
      return { start: today.minus({ days: 6 }), end: today };
    case "last30":
      return { start: today.minus({ days: 29 }), end: today };
    case "thisMonth":
      return { start: today.startOf("month"), end: today };
    case "thisYear":
      return { start: today.startOf("year"), end: today };
  }
}

export type RangeCheck =
  | { ok: true; start: DateTime; end: DateTime }
  | { ok: false; title: string; message: string };

/**
 * A custom range: both ends needed ('Rango incompleto'), no day after today ('Fecha inválida'), at
 * most one year from the start ('Rango inválido'). A reversed range is taken in order.
 */
export function checkRange(start: DateTime | null, end: DateTime | null, now: DateTime = DateTime.now().setZone(ZONE)): RangeCheck {
  if (!start || !end) return { ok: false, title: TEXTS.incompleteTitle, message: TEXTS.incomplete };
  let [from, to] = start <= end ? [start, end] : [end, start];
  from = from.setZone(ZONE).startOf("day");
  to = to.setZone(ZONE).startOf("day");
  const today = now.setZone(ZONE).startOf("day");
  if (from > today || to > today) return { ok: false, title: TEXTS.futureTitle, message: TEXTS.future };
  if (to > from.plus({ years: 1 })) return { ok: false, title: TEXTS.rangeTooLongTitle, message: TEXTS.rangeTooLong };
  return { ok: true, start: from, end: to };
}
