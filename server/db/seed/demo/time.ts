import { DateTime } from "luxon";

export const ZONE = "America/Mexico_City";

/**
 * The demo clock. Every date in the data set is an offset from `anchor` (the moment the seed runs,
 * truncated to the minute), so the data always looks recent: some orders today, the rest over the
 * last weeks. Pass a fixed `now` to reproduce a data set exactly.
 */
export class DemoClock {
  readonly anchor: DateTime;
  readonly today: DateTime;

  constructor(now: Date) {
    this.anchor = DateTime.fromJSDate(now, { zone: ZONE }).startOf("minute");
    this.today = this.anchor.startOf("day");
  }

  /** A moment `days` days before today at the given local time; never later than the anchor. */
  at(days: number, hour: number, minute = 0, second = 0): DateTime {
    const dt = this.today.minus({ days }).set({ hour, minute, second });
    if (dt <= this.anchor) return dt;
    // Today but later than now: keep the minute within the last hours of today (or late yesterday).
    const lateness = dt.diff(this.today, "minutes").minutes % 180;
    return this.anchor.minus({ minutes: 3 + Math.floor(lateness) });
  }

  /** The moment `minutes` minutes before the anchor. */
  minutesAgo(minutes: number): DateTime {
    return this.anchor.minus({ minutes });
  }

  /** Never after the anchor. */
  clamp(dt: DateTime): DateTime {
    return dt > this.anchor ? this.anchor : dt;
  }

  /** The next working day (Mon–Fri) after `dt`, at the given hour. */
  nextWorkingDay(dt: DateTime, hour: number, minute = 0): DateTime {
    let d = dt.plus({ days: 1 }).set({ hour, minute, second: 0, millisecond: 0 });
    while (d.weekday > 5) d = d.plus({ days: 1 });
    return d;
  }
}

export const iso = (dt: DateTime) => dt.toUTC().toISO() as string;
export const js = (dt: DateTime) => dt.toJSDate();
