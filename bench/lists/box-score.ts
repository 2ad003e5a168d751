import { queryOf, type BenchList } from "./types";

/**
 * /box-score (app/modules/box-score/box-score.server.ts): a month is read from the daily roll-up
 * (≤ 31 × 27 rows); the roll-up is recomputed only when the month is stale, so most requests are the
 * read alone. The SQL timed here is that read; the refresh cost is reported by the db test timings
 * and docs/box-score.md.
 */
function month(year: number, m: number): BenchList {
  const first = `${year}-${String(m).padStart(2, "0")}-01`;
  return {
    route: "/box-score",
    query: queryOf({ year, month: m }),
    sql: `select day, indicator, num, den from box_score_daily where day >= $1::date and day < ($1::date + interval '1 month')`,
    params: [first],
  };
}

const now = new Date();
const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));

export const BOX_SCORE_LISTS: BenchList[] = [
  month(now.getUTCFullYear(), now.getUTCMonth() + 1),
  month(lastMonth.getUTCFullYear(), lastMonth.getUTCMonth() + 1),
  // A month's PDV pass of the roll-up (what a stale month costs once): sales of one month by date.
  {
    route: "/box-score",
    query: queryOf({ year: lastMonth.getUTCFullYear(), month: lastMonth.getUTCMonth() + 1 }),
    sql: `select (date_created at time zone 'America/Mexico_City')::date as day, count(*), sum(total) from pdv_sales
      where date_created >= $1::timestamptz and date_created < $1::timestamptz + interval '1 month' group by 1`,
    params: [`${lastMonth.getUTCFullYear()}-${String(lastMonth.getUTCMonth() + 1).padStart(2, "0")}-01T06:00:00Z`],
  },
];
