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
  { route: "/blog-posts", query: "", sql: `select id, title, slug, status, publish_at, created_at, count(*) over() as total from blog_posts order by created_at desc, id desc limit 10`, params: [] },
];
