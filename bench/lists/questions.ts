import { DateTime } from "luxon";
import type { BenchList } from "./types";

/**
 * /questions runs, per load: the batch with its publications, the count (or the day's per-store
 * counts), the earlier records of the batch's clients and the fast answers. The raw SQL below is that
 * same work as one statement, so the ratio compares like with like. The response-time aggregate
 * (RESPONSE_TIMES_SQL, ≈ 30 ms at bench scale on PGlite) is cached for a minute per process and
 * dropped on every answer, so it is not part of a typical load.
 */
export const RESPONSE_TIMES_PARAMS = () => [DateTime.now().setZone("America/Mexico_City").startOf("day").minus({ days: 29 }).toJSDate().toISOString()];

/** Start of the Mexico City day `ago` days back (negative: ahead). */
const day = (ago: number) => DateTime.now().setZone("America/Mexico_City").startOf("day").minus({ days: ago }).toJSDate().toISOString();

const card = `q.id, q.status, q.message, q.answer, q.draft, q.client_id, q.client_nickname, q.store, q.date_created, q.answered_at,
  q.evaluation, q.suggestion, q.publication_id, p.title, p.permalink, p.price, p.stock_now, p.status as publication_status,
  p.gallery -> 0 ->> 'url' as image, p.linked_products`;

export const RESPONSE_TIMES_SQL = `
  select store, count(*) as answered,
    avg(extract(epoch from answered_at - date_created) / 60.0) as total,
    avg(extract(epoch from answered_at - date_created) / 60.0) filter (where extract(isodow from date_created at time zone 'America/Mexico_City') <= 5
      and extract(hour from date_created at time zone 'America/Mexico_City') >= 9 and extract(hour from date_created at time zone 'America/Mexico_City') < 18) as working,
    avg(extract(epoch from answered_at - date_created) / 60.0) filter (where extract(isodow from date_created at time zone 'America/Mexico_City') <= 5
      and extract(hour from date_created at time zone 'America/Mexico_City') >= 18) as extra,
    avg(extract(epoch from answered_at - date_created) / 60.0) filter (where extract(isodow from date_created at time zone 'America/Mexico_City') >= 6) as weekend
  from questions where status <> 'UNANSWERED' and date_created >= $1 and answered_at is not null group by store`;

const tail = (n: number) => `records as (
  select r.id, r.client_id, r.publication_id, r.message, r.answer from questions r
  where r.client_id in (select client_id from page) and r.publication_id in (select publication_id from page)
  order by r.date_created desc limit ${n * 20}),
  fast as (select id, name, text from fast_answers order by lower(name), id)
select (select json_agg(page) from page) as page, (select json_agg(records) from records) as records,
  (select json_agg(fast) from fast) as fast`;

export const QUESTION_LISTS: BenchList[] = [
  {
    route: "/questions",
    query: "",
    sql: `with page as (select ${card} from questions q left join publications p on p.id = q.publication_id
      where q.status = 'UNANSWERED' order by q.date_created asc, q.id asc limit 3),
      total as (select count(*) from questions where status = 'UNANSWERED'), ${tail(3)}, (select * from total) as total`,
  },
  {
    route: "/questions",
    query: "limit=30",
    sql: `with page as (select ${card} from questions q left join publications p on p.id = q.publication_id
      where q.status = 'UNANSWERED' order by q.date_created asc, q.id asc limit 30),
      total as (select count(*) from questions where status = 'UNANSWERED'), ${tail(30)}, (select * from total) as total`,
  },
  {
    // Without a date the history shows today (Mexico City).
    route: "/questions",
    query: "tab=history",
    sql: `with page as (select ${card} from questions q left join publications p on p.id = q.publication_id
      where q.status <> 'UNANSWERED' and q.date_created >= $1 and q.date_created < $2 order by q.date_created desc, q.id desc limit 3),
      counts as (select store, count(*) from questions where status <> 'UNANSWERED' and date_created >= $1 and date_created < $2 group by store),
      ${tail(3)}, (select json_agg(counts) from counts) as counts`,
    params: [day(0), day(-1)],
  },
  {
    route: "/questions",
    query: `tab=history&limit=12&date=${encodeURIComponent(DateTime.now().setZone("America/Mexico_City").minus({ days: 1 }).toFormat("yyyy/LL/dd"))}`,
    sql: `with page as (select ${card} from questions q left join publications p on p.id = q.publication_id
      where q.status <> 'UNANSWERED' and q.date_created >= $1 and q.date_created < $2 order by q.date_created desc, q.id desc limit 12),
      counts as (select store, count(*) from questions where status <> 'UNANSWERED' and date_created >= $1 and date_created < $2 group by store),
      ${tail(12)}, (select json_agg(counts) from counts) as counts`,
    params: [day(1), day(0)],
  },
];
