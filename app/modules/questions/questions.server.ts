import { and, asc, desc, eq, gte, inArray, lt, ne, sql, type SQL } from "drizzle-orm";
import { DateTime } from "luxon";
import { getDb, type Db } from "@server/db/client";
import { publications, questions } from "@server/db/schema";
import { ZONE } from "@common/format";
import { parseQueryDate } from "~/lib/mexico-time";
import { PENDING_STATUS } from "./rules";
import { RESPONSE_WINDOW_DAYS, WORK_END_HOUR, WORK_START_HOUR, type ResponseTimeRow } from "./response-time";

export type { ResponseTimeRow };

/** The card's columns: the question, its publication (left join: it may be gone) and nothing else. */
const cardColumns = {
  id: questions.id,
  status: questions.status,
  message: questions.message,
  answer: questions.answer,
  draft: questions.draft,
  clientId: questions.clientId,
  clientNickname: questions.clientNickname,
  store: questions.store,
  dateCreated: questions.dateCreated,
  answeredAt: questions.answeredAt,
  evaluation: questions.evaluation,
  suggestion: questions.suggestion,
  publicationId: questions.publicationId,
  publicationTitle: publications.title,
  publicationPermalink: publications.permalink,
  publicationPrice: publications.price,
  publicationStock: publications.stockNow,
  publicationStatus: publications.status,
  publicationImage: sql<string | null>`${publications.gallery} -> 0 ->> 'url'`,
  linkedProducts: publications.linkedProducts,
};

type CardRow = Awaited<ReturnType<typeof selectCards>>[number];

function selectCards(db: Pick<Db, "select">, where: SQL | undefined, order: SQL[], limit: number) {
  return db
    .select(cardColumns)
    .from(questions)
    .leftJoin(publications, eq(publications.id, questions.publicationId))
    .where(where)
    .orderBy(...order)
    .limit(limit);
}

/**
 * Earlier records of the same clients on the same publications, for every card of the batch in one
 * query (index questions_client_pub_idx), newest first; null when no card has a publication.
 */
export function recordsQuery(db: Pick<Db, "select">, rows: ReadonlyArray<Pick<CardRow, "clientId" | "publicationId">>) {
  const pairs = rows.filter((r) => r.publicationId);
  if (pairs.length === 0) return null;
  return db
    .select({
      id: questions.id,
      clientId: questions.clientId,
      publicationId: questions.publicationId,
      message: questions.message,
      answer: questions.answer,
      status: questions.status,
      dateCreated: questions.dateCreated,
    })
    .from(questions)
    .where(
      and(
        inArray(questions.clientId, [...new Set(pairs.map((r) => r.clientId))]),
        inArray(questions.publicationId, [...new Set(pairs.map((r) => r.publicationId!))]),
      ),
    )
    .orderBy(desc(questions.dateCreated))
    .limit(pairs.length * 20);
}

/** Each card with at most five earlier records of its client on its publication. */
async function withRecords(rows: CardRow[]) {
  const query = recordsQuery(getDb(), rows);
  if (!query) return rows.map((r) => ({ ...r, records: [] as RecordRow[] }));
  const found = await query;
  return rows.map((r) => ({
    ...r,
    records: found
      .filter((f) => f.clientId === r.clientId && f.publicationId === r.publicationId && f.id !== r.id && f.dateCreated < r.dateCreated)
      .slice(0, 5),
  }));
}

type RecordRow = { id: number; message: string; answer: string | null; status: string; dateCreated: Date };

/** The oldest pending questions first (spec: sort date_created), `limit` of them. */
export function pendingCardsQuery(db: Pick<Db, "select">, limit: number) {
  return selectCards(db, eq(questions.status, PENDING_STATUS), [asc(questions.dateCreated), asc(questions.id)], limit);
}

/** How many questions wait for an answer. */
export function pendingCountQuery(db: Pick<Db, "select">) {
  return db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(questions)
    .where(eq(questions.status, PENDING_STATUS));
}

/** The pending batch (the cards, their count, then the cards' earlier records: three statements). */
export async function listPending(limit: number) {
  const rows = await pendingCardsQuery(getDb(), limit);
  const [{ n }] = await pendingCountQuery(getDb());
  return { rows: await withRecords(rows), total: n, more: rows.length < n };
}

/** A Mexico City day as a half-open UTC range. */
export function dayRange(day: string) {
  const start = parseQueryDate(day);
  if (!start) return null;
  return { start: start.startOf("day").toJSDate(), end: start.startOf("day").plus({ days: 1 }).toJSDate() };
}

function historyWhere(query: { date?: string; search?: string }) {
  const conditions: SQL[] = [ne(questions.status, PENDING_STATUS)];
  const range = query.date ? dayRange(query.date) : null;
  if (range) conditions.push(gte(questions.dateCreated, range.start), lt(questions.dateCreated, range.end));
  // Spec 1 §7: the history filters on client_id *contains* the search (digits only, see the schema).
  if (query.search) conditions.push(sql`${questions.clientId}::text like ${`%${query.search}%`}`);
  return and(...conditions);
}

type HistoryQuery = { limit: number; date?: string; search?: string };

/** The per-store counts come with a filter (spec 1 §7: the by-date read is split by store); the whole history is only scrolled. */
export const historyIsFiltered = (query: HistoryQuery) => Boolean(query.date || query.search);

/** Answered (and deleted) questions, newest first; one more than asked so the screen knows whether more follow. */
export function historyCardsQuery(db: Pick<Db, "select">, query: HistoryQuery) {
  // Written as questions_history_idx is built (nulls last), so the batch is read straight off it instead of sorting every answer.
  return selectCards(
    db,
    historyWhere(query),
    [sql`${questions.dateCreated} desc nulls last`, sql`${questions.id} desc nulls last`],
    query.limit + 1,
  );
}

/** The per-store counts of the history's filter. */
export function historyCountsQuery(db: Pick<Db, "select">, query: HistoryQuery) {
  return db
    .select({ store: questions.store, n: sql<number>`count(*)`.mapWith(Number) })
    .from(questions)
    .where(historyWhere(query))
    .groupBy(questions.store)
    .orderBy(sql`${questions.store} nulls first`);
}

/**
 * Answered (and deleted) questions, newest first: the whole history scrolled batch by batch, or one
 * Mexico City day / the clients whose id contains the search, with that filter's per-store counts
 * (cards, counts when filtered, records: two or three statements).
 */
export async function listHistory(query: HistoryQuery) {
  const found = await historyCardsQuery(getDb(), query);
  const rows = found.slice(0, query.limit);
  const counts = historyIsFiltered(query) ? await historyCountsQuery(getDb(), query) : null;
  // The header shows a total either way (spec 1 §2); unfiltered it is one count off the history's index.
  const total = counts ? counts.reduce((s, c) => s + c.n, 0) : (await historyTotalQuery(getDb()))[0].n;
  return { rows: await withRecords(rows), counts, total, more: found.length > query.limit };
}

/** How many questions the whole history holds (answered and deleted). */
export function historyTotalQuery(db: Pick<Db, "select">) {
  return db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(questions)
    .where(historyWhere({}));
}

export type QuestionCard = Awaited<ReturnType<typeof listPending>>["rows"][number];

/**
 * Average minutes to answer per store over the last RESPONSE_WINDOW_DAYS days, split by when the
 * question arrived in Mexico City time (same bands as bandOf). One aggregate in the database.
 */
export async function responseTimes(now: Date = new Date()): Promise<ResponseTimeRow[]> {
  const cached = timesCache();
  if (cached.value && cached.expires > now.getTime()) return cached.value;
  const value = await computeResponseTimes(now);
  Object.assign(cached, { value, expires: now.getTime() + RESPONSE_CACHE_MS });
  return value;
}

/**
 * The averages move only when a question is answered, and the aggregate reads a month of rows, so
 * the result is kept for a minute per process and dropped whenever this process records an answer.
 */
const RESPONSE_CACHE_MS = 60_000;
type TimesCache = { value: ResponseTimeRow[] | null; expires: number };
const responseTimesKept: TimesCache = { value: null, expires: 0 };
function timesCache(): TimesCache {
  return responseTimesKept;
}
export function forgetResponseTimes() {
  Object.assign(timesCache(), { value: null, expires: 0 });
}

async function computeResponseTimes(now: Date): Promise<ResponseTimeRow[]> {
  const since = DateTime.fromJSDate(now)
    .setZone(ZONE)
    .startOf("day")
    .minus({ days: RESPONSE_WINDOW_DAYS - 1 })
    .toJSDate();
  const local = sql`(${questions.dateCreated} at time zone ${ZONE})`;
  const minutes = sql`extract(epoch from (${questions.answeredAt} - ${questions.dateCreated})) / 60.0`;
  const dow = sql`extract(isodow from ${local})`;
  const hour = sql`extract(hour from ${local})`;
  const avg = (filter?: SQL) =>
    sql<number | null>`round(avg(${minutes})${filter ? sql` filter (where ${filter})` : sql``}, 1)`.mapWith((v) =>
      v == null ? null : Number(v),
    );
  return getDb()
    .select({
      store: questions.store,
      answered: sql<number>`count(*)`.mapWith(Number),
      total: avg(),
      weekdays_working_hours: avg(sql`${dow} <= 5 and ${hour} >= ${WORK_START_HOUR} and ${hour} < ${WORK_END_HOUR}`),
      weekdays_extra_hours: avg(sql`${dow} <= 5 and ${hour} >= ${WORK_END_HOUR}`),
      weekend: avg(sql`${dow} >= 6`),
    })
    .from(questions)
    .where(and(ne(questions.status, PENDING_STATUS), gte(questions.dateCreated, since), sql`${questions.answeredAt} is not null`))
    .groupBy(questions.store)
    .orderBy(sql`${questions.store} nulls first`) as Promise<ResponseTimeRow[]>;
}

/** One question with what the commands need (status, account, publication state). */
export async function getQuestion(id: number) {
  const [row] = await getDb()
    .select({
      id: questions.id,
      status: questions.status,
      clientId: questions.clientId,
      clientNickname: questions.clientNickname,
      store: questions.store,
      draft: questions.draft,
      suggestion: questions.suggestion,
      evaluation: questions.evaluation,
      message: questions.message,
      publicationId: questions.publicationId,
      publicationStatus: publications.status,
    })
    .from(questions)
    .leftJoin(publications, eq(publications.id, questions.publicationId))
    .where(eq(questions.id, id))
    .limit(1);
  return row ?? null;
}

export type QuestionSummary = NonNullable<Awaited<ReturnType<typeof getQuestion>>>;
