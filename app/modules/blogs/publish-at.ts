import { DateTime } from "luxon";
import { ZONE } from "@common/format";

/*
 * Reading a posted publication date needs the zone database's calendar checks (luxon): kept out of
 * the module the blog dialog draws from, so the page loads no date library (the form's checks fetch
 * it, app/lib/lazy-validation.ts).
 */

/** "2026-12-01T09:30" (what datetime-local posts, Mexico City wall clock) → the instant, or null. */
export function parsePublishAt(value: string): Date | null {
  const dt = DateTime.fromFormat(value, "yyyy-MM-dd'T'HH:mm", { zone: ZONE });
  if (!dt.isValid) return null;
  if (dt.year < 2000 || dt.year > 2999) return null;
  return dt.toJSDate();
}
