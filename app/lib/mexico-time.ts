import { DateTime } from "luxon";
import { ZONE } from "@common/format";

/*
 * Calendar arithmetic on Mexico City days (luxon). Kept apart from format.ts, which every screen
 * loads in the browser: only the loaders, actions and the few screens that do date arithmetic pay
 * for luxon.
 */

/**
 * The years a typed date may name. The database has no year 0 and cannot hold year 10 000 (the
 * day after 9999-12-31), and no record of this business is older than 1900.
 */
export const QUERY_YEARS = { min: 1900, max: 9998 } as const;

/** Whether a parsed day or month lies in the years a query may name. */
export const withinQueryYears = (dt: DateTime) => dt.isValid && dt.year >= QUERY_YEARS.min && dt.year <= QUERY_YEARS.max;

/** Parses YYYY/MM/DD (or YYYY-MM-DD) as a Mexico City day; null when invalid or outside QUERY_YEARS. */
export function parseQueryDate(value: string | null | undefined): DateTime | null {
  if (!value) return null;
  const text = value.trim().replace(/-/g, "/");
  if (!/^\d{4}\/\d{2}\/\d{2}$/.test(text)) return null;
  const dt = DateTime.fromFormat(text, "yyyy/LL/dd", { zone: ZONE });
  return withinQueryYears(dt) ? dt : null;
}

export function nowInMexico(): DateTime {
  return DateTime.now().setZone(ZONE);
}
