import { DateTime } from "luxon";
import { ZONE } from "./format";

/*
 * Calendar arithmetic on Mexico City days (luxon). Kept apart from format.ts, which every screen
 * loads in the browser: only the loaders, actions and the few screens that do date arithmetic pay
 * for luxon.
 */

/** Parses YYYY/MM/DD (or YYYY-MM-DD) as a Mexico City day; null when invalid. */
export function parseQueryDate(value: string | null | undefined): DateTime | null {
  if (!value) return null;
  const text = value.trim().replace(/-/g, "/");
  if (!/^\d{4}\/\d{2}\/\d{2}$/.test(text)) return null;
  const dt = DateTime.fromFormat(text, "yyyy/LL/dd", { zone: ZONE });
  return dt.isValid ? dt : null;
}

export function nowInMexico(): DateTime {
  return DateTime.now().setZone(ZONE);
}
