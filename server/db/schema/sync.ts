/**
 * Live data (docs/live-data.md): what each inbound feed has read from the content back end, the
 * records it refused, and the outbound calls staff edits owe it.
 */
import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { stampedNow, timestampTz } from "./columns";

/**
 * - ok: ran, or has not run yet;
 * - error: its last run failed (it is retried at its next period);
 * - stopped: the upstream refused its token; it waits for "Sincronizar ahora";
 * - waiting: its cursor is ahead of upstream (a restored backup?); it waits for an operator.
 */
export type FeedStatus = "ok" | "error" | "stopped" | "waiting";

/** One row per inbound feed. The cursor moves in the same transaction as the rows it covers. */
export const feedState = pgTable("feed_state", {
  name: text("name").primaryKey(),
  /**
   * The last record applied, as upstream wrote its change stamp and id (JSON [stamp, id], kept as
   * text so no precision is lost): the next run reads strictly after it. cursor_at is the same
   * moment as a timestamp, for the screen's lag.
   */
  cursorKey: text("cursor_key"),
  cursorAt: timestampTz("cursor_at"),
  status: text("status").$type<FeedStatus>().notNull().default("ok"),
  /** Scheduled runs skip a paused feed; "Sincronizar ahora" still runs it. */
  paused: boolean("paused").notNull().default(false),
  lastRunAt: timestampTz("last_run_at"),
  lastSuccessAt: timestampTz("last_success_at"),
  /** Rows the last run applied (inserted or changed) and refused. */
  lastRows: integer("last_rows").notNull().default(0),
  lastSkipped: integer("last_skipped").notNull().default(0),
  lastDurationMs: integer("last_duration_ms"),
  lastError: text("last_error"),
  lastErrorAt: timestampTz("last_error_at"),
  /** The newest change upstream had when last asked: lag is its distance to the cursor. */
  upstreamLatestAt: timestampTz("upstream_latest_at"),
  totalRows: bigint("total_rows", { mode: "number" }).notNull().default(0),
  totalSkipped: bigint("total_skipped", { mode: "number" }).notNull().default(0),
  updatedAt: stampedNow("updated_at"),
});

/** An upstream record a feed refused (it failed validation): counted, shown, never half-written. */
export const feedRejects = pgTable(
  "feed_rejects",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    feed: text("feed").notNull(),
    upstreamId: text("upstream_id"),
    reason: text("reason").notNull(),
    /** The record as received, cut to a few kilobytes. */
    record: jsonb("record"),
    seenAt: stampedNow("seen_at"),
  },
  (t) => [index("feed_rejects_feed_idx").on(t.feed, t.seenAt.desc(), t.id.desc())],
);

/**
 * - pending: waiting for its turn (its next attempt, or an older call of the same record);
 * - failed: out of attempts (or refused upstream); waits for "Reintentar";
 * - done: delivered.
 */
export type OutboundState = "pending" | "failed" | "done";

/**
 * Calls the content back end owes: written in the same transaction as the staff edit they carry,
 * delivered afterwards with retries and the idempotency key, in order per record.
 */
export const outbound = pgTable(
  "outbound",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    method: text("method").$type<"PATCH" | "POST">().notNull(),
    /** items/{collection}[/{record_id}] */
    collection: text("collection").notNull(),
    recordId: text("record_id").notNull(),
    body: jsonb("body").$type<Record<string, unknown>>().notNull(),
    idempotencyKey: uuid("idempotency_key")
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()`),
    /** Spanish, for the Sincronización screen: "Pedido 2000012345: movimiento Intelisis". */
    summary: text("summary").notNull(),
    state: text("state").$type<OutboundState>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestampTz("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: stampedNow("created_at"),
    sentAt: timestampTz("sent_at"),
  },
  (t) => [
    index("outbound_due_idx")
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.state} = 'pending'`),
    index("outbound_record_idx")
      .on(t.collection, t.recordId, t.id)
      .where(sql`${t.state} <> 'done'`),
    index("outbound_state_idx").on(t.state, t.id.desc()),
  ],
);
