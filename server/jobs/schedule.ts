import { DateTime } from "luxon";

/** When a scheduled job runs: the first moment of its next period strictly after `after`. */
export type Schedule = { next: (after: Date) => Date; text: string };

/** Every `ms` milliseconds, on multiples of `ms` since the epoch (every 15 s: :00, :15, :30, :45). */
export function every(ms: number): Schedule {
  if (!Number.isInteger(ms) || ms < 1000) throw new Error(`Intervalo inválido: ${ms} ms`);
  return { text: `cada ${ms / 1000} s`, next: (after) => new Date((Math.floor(after.getTime() / ms) + 1) * ms) };
}

type Field = { values: Set<number>; any: boolean };
const FIELDS = [
  { name: "minuto", min: 0, max: 59 },
  { name: "hora", min: 0, max: 23 },
  { name: "día", min: 1, max: 31 },
  { name: "mes", min: 1, max: 12 },
  { name: "día de la semana", min: 0, max: 7 },
] as const;

function parseField(text: string, { name, min, max }: (typeof FIELDS)[number]): Field {
  const values = new Set<number>();
  for (const part of text.split(",")) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) throw new Error(`Campo de ${name} inválido: "${text}"`);
    const from = match[1] === "*" ? min : Number(match[2]);
    const to = match[1] === "*" ? max : match[3] !== undefined ? Number(match[3]) : match[4] ? max : from;
    const step = match[4] ? Number(match[4]) : 1;
    if (from < min || to > max || from > to || step < 1) throw new Error(`Campo de ${name} fuera de rango: "${text}"`);
    for (let v = from; v <= to; v += step) values.add(v);
  }
  // Sunday is 0 or 7.
  if (name === "día de la semana" && values.has(7)) values.add(0);
  return { values, any: text === "*" };
}

/**
 * A five-field cron expression (minute hour day-of-month month day-of-week; `*`, lists, ranges and
 * steps) read in a time zone: `cron("30 3 * * *", "America/Mexico_City")` is 03:30 in Mexico City
 * every day. As in cron, when both day fields are restricted a day matching either runs.
 */
export function cron(expression: string, zone = "UTC"): Schedule {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`Expresión cron inválida: "${expression}"`);
  const [minute, hour, day, month, weekday] = parts.map((p, i) => parseField(p, FIELDS[i]));
  const dayMatches = (t: DateTime) => {
    const dom = day.values.has(t.day);
    const dow = weekday.values.has(t.weekday % 7);
    if (day.any || weekday.any) return day.any ? dow : dom;
    return dom || dow;
  };
  return {
    text: `${expression} (${zone})`,
    next: (after) => {
      let t = DateTime.fromJSDate(after, { zone }).startOf("minute").plus({ minutes: 1 });
      if (!t.isValid) throw new Error(`Zona horaria inválida: ${zone}`);
      // Skips whole months, days and hours that cannot match; at most a few hundred steps a year.
      for (let steps = 0; steps < 100_000; steps++) {
        if (!month.values.has(t.month)) t = t.startOf("month").plus({ months: 1 });
        else if (!dayMatches(t)) t = t.startOf("day").plus({ days: 1 });
        else if (!hour.values.has(t.hour)) t = t.startOf("hour").plus({ hours: 1 });
        else if (!minute.values.has(t.minute)) t = t.plus({ minutes: 1 });
        else return t.toJSDate();
      }
      throw new Error(`La expresión cron "${expression}" no ocurre nunca`);
    },
  };
}
