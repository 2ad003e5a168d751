import { and, eq, sql, type SQL } from "drizzle-orm";
import { getDb, type Db } from "@server/db/client";
import { feedback, users } from "@server/db/schema";
import { countOf, pageOf, windowTotal } from "~/lib/list.server";
import { audit } from "~/modules/logs/audit.server";
import { FEEDBACK_PAGE_SIZE, type FeedbackListQuery } from "./list-query";
import { containsPattern } from "~/lib/like-pattern";

/**
 * Saves a comment sent from the sidebar form with its author and the time, and its audit entry, in
 * one transaction (spec: POST items/feedback_system with text, user, created_at). The text arrives
 * checked by the form's schema.
 */
export async function sendFeedback(text: string, actor: { id: number }, now = new Date()) {
  return getDb().transaction(async (tx) => {
    const [row] = await tx.insert(feedback).values({ text, userId: actor.id, createdAt: now }).returning({ id: feedback.id });
    await audit(
      {
        message: "Comentario enviado desde el menú",
        type: "create",
        tags: ["feedback"],
        identifier: row.id,
        userId: actor.id,
        detail: { length: text.length },
      },
      tx,
    );
    return { id: row.id };
  });
}

const authorName = sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;
/** Every word typed must appear in the comment or its author's name. */
const searchText = sql`(${feedback.text} || ' ' || coalesce(${users.firstName} || ' ' || ${users.lastName}, ''))`;

function listWhere(query: FeedbackListQuery): SQL | undefined {
  const words = (query.search ?? "").split(/\s+/).filter(Boolean).slice(0, 6);
  const conditions = words.map((word) => sql`${searchText} ilike ${containsPattern(word)}`);
  return conditions.length ? and(...conditions) : undefined;
}

/** Written as feedback_created_idx is built (DESC NULLS LAST), so the newest page is read off the index. */
function listOrder(sortValue: "asc" | "desc" = "desc"): SQL[] {
  return sortValue === "asc"
    ? [sql`${feedback.createdAt} asc nulls first`, sql`${feedback.id} asc nulls first`]
    : [sql`${feedback.createdAt} desc nulls last`, sql`${feedback.id} desc nulls last`];
}

/** One page of comments, newest first by default, with the author's name and the total as a window (the bench times it). */
export function feedbackPageQuery(db: Pick<Db, "select">, query: FeedbackListQuery) {
  const pageSize = query.pageSize ?? FEEDBACK_PAGE_SIZE;
  return db
    .select({
      id: feedback.id,
      text: feedback.text,
      createdAt: feedback.createdAt,
      userId: feedback.userId,
      userName: authorName,
      userEmail: users.email,
      total: windowTotal(),
    })
    .from(feedback)
    .leftJoin(users, eq(users.id, feedback.userId))
    .where(listWhere(query))
    .orderBy(...listOrder(query.sortValue))
    .limit(pageSize)
    .offset((query.page - 1) * pageSize);
}

/** A page past the end counts on its own (with the author join the search needs). */
function countMatching(query: FeedbackListQuery) {
  if (!query.search) return countOf(feedback, undefined);
  return async () =>
    (
      await getDb()
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(feedback)
        .leftJoin(users, eq(users.id, feedback.userId))
        .where(listWhere(query))
    )[0]?.n ?? 0;
}

/** The page with its total; only a page past the end costs a second count. */
export async function listFeedback(query: FeedbackListQuery) {
  const found = await feedbackPageQuery(getDb(), query);
  return pageOf(found, query.page, query.pageSize ?? FEEDBACK_PAGE_SIZE, countMatching(query));
}

export type FeedbackListRow = Awaited<ReturnType<typeof listFeedback>>["rows"][number];
