import { z } from "zod";
import { queryDay } from "~/lib/day-range";
import { q } from "~/lib/query";

/** The spec's status_filter values; the legacy list endpoint takes no status, so it is kept in the URL only. */
export const STATUS_FILTERS = ["new", "pending", "closed", "cancelled"] as const;

export const FeedbackQuery = {
  page: q.page(),
  search: q.search(),
  start_date: queryDay(),
  /** Exclusive: the chosen end day plus one. */
  end_date: queryDay(),
  status_filter: q.oneOf([...STATUS_FILTERS]),
};
export type FeedbackQueryValue = { [K in keyof typeof FeedbackQuery]: z.output<(typeof FeedbackQuery)[K]> };

/** A sale id as the marketplace writes it. */
export const SaleIdSchema = z.string().regex(/^\d{1,19}$/);

/** At most this many extra recipients travel with a resend. */
export const RESEND_EXTRA_MAX = 20;

/**
 * Conform builds a list as long as the largest index posted and Zod visits every slot, so one forged
 * field like `recipients[9999999]` would hold the server for minutes: such a post is refused unread.
 */
export function hasFarListIndex(form: FormData): boolean {
  const far = (index: string) => index.length > 4 || Number(index) > RESEND_EXTRA_MAX * 2;
  for (const [name, value] of form.entries()) {
    for (const [, index] of name.matchAll(/\[(\d+)\]/g)) if (far(index)) return true;
    if (name === "__intent__" && typeof value === "string") {
      for (const [, bracket, key] of value.matchAll(/\[(\d+)\]|"(?:index|from|to)"\s*:\s*"?(\d+)/g)) if (far(bracket ?? key)) return true;
    }
  }
  return false;
}
