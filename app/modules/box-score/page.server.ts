import { DateTime } from "luxon";
import { ZONE } from "@common/format";
import { boxScoreMonth, yearRange } from "./box-score.server";
import { chooseMonth, type MonthChoice, type YearRange } from "./indicators";

/**
 * The years with data change only when a new year starts or old data arrives: read once a minute,
 * not per request (it takes min/max over four tables).
 */
const YEARS_TTL_MS = 60_000;
let cachedYears: { at: number; range: YearRange } | undefined;

export async function cachedYearRange(now = new Date()): Promise<YearRange> {
  const hit = cachedYears;
  if (hit && now.getTime() - hit.at < YEARS_TTL_MS) return hit.range;
  const range = await yearRange(now);
  cachedYears = { at: now.getTime(), range };
  return range;
}

/** Forget the cached years (tests that insert data of a new year). */
export function forgetYearRange() {
  cachedYears = undefined;
}

export async function resolveMonth(url: URL, now = new Date()): Promise<{ choice: MonthChoice; range: YearRange }> {
  const range = await cachedYearRange(now);
  const today = DateTime.fromJSDate(now).setZone(ZONE);
  return { choice: chooseMonth(url.searchParams, range, { year: today.year, month: today.month }), range };
}

export { boxScoreMonth };
