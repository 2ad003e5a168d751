import type { DateTime } from "luxon";
import { z } from "zod";
import { parseQueryDate } from "./mexico-time";

/**
 * Day ranges in list URLs (spec: start_date and end_date as YYYY/MM/DD, the end date sent as the chosen
 * end plus one day). The filter form sends the chosen days as start_day and end_day; the loader
 * redirects to the spec's shape, so it works without JavaScript and bookmarks keep that shape.
 */

/** A YYYY/MM/DD (or YYYY-MM-DD) query value, normalised; invalid values fall back to undefined. */
export const queryDay = () =>
  z
    .string()
    .optional()
    .transform((v) => (v ? parseQueryDate(v)?.toFormat("yyyy/LL/dd") : undefined))
    .catch(undefined);

/** The end date sent for a chosen last day: the next day (an exclusive bound). */
export function endDateParam(chosen: DateTime) {
  return chosen.plus({ days: 1 }).toFormat("yyyy/LL/dd");
}

/** Where to redirect a submitted filter form (start_day/end_day) to; null when the URL is already canonical. */
export function canonicalDayRange(url: URL): string | null {
  if (!url.searchParams.has("start_day") && !url.searchParams.has("end_day")) return null;
  const params = new URLSearchParams(url.search);
  const start = parseQueryDate(params.get("start_day"));
  const end = parseQueryDate(params.get("end_day"));
  for (const key of ["start_day", "end_day", "start_date", "end_date", "page"]) params.delete(key);
  if (start) params.set("start_date", start.toFormat("yyyy/LL/dd"));
  if (end) params.set("end_date", endDateParam(end));
  const text = params.toString();
  return `${url.pathname}${text ? `?${text}` : ""}`;
}
