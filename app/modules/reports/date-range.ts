import { DateTime } from "luxon";
import { ZONE } from "@common/format";
import { parseQueryDate } from "~/lib/mexico-time";

/**
 * Report and list date ranges (spec 1 §5 "Reports"): the quick picks and the custom-range rules with
 * their messages, shared by every screen that asks for a range.
 */
export const QUICK_RANGES = [
  ["today", "Hoy"],
  ["yesterday", "Ayer"],
  ["last7", "Últimos 7 días"],
  ["last30", "Últimos 30 días"],
  ["thisMonth", "Este mes"],
  ["thisYear", "Este año"],
] as const;
export type QuickRange = (typeof QUICK_RANGES)[number][0];

export const RANGE_MESSAGES = {
  incomplete: { title: "Rango incompleto", message: "Selecciona un rango completo." },
  future: { title: "Fecha inválida", message: "No se permite seleccionar fechas futuras." },
  tooLong: { title: "Rango inválido", message: "El rango máximo permitido es de 1 año." },
} as const;

export type RangeError = (typeof RANGE_MESSAGES)[keyof typeof RANGE_MESSAGES];

/** A day range in Mexico City: from the start of `from` to the start of the day after `to`. */
export type DayRange = { from: Date; toExclusive: Date; start: string; end: string };

function dayRange(from: DateTime, to: DateTime): DayRange {
  return {
    from: from.startOf("day").toJSDate(),
    toExclusive: to.startOf("day").plus({ days: 1 }).toJSDate(),
    start: from.toFormat("yyyy/LL/dd"),
    end: to.toFormat("yyyy/LL/dd"),
  };
}

/**
 * Checks a chosen range: both ends needed, neither in the future, at most one year from the start.
 * Reversed ends are swapped.
 */
export function validateRange(
  start: string | null | undefined,
  end: string | null | undefined,
  now: Date = new Date(),
): { range: DayRange | null; error: RangeError | null } {
  const a = parseQueryDate(start ?? null);
  const b = parseQueryDate(end ?? null);
  if (!a && !b) return { range: null, error: null };
  if (!a || !b) return { range: null, error: RANGE_MESSAGES.incomplete };
  const [from, to] = a <= b ? [a, b] : [b, a];
  const today = DateTime.fromJSDate(now, { zone: ZONE }).startOf("day");
  if (to.startOf("day") > today) return { range: null, error: RANGE_MESSAGES.future };
  if (to.startOf("day") > from.startOf("day").plus({ years: 1 })) return { range: null, error: RANGE_MESSAGES.tooLong };
  return { range: dayRange(from, to), error: null };
}

/** A quick pick as a range ending today. */
export function quickRange(pick: QuickRange, now: Date = new Date()): DayRange {
  const today = DateTime.fromJSDate(now, { zone: ZONE }).startOf("day");
  switch (pick) {
    case "today":
      return dayRange(today, today);
    case "yesterday":
      return dayRange(today.minus({ days: 1 }), today.minus({ days: 1 }));
    case "last7":
      return dayRange(today.minus({ days: 6 }), today);
    case "last30":
      return dayRange(today.minus({ days: 29 }), today);
    case "thisMonth":
      return dayRange(today.startOf("month"), today);
    case "thisYear":
      return dayRange(today.startOf("year"), today);
  }
}
