import { and, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import { DateTime } from "luxon";
import { getDb, type Db } from "@server/db/client";
import { boxScoreDaily, boxScoreMonths } from "@server/db/schema";
import { ZONE } from "@common/format";
import { priorityCutoff } from "~/modules/messages/rules";
import { INDICATORS, daysOf, valueOf, type YearRange } from "./indicators";

/**
 * The daily roll-up behind /box-score (docs/decisions/0016). A month is recomputed from its sources
 * in one transaction when its last refresh is older than its time-to-live: one grouped query per
 * source over that month's rows, never a scan of everything per request.
 */
export const FRESH_MS = { current: 60_000, past: 15 * 60_000 } as const;

const Z = sql.raw(`'${ZONE}'`);

/**
 * The roll-up's reads: each yields (day, indicator, num, den) for days in [from, to) from one source
 * (the refresh inserts them; the bench times them as a stale month's cost).
 */
function sourceSelects(from: Date, to: Date) {
  const dayOf = (col: string) => sql.raw(`(${col} at time zone ${`'${ZONE}'`})::date`);
  const orders = sql`
    with o as (
      select ${dayOf("order_date")} as day, order_status = 'cancelled' as cancelled,
        coalesce(logistic_type, '') as lt, total_amount::float8 as total, shipping_cost::float8 as shipping,
        claim_status, intelisis_movement, order_date, estimated_handling_limit, ready_date,
        (select coalesce(sum((i->>'qty')::float8), 0) from jsonb_array_elements(order_items) i) as units,
        (select coalesce(sum(coalesce((i->>'saleFee')::float8, 0) * coalesce((i->>'qty')::float8, 1)), 0) from jsonb_array_elements(order_items) i) as fee
      from orders where order_date >= ${from} and order_date < ${to}
    ), kept as (select * from o where not cancelled)
    select day, 'ml_sales', sum(total), null::float8 from kept where lt not in ('ecommerce', 'cotizador') group by day
    union all select day, 'shop_sales', sum(total), null::float8 from kept where lt = 'ecommerce' group by day
    union all select day, 'quoter_orders', count(*), null::float8 from kept where lt = 'cotizador' group by day
    union all select day, 'ml_orders', count(*), null::float8 from kept where lt not in ('ecommerce', 'cotizador') group by day
    union all select day, 'ml_ticket', sum(total), count(*) from kept where lt not in ('ecommerce', 'cotizador') group by day
    union all select day, 'units_sold', sum(units), null::float8 from kept group by day
    union all select day, 'ml_fee_pct', sum(fee), sum(total) from kept where lt not in ('ecommerce', 'cotizador') group by day
    union all select day, 'seller_shipping', coalesce(sum(shipping), 0), null::float8 from kept group by day
    union all select day, 'cancelled_pct', count(*) filter (where cancelled), count(*) from o group by day
    union all select day, 'open_claims', count(*), null::float8 from o where claim_status = 'opened' group by day
    union all select day, 'late_orders', count(*), null::float8 from kept where estimated_handling_limit < coalesce(ready_date, now()) group by day
    union all select day, 'no_movement_24h', count(*), null::float8 from kept where intelisis_movement is null and order_date < now() - interval '24 hours' group by day
    union all select day, 'net_sales', sum(total), null::float8 from kept group by day`;
  const pdv = sql`
    with s as (
      select ${dayOf("date_created")} as day, id, is_active, intelisis_status, total::float8 as total, subtotal::float8 as subtotal,
        total_discount::float8 as discount, (amount_cash - change_money)::float8 as cash, amount_card_debit::float8 as debit, amount_card_credit::float8 as credit
      from pdv_sales where date_created >= ${from} and date_created < ${to}
    ), a as (select * from s where is_active),
    u as (select s.day, sum(l.qty)::float8 as units from a s join pdv_sale_lines l on l.sale_id = s.id and l.is_active group by s.day)
    select day, 'pdv_sales', sum(total), null::float8 from a group by day
    union all select day, 'pdv_tickets', count(*), null::float8 from a group by day
    union all select day, 'pdv_ticket', sum(total), count(*) from a group by day
    union all select day, 'pdv_discount_pct', sum(discount), sum(subtotal + discount) from a group by day
    union all select day, 'pdv_cancelled', count(*), null::float8 from s where not is_active group by day
    union all select day, 'cash_share', sum(cash), sum(total) from a group by day
    union all select day, 'debit_share', sum(debit), sum(total) from a group by day
    union all select day, 'credit_share', sum(credit), sum(total) from a group by day
    union all select day, 'pdv_not_in_erp', count(*), null::float8 from a where not intelisis_status group by day
    union all select day, 'pdv_units', units, null::float8 from u`;
  const quotes = sql`
    select ${dayOf("created_at")}, 'quotes_created', count(*), null::float8 from quotations where created_at >= ${from} and created_at < ${to} group by 1
    union all select ${dayOf("created_at")}, 'amount_quoted', sum(total)::float8, null::float8 from quotations where created_at >= ${from} and created_at < ${to} group by 1
    union all select ${dayOf("q.created_at")}, 'quote_to_order_pct',
        count(*) filter (where q.order_id is not null and (o.order_date is null or o.order_date < q.created_at + interval '30 days')), count(*)
      from quotations q left join orders o on o.id = q.order_id
      where q.created_at >= ${from} and q.created_at < ${to} group by 1`;
  // Boxes closed that day: how far the count was from what the system expected, either way (a
  // surplus and a shortage do not cancel out).
  const cashCut = sql`
    select ${dayOf("date_close")}, 'cash_cut_diff', sum(abs(coalesce(close_difference, 0)))::float8, null::float8
    from pdv_sessions where date_close >= ${from} and date_close < ${to} group by 1`;
  // Business hours: Monday to Friday, 9:00–18:00 Mexico City; the target there is 60 minutes (the
  // questions screen's 'Entre semana' band).
  const questionsSql = sql`
    with q as (
      select ${dayOf("date_created")} as day, date_created, answered_at,
        extract(isodow from date_created at time zone ${Z}) between 1 and 5
          and extract(hour from date_created at time zone ${Z}) between 9 and 17 as business
      from questions where date_created >= ${from} and date_created < ${to}
    )
    select day, 'questions', count(*), null::float8 from q group by day
    union all select day, 'answer_minutes', sum(extract(epoch from answered_at - date_created) / 60), count(*) from q where business and answered_at is not null group by day
    union all select day, 'answered_in_target_pct', count(*) filter (where answered_at is not null and answered_at - date_created <= interval '60 minutes'), count(*) from q where business group by day`;
  // Urgent as on /messages (the buyer wrote last and nobody answered for 24 hours), counted on the day
  // the buyer wrote: the conversations of that day still waiting past the limit.
  const urgent = sql`
    select ${dayOf("last_message_date")}, 'urgent_messages', count(*), null::float8
    from conversations
    where not last_message_from_seller and last_message_date >= ${from} and last_message_date < ${to}
      and last_message_date <= ${priorityCutoff(new Date())}
    group by 1`;
  return { orders, pdv, quotes, cashCut, questions: questionsSql, urgent };
}

/** The refresh's statements: each source's rows into the roll-up; the PDV adds to what the orders wrote. */
function sourceStatements(from: Date, to: Date) {
  const into = (rows: SQL) => sql`insert into box_score_daily (day, indicator, num, den) ${rows}`;
  const { orders, pdv, quotes, cashCut, questions, urgent } = sourceSelects(from, to);
  return [
    into(orders),
    sql`${into(pdv)} on conflict (day, indicator) do update set num = box_score_daily.num + excluded.num`,
    into(quotes),
    into(cashCut),
    into(questions),
    into(urgent),
  ];
}

function monthBounds(year: number, month: number) {
  const start = DateTime.fromObject({ year, month, day: 1 }, { zone: ZONE });
  return { start, end: start.plus({ months: 1 }), key: start.toFormat("yyyy-LL-dd"), lastDay: start.endOf("month").toFormat("yyyy-LL-dd") };
}

/** A month's source reads, as a stale month's refresh runs them (before inserting their rows). */
export function monthSourceSelects(year: number, month: number) {
  const { start, end } = monthBounds(year, month);
  return Object.values(sourceSelects(start.toJSDate(), end.toJSDate()));
}

/** When the month was last recomputed: every request reads it to decide whether the month is stale. */
export function monthStateQuery(db: Pick<Db, "select">, year: number, month: number) {
  return db
    .select()
    .from(boxScoreMonths)
    .where(eq(boxScoreMonths.month, monthBounds(year, month).key))
    .limit(1);
}

/** The month's table as stored: ≤ 31 × indicators rows of the roll-up. */
export function monthDailyQuery(db: Pick<Db, "select">, year: number, month: number) {
  const { key, lastDay } = monthBounds(year, month);
  return db
    .select({ day: boxScoreDaily.day, indicator: boxScoreDaily.indicator, num: boxScoreDaily.num, den: boxScoreDaily.den })
    .from(boxScoreDaily)
    .where(and(gte(boxScoreDaily.day, key), lte(boxScoreDaily.day, lastDay)));
}

/** Recomputes the month if stale (or always with `force`); concurrent requests wait on the month's row lock. */
export async function refreshMonth(year: number, month: number, opts: { now?: Date; force?: boolean } = {}) {
  const now = opts.now ?? new Date();
  const { start, end, key, lastDay } = monthBounds(year, month);
  const ttl = DateTime.fromJSDate(now).setZone(ZONE).startOf("month").toMillis() === start.toMillis() ? FRESH_MS.current : FRESH_MS.past;
  const db = getDb();
  const [known] = await monthStateQuery(db, year, month);
  if (!opts.force && known && now.getTime() - known.refreshedAt.getTime() < ttl) return false;
  return db.transaction(async (tx) => {
    await tx
      .insert(boxScoreMonths)
      .values({ month: key, refreshedAt: new Date(0) })
      .onConflictDoNothing();
    const [locked] = await tx.select().from(boxScoreMonths).where(eq(boxScoreMonths.month, key)).for("update");
    if (!opts.force && now.getTime() - locked.refreshedAt.getTime() < ttl) return false;
    await tx.delete(boxScoreDaily).where(and(gte(boxScoreDaily.day, key), lte(boxScoreDaily.day, lastDay)));
    for (const statement of sourceStatements(start.toJSDate(), end.toJSDate())) await tx.execute(statement);
    // Units sold and net sales take the PDV too.
    await tx.execute(sql`
      insert into box_score_daily (day, indicator, num, den)
      select day, 'units_sold', num, null::float8 from box_score_daily where indicator = 'pdv_units' and day between ${key} and ${lastDay}
      union all select day, 'net_sales', num, null::float8 from box_score_daily where indicator = 'pdv_sales' and day between ${key} and ${lastDay}
      on conflict (day, indicator) do update set num = box_score_daily.num + excluded.num`);
    await tx.update(boxScoreMonths).set({ refreshedAt: now }).where(eq(boxScoreMonths.month, key));
    return true;
  });
}

export type BoxScoreRow = {
  key: string;
  label: string;
  unit: (typeof INDICATORS)[number]["unit"];
  missing: string | null;
  /** One value per day of the month, then the month's total. */
  days: Array<number | null>;
  total: number | null;
};

/** The month's table: refreshes the roll-up if stale, then reads ≤ 31 × indicators rows. */
export async function boxScoreMonth(year: number, month: number, opts: { now?: Date } = {}) {
  await refreshMonth(year, month, opts);
  const rows = await monthDailyQuery(getDb(), year, month);
  const days = daysOf(year, month);
  const index = new Map(days.map((d, i) => [d, i]));
  const byKey = new Map<string, { num: number[]; den: Array<number | null> }>();
  for (const r of rows) {
    let cell = byKey.get(r.indicator);
    if (!cell) byKey.set(r.indicator, (cell = { num: days.map(() => 0), den: days.map(() => null) }));
    const i = index.get(r.day);
    if (i === undefined) continue;
    cell.num[i] = r.num;
    cell.den[i] = r.den;
  }
  const table: BoxScoreRow[] = INDICATORS.map((ind) => {
    if (ind.missing)
      return { key: ind.key, label: ind.label, unit: ind.unit, missing: ind.missing, days: days.map(() => null), total: null };
    const cell = byKey.get(ind.key) ?? { num: days.map(() => 0), den: days.map(() => null) };
    const sumNum = cell.num.reduce((a, b) => a + b, 0);
    const sumDen = cell.den.reduce<number>((a, b) => a + (b ?? 0), 0);
    return {
      key: ind.key,
      label: ind.label,
      unit: ind.unit,
      missing: null,
      days: days.map((_, i) => valueOf(ind.kind, cell.num[i], cell.den[i])),
      total: valueOf(ind.kind, sumNum, sumDen),
    };
  });
  return { days, rows: table };
}

/** The years that have data in any source (the current year when none). */
export async function yearRange(now: Date = new Date()): Promise<YearRange> {
  const result = await getDb().execute(sql`
    select min(y)::int as first, max(y)::int as last from (
      select extract(year from (select min(order_date) from orders) at time zone ${Z}) as y
      union all select extract(year from (select max(order_date) from orders) at time zone ${Z})
      union all select extract(year from (select min(date_created) from pdv_sales) at time zone ${Z})
      union all select extract(year from (select max(date_created) from pdv_sales) at time zone ${Z})
      union all select extract(year from (select min(created_at) from quotations) at time zone ${Z})
      union all select extract(year from (select max(created_at) from quotations) at time zone ${Z})
      union all select extract(year from (select min(date_created) from questions) at time zone ${Z})
      union all select extract(year from (select max(date_created) from questions) at time zone ${Z})
    ) years where y is not null`);
  const row = (result as unknown as { rows: Array<{ first: number | null; last: number | null }> }).rows[0];
  const current = DateTime.fromJSDate(now).setZone(ZONE).year;
  if (!row || row.first === null || row.last === null) return { first: current, last: current };
  return { first: row.first, last: row.last };
}
