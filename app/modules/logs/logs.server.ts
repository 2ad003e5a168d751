import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { getDb, type Db } from "@server/db/client";
import { auditLog, users } from "@server/db/schema";
import { LOGS_PAGE_SIZE } from "./types";
import { countOf, pageOf, windowTotal } from "~/lib/list.server";
import { containsPattern } from "~/lib/like-pattern";

export type LogListQuery = {
  search?: string;
  type?: string;
  sortValue?: "asc" | "desc";
  page: number;
  pageSize?: number;
};

/** Exactly the expression of the trigram index audit_log_search_trgm, so ILIKE can use it. */
const searchText = sql`(${auditLog.message} || ' ' || coalesce(${auditLog.identifier}, ''))`;

function listWhere(query: LogListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  const words = (query.search ?? "").split(/\s+/).filter(Boolean).slice(0, 6);
  for (const word of words) conditions.push(sql`${searchText} ilike ${containsPattern(word)}`);
  if (query.type) conditions.push(eq(auditLog.type, query.type));
  return conditions.length ? and(...conditions) : undefined;
}

const userName = sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

/** What the list and the detail dialog both show of an entry (with the author's name). */
const entryColumns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  userId: auditLog.userId,
  userName,
  userEmail: users.email,
  type: auditLog.type,
  message: auditLog.message,
  identifier: auditLog.identifier,
  tags: auditLog.tags,
};

/**
 * One page of the activity log, newest first by default: a single statement joins the author's name
 * and carries the total with count(*) over() (the bench times this same statement).
 */
export function logsPageQuery(db: Pick<Db, "select">, query: LogListQuery) {
  const pageSize = query.pageSize ?? LOGS_PAGE_SIZE;
  const dir = query.sortValue === "asc" ? asc : desc;
  return db
    .select({ ...entryColumns, total: windowTotal() })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(listWhere(query))
    .orderBy(dir(auditLog.createdAt), dir(auditLog.id))
    .limit(pageSize)
    .offset((query.page - 1) * pageSize);
}

/** The page with its total; only a page past the end costs a second count. */
export async function listLogs(query: LogListQuery) {
  const found = await logsPageQuery(getDb(), query);
  return pageOf(found, query.page, query.pageSize ?? LOGS_PAGE_SIZE, countOf(auditLog, listWhere(query)));
}

export type LogListRow = Awaited<ReturnType<typeof listLogs>>["rows"][number];

/** One entry with its JSON detail, for the detail dialog. */
export async function getLog(id: number) {
  const [row] = await getDb()
    .select({ ...entryColumns, detail: auditLog.detail })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(eq(auditLog.id, id))
    .limit(1);
  return row ?? null;
}
