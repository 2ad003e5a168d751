/**
 * The inbound feeds' engine (docs/live-data.md). A feed reads a content collection in keyset pages
 * along (change stamp, id), strictly after its cursor; each page's records are validated, applied
 * and the cursor moved in ONE transaction, so a crash between pages neither loses nor repeats a
 * record. Keyset pages (not offsets) keep a page from shifting when upstream changes while a run
 * reads it. A record that fails validation is refused with its reason and the feed goes on.
 */
import { setTimeout as wait } from "node:timers/promises";
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { getDb, type Tx } from "@server/db/client";
import { feedRejects, feedState, type FeedStatus } from "@server/db/schema";
import { isIntegrationError, type ContentPort, type ItemFilter } from "@server/integrations";
import { feedLabel, type FeedName } from "./feed-names";

/** One feed: where it reads, how a record is checked, and how a page of checked records is applied. */
export type CollectionFeed<R> = {
  name: FeedName;
  collection: string;
  /** The field upstream stamps on every change (server/integrations/content/collections.ts). */
  changedField: string;
  schema: z.ZodType<R, z.ZodTypeDef, unknown>;
  /** Applies a page of records (ids unique within the page) and returns how many rows changed here. */
  apply: (tx: Tx, records: R[]) => Promise<number>;
  /** Records per page (default 200). */
  pageSize?: number;
};

export type FeedRunOptions = {
  content: ContentPort;
  now?: () => Date;
  /** How far behind its cursor the run starts re-reading (upstream writers' clocks may lag). */
  lookbackMs?: number;
  /** A run someone asked for: it also runs a feed that is paused or stopped. */
  manual?: boolean;
  /** Records at most per run (the next run goes on from the cursor). */
  maxRecords?: number;
  /**
   * After each full page, rest this many times as long as the page took. A page's transaction holds
   * the embedded database (one connection) for its whole length: while a feed catches up on a
   * burst, staff requests then find the database free at least that share of the time.
   */
  restRatio?: number;
  /** How a rest waits (tests pass a fake). */
  sleep?: (ms: number) => Promise<void>;
};

export type FeedRunResult = { status: FeedStatus | "skipped"; rows: number; skipped: number; pages: number; message: string };

/** The cursor: upstream's own text for the stamp (no precision lost) and the id. */
type Key = { at: string; id: string };

/** A slow page (a slow back end) does not make the next wait for longer than this. */
const MAX_REST_MS = 2_000;

/** A refused record's reason and stored copy are bounded (upstream data is untrusted). */
export const MAX_REASON = 500;
const MAX_RECORD_TEXT = 4000;

/** Numeric ids sort as numbers upstream; compare them the same way here. */
export function compareIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The microseconds within the millisecond a stamp's text carries ("…01.123456Z" → 456; "…01.123Z" → 0). */
function microsWithinMilli(at: string): number {
  const fraction = /\.(\d+)/.exec(at)?.[1] ?? "";
  return Number(fraction.padEnd(6, "0").slice(3, 6));
}

export function compareKeys(a: Key, b: Key): number {
  const ta = Date.parse(a.at);
  const tb = Date.parse(b.at);
  if (ta !== tb) return ta - tb;
  // Same millisecond: the microseconds, as numbers. Stamps of one collection may come in two
  // precisions ("…01.123Z" and "…01.123456Z"): as text, the shorter one sorts after the longer.
  const ua = microsWithinMilli(a.at);
  const ub = microsWithinMilli(b.at);
  if (ua !== ub) return ua - ub;
  return compareIds(a.id, b.id);
}

/** The filter for "strictly after this key" (or "from this moment on" with no id). */
export function afterKeyFilter(field: string, key: Key | { at: string; id: null }): ItemFilter {
  if (key.id === null) return { [field]: { _gte: key.at } };
  return { _or: [{ [field]: { _gt: key.at } }, { _and: [{ [field]: { _eq: key.at } }, { id: { _gt: key.id } }] }] };
}

/** A record's key read leniently (a record refused by its schema still moves the cursor past it). */
function rawKey(raw: unknown, field: string): Key | null {
  if (!raw || typeof raw !== "object") return null;
  const record = raw as Record<string, unknown>;
  const at = record[field];
  const id = record.id;
  if (typeof at !== "string" || Number.isNaN(Date.parse(at)) || (typeof id !== "string" && typeof id !== "number")) return null;
  return { at, id: String(id) };
}

/** Why a record was refused, from its schema's first issues, for feed_rejects and the screen. */
export function reasonOf(error: z.ZodError): string {
  return error.issues
    .slice(0, 4)
    .map((i) => `${i.path.join(".") || "registro"}: ${i.message}`)
    .join("; ")
    .slice(0, MAX_REASON);
}

/** The record as received, cut to a few kilobytes, as feed_rejects keeps it. */
export function clip(raw: unknown): Record<string, unknown> | null {
  try {
    const text = JSON.stringify(raw);
    return text.length <= MAX_RECORD_TEXT ? (raw as Record<string, unknown>) : { recorte: text.slice(0, MAX_RECORD_TEXT) };
  } catch {
    return null;
  }
}

const parseKey = (text: string | null): Key | null => {
  if (!text) return null;
  try {
    const [at, id] = JSON.parse(text) as [string, string];
    return typeof at === "string" && typeof id === "string" ? { at, id } : null;
  } catch {
    return null;
  }
};

/** The feed's row, made on its first run (read first: a write would also make the banner read again, server/db/kept-reads.ts). */
async function loadState(name: FeedName) {
  const read = async () => (await getDb().select().from(feedState).where(eq(feedState.name, name)))[0];
  const state = await read();
  if (state) return state;
  await getDb().insert(feedState).values({ name }).onConflictDoNothing();
  return (await read())!;
}

async function saveState(name: FeedName, values: Partial<typeof feedState.$inferInsert>, tx: Tx = getDb()) {
  await tx
    .update(feedState)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(feedState.name, name));
}

/**
 * Where a run re-reads from, before its cursor (null: it reads only after the cursor). A writer
 * whose clock lags by up to `lookbackMs` stamps a record written after the last run's start with a
 * moment after (last run − lookbackMs): only that stretch can hold records the last run could not
 * see. Re-reading from the cursor instead re-read every record near it on every run, so a burst of
 * thousands stamped within a minute was read again each period. Without a last run (a first run
 * after an import, or a cursor moved by an operator), the stretch before the cursor is re-read.
 */
export function lookbackStart(cursorAt: string | null, lastRunAt: Date | null, lookbackMs: number): string | null {
  if (!cursorAt || lookbackMs <= 0) return null;
  const cursor = Date.parse(cursorAt);
  const start = lastRunAt ? Math.min(cursor, lastRunAt.getTime() - lookbackMs) : cursor - lookbackMs;
  return start < cursor ? new Date(start).toISOString() : null;
}

/** A failure after the run itself (the ERP's dollar rate after its articles): shown on the feed. */
export async function recordFeedError(name: FeedName, message: string) {
  await saveState(name, { status: "error", lastError: message.slice(0, 1000), lastErrorAt: new Date() });
}

/** Runs one feed until it has caught up (or read maxRecords). Never throws for an upstream failure: it is recorded. */
export async function runCollectionFeed<R>(feed: CollectionFeed<R>, options: FeedRunOptions): Promise<FeedRunResult> {
  const now = options.now ?? (() => new Date());
  const started = now();
  const state = await loadState(feed.name);
  const label = feedLabel(feed.name);
  if (!options.manual && (state.paused || state.status === "stopped")) {
    return { status: "skipped", rows: 0, skipped: 0, pages: 0, message: state.paused ? "en pausa" : "detenido" };
  }
  const pageSize = feed.pageSize ?? 200;
  const maxRecords = options.maxRecords ?? 20_000;
  let rows = 0;
  let skipped = 0;
  let pages = 0;
  try {
    // What upstream has now: its newest change tells the lag, and whether the cursor is ahead of it.
    const newest = await options.content.listItems(feed.collection, { sort: [`-${feed.changedField}`, "-id"], limit: 1 });
    const latestKey = rawKey(newest.data[0], feed.changedField);
    const cursor = parseKey(state.cursorKey);
    const cursorAt = cursor?.at ?? state.cursorAt?.toISOString() ?? null;
    // Stamps within the look-back are "clocks that disagree", not a restored backup.
    const tolerance = Math.max(options.lookbackMs ?? 0, 1000);
    if (cursorAt && (!latestKey || Date.parse(latestKey.at) + tolerance < Date.parse(cursorAt))) {
      const message =
        `${label}: el cursor (${cursorAt}) va adelante de lo más reciente del back end de contenido ` +
        `(${latestKey?.at ?? "sin registros"}). ¿Se restauró un respaldo? Revisa y usa «Continuar desde el origen».`;
      await saveState(feed.name, {
        status: "waiting",
        lastRunAt: started,
        lastError: message,
        lastErrorAt: started,
        upstreamLatestAt: latestKey ? new Date(latestKey.at) : null,
      });
      return { status: "waiting", rows, skipped, pages, message };
    }

    // Start: after the cursor, or re-read the look-back window before it (what is already here is a no-op).
    let from: Key | { at: string; id: null } | null = cursor ?? (cursorAt ? { at: cursorAt, id: null } : null);
    const lookback = lookbackStart(from?.at ?? null, state.lastRunAt, options.lookbackMs ?? 0);
    if (lookback) from = { at: lookback, id: null };
    let stored = cursor;
    let read = 0;
    const restRatio = options.restRatio ?? 0;
    const sleep = options.sleep ?? ((ms: number) => wait(ms));
    while (read < maxRecords) {
      const pageStarted = performance.now();
      const page = await options.content.listItems(feed.collection, {
        filter: from ? afterKeyFilter(feed.changedField, from) : undefined,
        sort: [feed.changedField, "id"],
        limit: pageSize,
      });
      pages += 1;
      read += page.data.length;
      if (page.data.length === 0) break;

      // Check every record; a repeated id keeps its newest version.
      const valid = new Map<string, { record: R; key: Key }>();
      const refused: Array<{ id: string | null; reason: string; raw: unknown }> = [];
      let last: Key | null = null;
      for (const raw of page.data) {
        const key = rawKey(raw, feed.changedField);
        if (key && (!last || compareKeys(key, last) > 0)) last = key;
        const parsed = feed.schema.safeParse(raw);
        if (!parsed.success || !key) {
          const id = (raw as { id?: unknown } | null)?.id;
          refused.push({
            id: typeof id === "string" || typeof id === "number" ? String(id).slice(0, 80) : null,
            reason: parsed.success ? `sin ${feed.changedField} o id legibles` : reasonOf(parsed.error),
            raw,
          });
          continue;
        }
        const seen = valid.get(key.id);
        if (!seen || compareKeys(key, seen.key) > 0) valid.set(key.id, { record: parsed.data, key });
      }
      // A page whose keys do not move past where it started would be read again forever.
      const start = from && from.id !== null ? from : null;
      if (!last || (start && compareKeys(last, start) <= 0)) {
        throw new Error(`${label}: la página no avanza (¿el back end ignora el filtro o el orden?)`);
      }
      const advance = !stored || compareKeys(last, stored) > 0 ? last : stored;

      const applied = await getDb().transaction(async (tx) => {
        const changed = valid.size
          ? await applyAll(
              tx,
              feed,
              [...valid.values()].map((v) => v.record),
              refused,
            )
          : 0;
        if (refused.length) {
          await tx
            .insert(feedRejects)
            .values(refused.map((r) => ({ feed: feed.name, upstreamId: r.id, reason: r.reason, record: clip(r.raw) })));
        }
        await tx
          .update(feedState)
          .set({
            cursorKey: JSON.stringify([advance.at, advance.id]),
            cursorAt: new Date(advance.at),
            totalRows: sql`${feedState.totalRows} + ${changed}`,
            totalSkipped: sql`${feedState.totalSkipped} + ${refused.length}`,
            updatedAt: new Date(),
          })
          .where(eq(feedState.name, feed.name));
        return changed;
      });
      rows += applied;
      skipped += refused.length;
      stored = advance;
      from = last;
      if (page.data.length < pageSize) break;
      if (restRatio > 0) await sleep(Math.min(MAX_REST_MS, (performance.now() - pageStarted) * restRatio));
    }
    const finished = now();
    await saveState(feed.name, {
      status: "ok",
      lastRunAt: started,
      lastSuccessAt: finished,
      lastRows: rows,
      lastSkipped: skipped,
      lastDurationMs: finished.getTime() - started.getTime(),
      lastError: null,
      upstreamLatestAt: latestKey ? new Date(latestKey.at) : state.upstreamLatestAt,
    });
    return { status: "ok", rows, skipped, pages, message: `${rows} registros aplicados, ${skipped} rechazados` };
  } catch (error) {
    const refusedToken = isIntegrationError(error) && error.kind === "http" && (error.status === 401 || error.status === 403);
    const message = refusedToken
      ? `${label}: el back end de contenido rechazó el token. La sincronización queda detenida hasta corregirlo y pulsar «Sincronizar ahora».`
      : `${label}: ${(error as Error).message}`.slice(0, 1000);
    const status: FeedStatus = refusedToken ? "stopped" : "error";
    await saveState(feed.name, {
      status,
      lastRunAt: started,
      lastRows: rows,
      lastSkipped: skipped,
      lastError: message,
      lastErrorAt: now(),
    });
    return { status, rows, skipped, pages, message };
  }
}

/**
 * Applies the page in one statement set; when the database refuses it (a constraint no schema can
 * see), each record is tried alone under a savepoint and the ones it refuses join the refused list.
 */
async function applyAll<R>(
  tx: Tx,
  feed: CollectionFeed<R>,
  records: R[],
  refused: Array<{ id: string | null; reason: string; raw: unknown }>,
) {
  try {
    return await tx.transaction((inner) => feed.apply(inner, records));
  } catch {
    let changed = 0;
    for (const record of records) {
      try {
        changed += await tx.transaction((inner) => feed.apply(inner, [record]));
      } catch (error) {
        const id = (record as { id?: unknown }).id;
        refused.push({
          id: id == null ? null : String(id),
          reason: `la base de datos lo rechazó: ${(error as Error).message}`.slice(0, MAX_REASON),
          raw: record,
        });
      }
    }
    return changed;
  }
}
