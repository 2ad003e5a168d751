/**
 * How the Sincronización screen and the late-data banner read a feed's state (docs/live-data.md):
 * its state badge, its lag, whether it is late, which screens it fills. Pure: no database, no Zod,
 * so the app layout can use it in the browser too.
 */
import { formatQueryDate, formatTime } from "@common/format";
import { FEEDS, type FeedName } from "./feed-names";

/** What the screen and the banner read of a `feed_state` row. */
export type FeedStateLike = {
  status: string;
  paused: boolean;
  lastRunAt: Date | null;
  lastSuccessAt: Date | null;
  cursorAt: Date | null;
  upstreamLatestAt: Date | null;
};

export type FeedStateKey = "never" | "ok" | "error" | "stopped" | "waiting" | "paused";

export const FEED_STATES: Record<FeedStateKey, { label: string; variant: "success" | "danger" | "warning" | "gray"; hint?: string }> = {
  never: { label: "Sin ejecutar", variant: "gray" },
  ok: { label: "OK", variant: "success" },
  error: { label: "Error", variant: "danger", hint: "Falló su última ejecución; se reintenta en la siguiente." },
  stopped: { label: "Detenido", variant: "danger", hint: "El origen rechazó el token; solo corre con «Sincronizar ahora»." },
  waiting: { label: "En espera", variant: "warning", hint: "Su cursor va adelante del origen (¿un respaldo restaurado?)." },
  paused: { label: "Pausado", variant: "gray", hint: "Las ejecuciones programadas lo saltan; «Sincronizar ahora» sí lo ejecuta." },
};

/**
 * The feed's badges: its status (a feed with no row, or whose row only holds the cursor an import or
 * the demo's seed left, has not run), and "Pausado" beside it when it is paused (alone when its status is OK).
 */
export function feedStates(row: FeedStateLike | null): FeedStateKey[] {
  if (!row) return ["never"];
  const failed = row.status === "error" || row.status === "stopped" || row.status === "waiting";
  const status: FeedStateKey = failed ? (row.status as FeedStateKey) : row.lastRunAt ? "ok" : "never";
  if (!row.paused) return [status];
  return status === "ok" ? ["paused"] : [status, "paused"];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "menos de 1 min", "3 min", "2 h", "3 días": how long, truncated to its largest unit. */
export function durationText(ms: number): string {
  if (!(ms >= MINUTE)) return "menos de 1 min";
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min`;
  if (ms < 2 * DAY) return `${Math.floor(ms / HOUR)} h`;
  return `${Math.floor(ms / DAY)} días`;
}

/**
 * How far the feed is behind upstream: the newest change upstream had when last asked minus the
 * last change applied. Under a minute (or a cursor ahead, which its status says) is "al día".
 */
export function lagText(row: Pick<FeedStateLike, "cursorAt" | "upstreamLatestAt"> | null): string {
  if (!row?.upstreamLatestAt) return "—";
  if (!row.cursorAt) return "sin datos aún";
  const lag = row.upstreamLatestAt.getTime() - row.cursorAt.getTime();
  return lag < MINUTE ? "al día" : durationText(lag);
}

/** YYYY/MM/DD HH:mm, Mexico City. */
export function stampText(value: Date | null | undefined): string {
  return value ? `${formatQueryDate(value)} ${formatTime(value)}` : "";
}

/** After how many intervals without a success a feed is late. */
export const LATE_AFTER_INTERVALS = 3;

/**
 * A feed is late when it is stopped or waiting (it will not go on by itself), or when its last
 * success is older than three intervals. With the schedules off (interval 0) age alone never makes
 * it late. A feed that never ran is not late (nothing to be behind on yet); one that ran and never
 * succeeded is (its screens hold nothing it brought).
 */
export function isLate(row: FeedStateLike | null, intervalMs: number, now: Date): boolean {
  if (!row || !row.lastRunAt) return false;
  if (row.status === "stopped" || row.status === "waiting") return true;
  if (intervalMs <= 0) return false;
  if (!row.lastSuccessAt) return true;
  return now.getTime() - row.lastSuccessAt.getTime() > LATE_AFTER_INTERVALS * intervalMs;
}

/** The screens each feed fills: where its lateness is announced. */
export const FEED_SCREENS: Record<FeedName, readonly string[]> = {
  "orders-main": ["/orders"],
  "orders-brand": ["/orders"],
  questions: ["/questions"],
  messages: ["/messages"],
  publications: ["/publications"],
  "erp-articles": ["/web-inventory", "/products"],
  // Facturación v2 reads the back end live; the copy only answers when the back end does not.
  "invoice-feedback": [],
};

/** The screen a path belongs to (its first segment): "/orders/123" → "/orders". */
export function screenOf(pathname: string): string {
  return "/" + (pathname.split("/")[1] ?? "");
}

const FED_SCREENS = new Set(Object.values(FEED_SCREENS).flat());

/** Whether some feed fills the screen of this path. */
export function isFedScreen(pathname: string): boolean {
  return FED_SCREENS.has(screenOf(pathname));
}

/** A late feed as the banner shows it. */
export type LateFeed = { name: FeedName; screens: readonly string[]; sentence: string };

/** "Los datos de Pedidos (Meli 1) no se actualizan desde hace 12 min." */
export function lateSentence(label: string, row: FeedStateLike, now: Date): string {
  const why =
    row.status === "stopped"
      ? " (el origen rechazó el acceso)"
      : row.status === "waiting"
        ? " (la sincronización espera a un administrador)"
        : "";
  if (!row.lastSuccessAt) return `Los datos de ${label} no se han podido actualizar${why}.`;
  return `Los datos de ${label} no se actualizan desde hace ${durationText(now.getTime() - row.lastSuccessAt.getTime())}${why}.`;
}

/** The late feeds among the rows (by name), in the screen's order, with the screens they fill. */
export function lateFeeds(rows: ReadonlyArray<FeedStateLike & { name: string }>, intervalMs: number, now: Date): LateFeed[] {
  const byName = new Map(rows.map((r) => [r.name, r]));
  const late: LateFeed[] = [];
  for (const feed of FEEDS) {
    const row = byName.get(feed.name) ?? null;
    if (row && isLate(row, intervalMs, now))
      late.push({ name: feed.name, screens: FEED_SCREENS[feed.name], sentence: lateSentence(feed.label, row, now) });
  }
  return late;
}

/** The late feeds whose screens include the one of this path. */
export function lateOn(late: readonly LateFeed[], pathname: string): LateFeed[] {
  const screen = screenOf(pathname);
  return late.filter((f) => f.screens.includes(screen));
}
