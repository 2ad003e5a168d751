/**
 * The conversations' priority flag, told to the content back end (spec 1 §7: PATCH items/messages/{id}
 * with priority). The flag is not an edit: it turns true by itself 24 hours after a buyer's
 * unanswered message, and false when the seller answers (spec 1 §9, rules.ts). So a job looks for
 * the conversations whose flag, worked out now, differs from the one the back end holds, and queues
 * one PATCH each through the outbox, in the transaction that records the new flag.
 */
import { sql } from "drizzle-orm";
import { getDb } from "@server/db/client";
import { audit } from "~/modules/logs/audit.server";
import { enqueueOutboundCalls } from "~/modules/sync/outbox.server";
import { priorityCutoff } from "./rules";

/** Conversations told per run: a first run after a long stop is spread over the next ones. */
export const PRIORITY_BATCH = 500;

/**
 * Queues the PATCHes of the conversations whose priority changed. Only conversations the back end is
 * known to hold (read by the messages feed or the first import, so with their upstream id) are told:
 * one that only this app has would be refused. Returns how many flags were queued.
 */
export async function sendPriorityChanges(options: { now?: Date; limit?: number } = {}): Promise<{ queued: number }> {
  const now = options.now ?? new Date();
  const limit = Math.max(1, Math.min(options.limit ?? PRIORITY_BATCH, 5_000));
  const cutoff = priorityCutoff(now).toISOString();
  // isPriority (rules.ts) as SQL: the buyer wrote last, at or before the cutoff.
  const urgentNow = sql`(not last_message_from_seller and last_message_date is not null and last_message_date <= ${cutoff}::timestamptz)`;
  return getDb().transaction(async (tx) => {
    // SKIP LOCKED: a run overlapping another (two instances) takes other rows, never the same one twice.
    const changed = (await tx.execute(sql`
      select id, upstream_id, ${urgentNow} as priority
        from conversations
       where upstream_id is not null
         and ${urgentNow} is distinct from coalesce(upstream_priority, false)
       order by id
       limit ${limit}
       for update skip locked`)) as unknown as { rows: Array<{ id: number | string; upstream_id: string; priority: boolean }> };
    const rows = changed.rows;
    if (rows.length === 0) return { queued: 0 };
    // One statement for the run's calls (up to PRIORITY_BATCH), not one per conversation.
    await enqueueOutboundCalls(
      tx,
      rows.map((row) => ({
        method: "PATCH" as const,
        collection: "messages",
        recordId: row.upstream_id,
        body: { priority: row.priority },
        summary: `Conversación ${row.upstream_id}: ${row.priority ? "marcada como urgente" : "ya no es urgente"}`,
      })),
    );
    await tx.execute(sql`
      update conversations set upstream_priority = v.priority
        from jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ id: Number(r.id), priority: r.priority })))}::jsonb) as v(id bigint, priority boolean)
       where conversations.id = v.id`);
    const urgent = rows.filter((r) => r.priority).length;
    await audit(
      {
        message: `Prioridad de mensajes enviada al back end: ${urgent} urgentes, ${rows.length - urgent} ya no urgentes`,
        type: "integration",
        tags: ["messages", "priority", "outbound"],
        userId: null,
        detail: { conversations: rows.map((r) => r.upstream_id) },
      },
      tx,
    );
    return { queued: rows.length };
  });
}
