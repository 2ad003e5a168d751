import { parseQuery } from "../../app/lib/query";
import {
  cannedRepliesQuery,
  conversationsCountQuery,
  conversationsPageQuery,
  threadsQuery,
} from "../../app/modules/messages/messages.server";
import { MessagesQuery } from "../../app/modules/messages/schemas";
import type { Database } from "../../server/db/client";
import { builtLine, mock, statementOf } from "./built";
import type { BenchList, Statement } from "./types";

/**
 * /messages (app/modules/messages/messages.server.ts), the URL parsed by the loader's schema. Per load
 * the loader runs: the page of conversations (order and first-item publication joined), the section's
 * count, the page's messages in one query (pending and invoice only; built from the page's ids, so
 * the bench reads them once from the bench database) and the canned replies. The bench times those
 * statements one after the other.
 */
function line(query: string): BenchList {
  const parsed = parseQuery(new URLSearchParams(query), MessagesQuery);
  const now = new Date();
  const page = statementOf(conversationsPageQuery(mock, parsed, now));
  const also = async (database: Database): Promise<Statement[]> => {
    const rows = await database.query<{ id: number | string }>(page.sql, page.params);
    const threads = threadsQuery(
      mock,
      parsed,
      rows.map((r) => Number(r.id)),
    );
    return [
      statementOf(conversationsCountQuery(mock, parsed, now)),
      ...(threads ? [statementOf(threads)] : []),
      statementOf(cannedRepliesQuery(mock)),
    ];
  };
  return builtLine("/messages", query, page, { also });
}

export const MESSAGE_LISTS: BenchList[] = [
  line(""),
  line("message_status_filter=urgent"),
  line("section=invoice"),
  line("section=history"),
  line("section=history&page=50"),
  line("section=history&filterLogisticType=fulfillment&assigned_move_filter=unassigned"),
  // A buyer's nickname search: "maria" matches 1 429 of the bench conversations (checked on the bench database).
  line("section=history&search=maria"),
];
