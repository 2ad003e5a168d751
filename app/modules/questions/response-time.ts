import { DateTime } from "luxon";
import { ZONE } from "@common/format";

/**
 * Response-time cards (spec 1 §3 'Response time', §9): per store, the average minutes between a
 * question and its answer, overall and by when the question arrived (Mexico City time). The SQL in
 * questions.server.ts classifies with the same hours; these functions are the reference the unit tests
 * pin down.
 */
export const RESPONSE_BANDS = ["total", "weekdays_working_hours", "weekdays_extra_hours", "weekend"] as const;
export type ResponseBand = (typeof RESPONSE_BANDS)[number];

export const BAND_INFO: Record<ResponseBand, { label: string; hours: string; targetMinutes: number | null }> = {
  total: { label: "Total", hours: "Todas las preguntas", targetMinutes: null },
  weekdays_working_hours: { label: "Entre semana", hours: "Lunes a viernes 9–18 h", targetMinutes: 60 },
  weekdays_extra_hours: { label: "Horario extra", hours: "Lunes a viernes 18–24 h", targetMinutes: 120 },
  weekend: { label: "Fin de semana", hours: "Sábado y domingo", targetMinutes: 180 },
};

/** Working hours start at 9 and extra hours end at midnight; weekday nights before 9 count only in the total. */
export const WORK_START_HOUR = 9;
export const WORK_END_HOUR = 18;

/** The band a question falls in by its creation time, or null (weekday before 9 h: total only). */
export function bandOf(created: Date | DateTime): Exclude<ResponseBand, "total"> | null {
  const dt = (created instanceof Date ? DateTime.fromJSDate(created) : created).setZone(ZONE);
  if (dt.weekday >= 6) return "weekend";
  if (dt.hour >= WORK_START_HOUR && dt.hour < WORK_END_HOUR) return "weekdays_working_hours";
  if (dt.hour >= WORK_END_HOUR) return "weekdays_extra_hours";
  return null;
}

export type ResponseColor = "green" | "yellow" | "red";

/** Over 4 h red, over 1 h (up to 4 h) yellow, else green. */
export function responseTimeColor(minutes: number | null): ResponseColor | null {
  if (minutes == null || !Number.isFinite(minutes)) return null;
  if (minutes > 240) return "red";
  if (minutes > 60) return "yellow";
  return "green";
}

/** "45 min", "2 h 05 min" — averages are rounded to the minute. */
export function formatMinutes(minutes: number | null): string {
  if (minutes == null || !Number.isFinite(minutes)) return "—";
  const m = Math.round(minutes);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  const rest = m % 60;
  return `${h} h ${String(rest).padStart(2, "0")} min`;
}

/** Window the cards average over (Mexico City days, today included). */
export const RESPONSE_WINDOW_DAYS = 30;

/** Average minutes per band for one store, as the response-time query returns them. */
export type ResponseTimeRow = {
  store: string | null;
  answered: number;
  total: number | null;
  weekdays_working_hours: number | null;
  weekdays_extra_hours: number | null;
  weekend: number | null;
};
