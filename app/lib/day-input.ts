/** A YYYY/MM/DD (or YYYY-MM-DD) calendar day as UTC midnight milliseconds; null when it is not a real day. */
function calendarDay(value: string | undefined): number | null {
  const m = value ? /^(\d{4})[/-](\d{2})[/-](\d{2})$/.exec(value.trim()) : null;
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(year, month - 1, day);
  const d = new Date(ms);
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day ? ms : null;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The values the date inputs show for a canonical range (the chosen end is end_date minus one day).
 * Plain calendar arithmetic: it runs in every filter bar in the browser, without a zone database.
 */
export function dayInputValues(range: { start_date?: string; end_date?: string }) {
  const start = calendarDay(range.start_date);
  const end = calendarDay(range.end_date);
  return {
    start: start === null ? undefined : isoDay(start),
    end: end === null ? undefined : isoDay(end - 86_400_000),
  };
}
