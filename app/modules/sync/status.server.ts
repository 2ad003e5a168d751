/**
 * The Sincronización screen's reads (docs/live-data.md): the feeds' state, the records they refused,
 * the integrations' modes (the outbox's page and counts are outbox.server.ts's);
 * and the one cheap read behind the app's late-data banner. Each is one statement: the database
 * filters, orders, counts and pages.
 */
import { eq, sql, type SQL } from "drizzle-orm";
import { getDatabase, getDb, type Db } from "@server/db/client";
import { keptReads } from "@server/db/kept-reads";
import { feedRejects, feedState, settings } from "@server/db/schema";
import { getEnv } from "@server/env";
import { getIntegrations } from "@server/integrations";
import { checkIntegrations, INTEGRATION_CHECKS_KEY, type IntegrationCheck } from "@server/integrations/startup-check";
import { countOf, pageOf, windowTotal } from "~/lib/list.server";
import { FEEDS, feedLabel, type FeedName } from "./feed-names";
import { feedStates, lagText, lateFeeds, type FeedStateKey, type LateFeed } from "./feed-view";
import type { RejectsQuery } from "./schemas";
import { SYNC_PAGE_SIZE } from "./sync-texts";

// ------------------------------------------------------------------ feeds

/** What the screen reads of each feed_state row (not its cursor key or totals). */
const feedColumns = {
  name: feedState.name,
  status: feedState.status,
  paused: feedState.paused,
  lastRunAt: feedState.lastRunAt,
  lastSuccessAt: feedState.lastSuccessAt,
  lastRows: feedState.lastRows,
  lastSkipped: feedState.lastSkipped,
  lastError: feedState.lastError,
  lastErrorAt: feedState.lastErrorAt,
  cursorAt: feedState.cursorAt,
  upstreamLatestAt: feedState.upstreamLatestAt,
};

export type FeedRow = {
  name: FeedName;
  label: string;
  states: FeedStateKey[];
  /** Whether "Continuar desde el origen" applies (its cursor is ahead of upstream). */
  waiting: boolean;
  lastRunAt: Date | null;
  lastSuccessAt: Date | null;
  lag: string;
  lastRows: number | null;
  lastSkipped: number | null;
  lastError: string | null;
  lastErrorAt: Date | null;
};

/** One row per feed, in the screen's order (FEEDS); a feed with no row yet has not run. */
export async function listFeeds(): Promise<FeedRow[]> {
  const rows = await getDb().select(feedColumns).from(feedState);
  const byName = new Map(rows.map((r) => [r.name, r]));
  return FEEDS.map(({ name, label }) => {
    const row = byName.get(name) ?? null;
    return {
      name,
      label,
      states: feedStates(row),
      waiting: row?.status === "waiting",
      lastRunAt: row?.lastRunAt ?? null,
      lastSuccessAt: row?.lastSuccessAt ?? null,
      lag: lagText(row),
      lastRows: row?.lastRunAt ? row.lastRows : null,
      lastSkipped: row?.lastRunAt ? row.lastSkipped : null,
      lastError: row?.lastError ?? null,
      lastErrorAt: row?.lastErrorAt ?? null,
    };
  });
}

/** One feed's state for the "Continuar desde el origen" confirmation; null when it has no row. */
export async function feedForResume(name: FeedName) {
  const [row] = await getDb()
    .select({ status: feedState.status, cursorAt: feedState.cursorAt, upstreamLatestAt: feedState.upstreamLatestAt })
    .from(feedState)
    .where(eq(feedState.name, name));
  return row ? { name, label: feedLabel(name), ...row } : null;
}

/** The feeds' rows behind the banner: kept on the embedded database until feed_state is written (server/db/kept-reads.ts). */
const keptFeedStates = keptReads<LateFeedRow[]>({ channel: "kept_reads", tables: ["feed_state"] });
type LateFeedRow = Parameters<typeof lateFeeds>[0][number];

/**
 * The late feeds for the app's banner: one read of feed_state (a row per feed, ten at most; on the
 * embedded database, read again only after a write to it), and the rule of `isLate` at `now`, with
 * the interval the schedules run at.
 */
export async function listLateFeeds(now = new Date()): Promise<LateFeed[]> {
  const rows = await keptFeedStates.read("all", () =>
    getDb()
      .select({
        name: feedState.name,
        status: feedState.status,
        paused: feedState.paused,
        lastRunAt: feedState.lastRunAt,
        lastSuccessAt: feedState.lastSuccessAt,
        cursorAt: feedState.cursorAt,
        upstreamLatestAt: feedState.upstreamLatestAt,
      })
      .from(feedState),
  );
  return lateFeeds(rows, getEnv().FEED_INTERVAL_MS, now);
}

// ------------------------------------------------------------------ refused records

function rejectsWhere(query: RejectsQuery): SQL | undefined {
  return query.feed ? eq(feedRejects.feed, query.feed) : undefined;
}

/** Newest first, written as feed_rejects_feed_idx is built (DESC NULLS LAST) so one feed's page reads off it. */
export function feedRejectsPageQuery(db: Pick<Db, "select">, query: RejectsQuery) {
  const pageSize = query.pageSize ?? SYNC_PAGE_SIZE;
  return db
    .select({
      id: feedRejects.id,
      feed: feedRejects.feed,
      upstreamId: feedRejects.upstreamId,
      reason: feedRejects.reason,
      seenAt: feedRejects.seenAt,
      total: windowTotal(),
    })
    .from(feedRejects)
    .where(rejectsWhere(query))
    .orderBy(sql`${feedRejects.seenAt} desc nulls last`, sql`${feedRejects.id} desc nulls last`)
    .limit(pageSize)
    .offset((query.page - 1) * pageSize);
}

export async function listFeedRejects(query: RejectsQuery) {
  const found = await feedRejectsPageQuery(getDb(), query);
  const page = await pageOf(found, query.page, query.pageSize ?? SYNC_PAGE_SIZE, countOf(feedRejects, rejectsWhere(query)));
  return { ...page, rows: page.rows.map((r) => ({ ...r, feedLabel: feedLabel(r.feed) })) };
}

export type FeedRejectRow = Awaited<ReturnType<typeof listFeedRejects>>["rows"][number];

// ------------------------------------------------------------------ integrations

export const INTEGRATION_SYSTEMS = [
  { system: "erp", label: "Intelisis (ERP)" },
  { system: "marketplace", label: "Mercado Libre" },
  { system: "ai", label: "Servicio de IA" },
  { system: "invoicing", label: "Facturación" },
  { system: "content", label: "Back end de contenido" },
] as const;

export type IntegrationRow = {
  system: (typeof INTEGRATION_SYSTEMS)[number]["system"];
  label: string;
  mode: "simulator" | "http";
  canCheck: boolean;
  /** The last check of an HTTP system (at start-up, or "Probar conexión"), whichever instance made it. */
  lastCheck: { ok: boolean; message: string; checkedAt: string } | null;
};

/** Each legacy system with the adapter serving it (INTEGRATIONS) and, over HTTP, its last check. */
export async function listIntegrations(): Promise<IntegrationRow[]> {
  const { modes } = getIntegrations();
  const [stored] = await getDb().select({ value: settings.value }).from(settings).where(eq(settings.key, INTEGRATION_CHECKS_KEY));
  const checks = Array.isArray(stored?.value) ? (stored.value as IntegrationCheck[]) : [];
  return INTEGRATION_SYSTEMS.map(({ system, label }) => {
    const check = checks.find((c) => c.system === system && c.mode === "http");
    return {
      system,
      label,
      mode: modes[system] === "http" ? "http" : "simulator",
      canCheck: modes[system] === "http",
      lastCheck: modes[system] === "http" && check ? { ok: check.ok, message: check.message, checkedAt: check.checkedAt } : null,
    };
  });
}

/** "Probar conexión": every system over HTTP is asked again (outside any transaction); the asked one's answer. */
export async function checkConnection(system: IntegrationRow["system"]): Promise<{ ok: true } | { ok: false; message: string }> {
  const checks = await checkIntegrations(getDatabase(), getIntegrations(), getEnv());
  const check = checks.find((c) => c.system === system);
  return !check || check.ok ? { ok: true } : { ok: false, message: check.message };
}
