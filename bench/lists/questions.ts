import { DateTime } from "luxon";
import { parseQuery } from "../../app/lib/query";
import { fastAnswersQuery } from "../../app/modules/questions/commands.server";
import {
  historyCardsQuery,
  historyIsFiltered,
  historyCountsQuery,
  historyTotalQuery,
  pendingCardsQuery,
  pendingCountQuery,
  recordsQuery,
} from "../../app/modules/questions/questions.server";
import { QuestionsQuery } from "../../app/modules/questions/schemas";
import type { Database } from "../../server/db/client";
import { builtLine, mock, statementOf } from "./built";
import type { BenchList, Statement } from "./types";

/**
 * /questions (app/modules/questions/questions.server.ts), the URL parsed by the loader's schema. Per
 * load the loader runs, one after the other: the batch of cards with their publications, the count
 * (in the history only with a day or a client search: that filter's per-store counts), the earlier records of the batch's clients (built
 * from the cards the first statement returns, so the bench reads them once from the bench database)
 * and the fast answers; the bench times those statements in that order. The response-time
 * aggregate (≈ 30 ms at bench scale on PGlite) is cached for a minute per process and dropped on
 * every answer, so it is not part of a typical load.
 */
type CardIds = { client_id: number | string; publication_id: string | null };

function laterStatements(first: Statement, ...then: Statement[]) {
  return async (database: Database): Promise<Statement[]> => {
    const cards = await database.query<CardIds>(first.sql, first.params);
    const records = recordsQuery(
      mock,
      cards.map((c) => ({ clientId: Number(c.client_id), publicationId: c.publication_id })),
    );
    return [...then, ...(records ? [statementOf(records)] : []), statementOf(fastAnswersQuery(mock))];
  };
}

function line(query: string): BenchList {
  const parsed = parseQuery(new URLSearchParams(query), QuestionsQuery);
  if (parsed.tab === "history") {
    const cards = statementOf(historyCardsQuery(mock, parsed));
    const counts = [statementOf(historyIsFiltered(parsed) ? historyCountsQuery(mock, parsed) : historyTotalQuery(mock))];
    return builtLine("/questions", query, cards, { also: laterStatements(cards, ...counts) });
  }
  const cards = statementOf(pendingCardsQuery(mock, parsed.limit));
  return builtLine("/questions", query, cards, { also: laterStatements(cards, statementOf(pendingCountQuery(mock))) });
}

const yesterday = DateTime.now().setZone("America/Mexico_City").minus({ days: 1 }).toFormat("yyyy/LL/dd");

export const QUESTION_LISTS: BenchList[] = [
  line(""),
  line("limit=30"),
  // Without a filter the whole history, newest first; a client search matches ids that contain it.
  line("tab=history"),
  line("tab=history&search=123"),
  line(`tab=history&limit=12&date=${encodeURIComponent(yesterday)}`),
];
