/**
 * The outbound outbox (docs/live-data.md, "Outbound"): the staff edits the content back end must
 * hear of (spec 1 §7's PATCH calls). Each edit writes its call here in the SAME transaction as the
 * local write, so a save is never lost and never half-sent; delivery happens afterwards, outside
 * any transaction, with the row's idempotency key (a repeated call is applied once upstream),
 * retries with back-off, and strictly in order per record: a later edit of a record is not sent
 * before an earlier one has been delivered, and a failed one holds its record's later calls until
 * someone presses "Reintentar". Each edit is its own row (no coalescing).
 */
import { and, asc, eq, inArray, lt, lte, ne, notExists, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb, type Db, type Tx } from "@server/db/client";
import { outbound, users, type OutboundState } from "@server/db/schema";
import { getIntegrations, isIntegrationError } from "@server/integrations";
import { backoffMs } from "@server/jobs/runner";
import { countOf, pageOf, windowTotal } from "~/lib/list.server";
import type { SessionUser } from "~/modules/auth/session-user";
import { audit } from "~/modules/logs/audit.server";
import type { Refused } from "~/modules/results";

// ---------------------------------------------------------------------------------------------------
// Enqueue (inside the caller's transaction)

export type OutboundCall = {
  method: "PATCH" | "POST";
  /** items/{collection}: a plain collection name (orders' from ordersCollection). */
  collection: string;
  /** The record the call is about (PATCH items/{collection}/{recordId}; a POST's new record id). */
  recordId: string;
  /** The spec's snake_case fields, as sent. */
  body: Record<string, unknown>;
  /** Spanish, for the Sincronización screen: "Pedido 2000001234: movimiento Intelisis, comentarios". */
  summary: string;
  userId?: number | null;
};

/**
 * Records a call the content back end owes, in the caller's transaction (`tx`): it commits with the
 * edit it carries or not at all. Returns the row's id.
 */
export async function enqueueOutbound(tx: Tx, call: OutboundCall): Promise<number> {
  const [id] = await enqueueOutboundCalls(tx, [call]);
  return id;
}

/** Several calls in one statement; their ids (the delivery order of one record's calls) follow the list's order. */
export async function enqueueOutboundCalls(tx: Tx, calls: OutboundCall[]): Promise<number[]> {
  if (calls.length === 0) return [];
  const rows = await tx
    .insert(outbound)
    .values(
      calls.map((call) => ({
        method: call.method,
        collection: call.collection,
        recordId: call.recordId,
        body: JSON.parse(JSON.stringify(call.body, bigintSafe)) as Record<string, unknown>,
        summary: call.summary.slice(0, 500),
        createdBy: call.userId ?? null,
      })),
    )
    .returning({ id: outbound.id });
  return rows.map((r) => r.id);
}

function bigintSafe(_key: string, value: unknown) {
  return typeof value === "bigint" ? value.toString() : value;
}

// ---------------------------------------------------------------------------------------------------
// Delivery (the job `outbound-delivery`, every 10 s on one instance)

/** Failed attempts before a row stops and waits for "Reintentar". */
export const OUTBOUND_MAX_ATTEMPTS = 8;
/** The wait after failed attempt n: 10 s × 2^(n−1), at most 30 min. */
export const OUTBOUND_BACKOFF = { baseMs: 10_000, maxMs: 30 * 60_000 };
/**
 * A claimed row is not due again before this: if its instance stops mid-send, another one sends it
 * after the lease (with the same idempotency key, so upstream applies it once).
 */
export const OUTBOUND_LEASE_MS = 5 * 60_000;
/** Rows sent at once: each of a different record (one row per record is claimable at a time). */
const PARALLEL = 4;

export type DeliveryResult = { sent: number; retrying: number; failed: number };

type Claimed = typeof outbound.$inferSelect;

/**
 * Claims the due rows that are their record's oldest call not yet delivered, with FOR UPDATE SKIP
 * LOCKED, and leases them (attempts + 1, next attempt after the lease): another deliverer running at
 * the same moment, here or on another instance, neither sees them as due nor sends a later call of
 * the same record, which still has an older one (this one) not done.
 */
async function claim(now: Date, limit: number): Promise<Claimed[]> {
  return getDb().transaction(async (tx) => {
    const older = alias(outbound, "older");
    const due = await tx
      .select({ id: outbound.id })
      .from(outbound)
      .where(
        and(
          eq(outbound.state, "pending"),
          lte(outbound.nextAttemptAt, now),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(older)
              .where(
                and(
                  eq(older.collection, outbound.collection),
                  eq(older.recordId, outbound.recordId),
                  ne(older.state, "done"),
                  lt(older.id, outbound.id),
                ),
              ),
          ),
        ),
      )
      .orderBy(asc(outbound.nextAttemptAt), asc(outbound.id))
      .limit(limit)
      .for("update", { of: outbound, skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(outbound)
      .set({ attempts: sql`${outbound.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + OUTBOUND_LEASE_MS) })
      .where(
        inArray(
          outbound.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

/** The answers worth another try: the back end may answer differently in a moment. */
function worthRetrying(error: unknown): boolean {
  if (!isIntegrationError(error)) return true;
  return error.retryable || (error.kind === "http" && (error.status === 408 || error.status === 429));
}

function messageOf(error: unknown): string {
  if (isIntegrationError(error)) return error.message;
  return `Error interno al enviar: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * Sends one claimed row (outside any transaction: the ports refuse to run inside one) and records
 * the outcome. The update is fenced by the claim (state and attempts as claimed): a deliverer whose
 * lease ran out never overwrites what a later claim recorded.
 */
async function deliverOne(row: Claimed, now: () => Date): Promise<keyof DeliveryResult> {
  const { content } = getIntegrations();
  const mine = and(eq(outbound.id, row.id), eq(outbound.state, "pending"), eq(outbound.attempts, row.attempts));
  try {
    const write = { idempotencyKey: row.idempotencyKey };
    if (row.method === "POST") await content.createItem(row.collection, row.body, write);
    else await content.updateItem(row.collection, row.recordId, row.body, write);
  } catch (error) {
    const message = messageOf(error).slice(0, 1000);
    if (!worthRetrying(error)) {
      // Refused: nothing was applied, and the back end may keep the refusal under this key (the
      // simulator does), so "Reintentar" sends a new request under a new key. A row that ran out of
      // attempts keeps its key instead: the back end may have applied it with the answer lost.
      await getDb()
        .update(outbound)
        .set({ state: "failed", lastError: message, idempotencyKey: sql`gen_random_uuid()` })
        .where(mine);
      return "failed";
    }
    if (row.attempts >= OUTBOUND_MAX_ATTEMPTS) {
      await getDb()
        .update(outbound)
        .set({ state: "failed", lastError: `Se agotaron los ${OUTBOUND_MAX_ATTEMPTS} intentos. Último error: ${message}` })
        .where(mine);
      return "failed";
    }
    await getDb()
      .update(outbound)
      .set({ lastError: message, nextAttemptAt: new Date(now().getTime() + backoffMs(row.attempts, OUTBOUND_BACKOFF)) })
      .where(mine);
    return "retrying";
  }
  await getDb().update(outbound).set({ state: "done", sentAt: now(), lastError: null }).where(mine);
  return "sent";
}

/**
 * Sends what is due: claims a batch, sends it, and claims again while there is more (a record's next
 * edit becomes due as soon as the one before it is delivered), up to `limit` rows per run. A row
 * that failed in this run is not due again before its back-off, so a run always ends.
 */
export async function deliverOutbound(options: { now?: Date; limit?: number } = {}): Promise<DeliveryResult> {
  const clock = options.now ? () => options.now as Date : () => new Date();
  const limit = Math.max(1, options.limit ?? 50);
  const result: DeliveryResult = { sent: 0, retrying: 0, failed: 0 };
  let handled = 0;
  while (handled < limit) {
    const rows = await claim(clock(), Math.min(PARALLEL * 5, limit - handled));
    if (rows.length === 0) break;
    handled += rows.length;
    for (let i = 0; i < rows.length; i += PARALLEL) {
      const outcomes = await Promise.all(rows.slice(i, i + PARALLEL).map((row) => deliverOne(row, clock)));
      for (const outcome of outcomes) result[outcome] += 1;
    }
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------
// Retry (the Sincronización screen's "Reintentar" and "Reintentar todos")

const RETRY_MESSAGES = {
  missing: "El envío no existe.",
  notFailed: "El envío ya no está detenido: se está enviando o ya se envió.",
} as const;

/** A failed row goes back to pending, due now, with its attempts from zero; the audit keeps its error. */
export async function retryOutbound(
  id: number,
  actor: Pick<SessionUser, "id">,
  now: Date = new Date(),
): Promise<{ ok: true } | Refused<"missing" | "conflict">> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: outbound.id,
        state: outbound.state,
        summary: outbound.summary,
        lastError: outbound.lastError,
        attempts: outbound.attempts,
      })
      .from(outbound)
      .where(eq(outbound.id, id))
      .for("update");
    if (!row) return { ok: false as const, reason: "missing" as const, message: RETRY_MESSAGES.missing };
    if (row.state !== "failed") return { ok: false as const, reason: "conflict" as const, message: RETRY_MESSAGES.notFailed };
    await tx.update(outbound).set({ state: "pending", attempts: 0, nextAttemptAt: now, lastError: null }).where(eq(outbound.id, id));
    await audit(
      {
        message: `Envío al back end de contenido reintentado: ${row.summary}`,
        type: "integration",
        tags: ["sync", "outbound", "retry"],
        identifier: id,
        userId: actor.id,
        detail: { lastError: row.lastError, attempts: row.attempts },
      },
      tx,
    );
    return { ok: true as const };
  });
}

/** Every failed row back to pending (each still waits for its record's older calls). Returns how many. */
export async function retryAllFailed(actor: Pick<SessionUser, "id">, now: Date = new Date()): Promise<number> {
  return getDb().transaction(async (tx) => {
    const rows = await tx
      .update(outbound)
      .set({ state: "pending", attempts: 0, nextAttemptAt: now, lastError: null })
      .where(eq(outbound.state, "failed"))
      .returning({ id: outbound.id });
    if (rows.length) {
      const ids = rows.map((r) => r.id).sort((a, b) => a - b);
      await audit(
        {
          message: `Envíos al back end de contenido reintentados: ${ids.length}`,
          type: "integration",
          tags: ["sync", "outbound", "retry"],
          userId: actor.id,
          detail: { ids },
        },
        tx,
      );
    }
    return rows.length;
  });
}

// ---------------------------------------------------------------------------------------------------
// The Sincronización screen

export const OUTBOUND_PAGE_SIZE = 20;
export const OUTBOUND_STATES = ["pending", "failed", "done"] as const satisfies readonly OutboundState[];

export const OUTBOUND_STATE_LABELS: Record<OutboundState, string> = {
  pending: "Pendiente",
  failed: "Detenido",
  done: "Enviado",
};

export type OutboundQuery = { state?: OutboundState; page: number };

export type OutboundListRow = {
  id: number;
  method: "PATCH" | "POST";
  collection: string;
  recordId: string;
  summary: string;
  state: OutboundState;
  /** The state as the screen says it, a pending row held by a failed one included. */
  stateLabel: string;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  createdBy: number | null;
  createdByName: string | null;
  /** A pending row waits for this older failed call of the same record (until it is retried). */
  blockedBy: number | null;
};

/** One state, or without one the pending and failed calls: what needs looking at. */
function listWhere(query: OutboundQuery): SQL | undefined {
  return query.state ? eq(outbound.state, query.state) : inArray(outbound.state, ["pending", "failed"]);
}

/** The page's builder (the loader and a bench line run it): newest first, the total as a window. */
export function outboundPageQuery(db: Pick<Db, "select">, query: OutboundQuery) {
  // The oldest older call of the same record that is stopped (outbound_record_idx reads it).
  const blockedBy = sql<number | null>`case when ${outbound.state} = 'pending' then (
      select min(f.id) from outbound f
       where f.collection = ${outbound.collection} and f.record_id = ${outbound.recordId}
         and f.state = 'failed' and f.id < ${outbound.id}) end`.mapWith((v) => (v == null ? null : Number(v)));
  return (
    db
      .select({
        id: outbound.id,
        method: outbound.method,
        collection: outbound.collection,
        recordId: outbound.recordId,
        summary: outbound.summary,
        state: outbound.state,
        attempts: outbound.attempts,
        nextAttemptAt: outbound.nextAttemptAt,
        lastError: outbound.lastError,
        createdAt: outbound.createdAt,
        sentAt: outbound.sentAt,
        createdBy: outbound.createdBy,
        createdByName: sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`,
        blockedBy: blockedBy.as("blocked_by"),
        total: windowTotal(),
      })
      .from(outbound)
      .leftJoin(users, eq(users.id, outbound.createdBy))
      .where(listWhere(query))
      // Newest first, as outbound_state_idx (state, id desc nulls last) reads a state's rows.
      .orderBy(sql`${outbound.id} desc nulls last`)
      .limit(OUTBOUND_PAGE_SIZE)
      .offset((Math.max(1, query.page) - 1) * OUTBOUND_PAGE_SIZE)
  );
}

function labelOf(state: OutboundState, blockedBy: number | null): string {
  if (state === "pending" && blockedBy != null) return `En espera: el envío ${blockedBy} de este registro está detenido`;
  return OUTBOUND_STATE_LABELS[state];
}

/** One page (20, newest first) of the outbox: one state, or the pending and failed ones; with its total. */
export async function listOutbound(query: OutboundQuery) {
  const found = await outboundPageQuery(getDb(), query);
  const page = await pageOf(found, Math.max(1, query.page), OUTBOUND_PAGE_SIZE, countOf(outbound, listWhere(query)));
  return {
    ...page,
    rows: page.rows.map((r): OutboundListRow => ({
      ...r,
      blockedBy: r.blockedBy ?? null,
      stateLabel: labelOf(r.state, r.blockedBy ?? null),
    })),
  };
}

/** What the screen's header (and a health line) says: calls waiting, stopped, and the oldest waiting. */
export async function outboundCounts(): Promise<{ pending: number; failed: number; oldestPendingAt: Date | null }> {
  const [row] = await getDb()
    .select({
      pending: sql<number>`count(*) filter (where ${outbound.state} = 'pending')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${outbound.state} = 'failed')`.mapWith(Number),
      oldestPendingAt: sql<string | null>`min(${outbound.createdAt}) filter (where ${outbound.state} = 'pending')`,
    })
    .from(outbound)
    .where(ne(outbound.state, "done"));
  return {
    pending: row?.pending ?? 0,
    failed: row?.failed ?? 0,
    oldestPendingAt: row?.oldestPendingAt ? new Date(row.oldestPendingAt) : null,
  };
}
