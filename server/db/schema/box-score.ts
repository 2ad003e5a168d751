import { date, doublePrecision, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { timestampTz } from "./columns";

/**
 * The box-score's daily roll-up: one row per (day, indicator) with the numerator and, for ratios and
 * averages, the denominator, so a month total is sum(num) / sum(den) and never an average of averages.
 * Derived data, recomputed a month at a time when stale (docs/decisions/0016).
 */
export const boxScoreDaily = pgTable(
  "box_score_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    indicator: text("indicator").notNull(),
    num: doublePrecision("num").notNull().default(0),
    den: doublePrecision("den"),
  },
  (t) => [primaryKey({ columns: [t.day, t.indicator] })],
);

/** When each month of the roll-up was last recomputed (first day of the month, Mexico City). */
export const boxScoreMonths = pgTable("box_score_months", {
  month: date("month", { mode: "string" }).primaryKey(),
  refreshedAt: timestampTz("refreshed_at").notNull(),
});
