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
