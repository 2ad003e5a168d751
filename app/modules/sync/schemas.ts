/**
 * The Sincronización screen's URL and posts (docs/live-data.md). The URL carries two lists, each
 * with its own filter and page; a bad value falls back to its default, the others stay.
 */
import { z } from "zod";
import { parseQuery, q } from "~/lib/query";
import { FEED_NAMES, type FeedName } from "./feed-names";

const feedName = z.enum(FEED_NAMES as [FeedName, ...FeedName[]]);

export const SyncQueryShape = {
  /** Refused records of one feed. */
  feed: feedName.optional(),
  rejects_page: q.page(),
  /** Outbox rows in one state (pending, failed, done); absent: pending and failed. */
  outbox: z.enum(["pending", "failed", "done"]).optional(),
  outbox_page: q.page(),
};

export function parseSyncQuery(source: URL | URLSearchParams) {
  return parseQuery(source, SyncQueryShape);
}

export type SyncQuery = ReturnType<typeof parseSyncQuery>;
export type RejectsQuery = { feed?: FeedName; page: number; pageSize?: number };

/** The /sync posts: one per button (the "Continuar desde el origen" confirmation is its own route). */
export const SyncIntent = z.enum(["run", "retry", "retry-all", "check"]);

/** An outbox row's id as a form posts it. */
export const OutboundId = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,15}$/)
  .transform(Number)
  .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

export const SyncPost = {
  run: z.object({ feed: feedName }),
  retry: z.object({ id: OutboundId }),
  "retry-all": z.object({}),
  check: z.object({ system: z.enum(["erp", "marketplace", "ai", "invoicing", "content"]) }),
} as const satisfies Record<z.infer<typeof SyncIntent>, z.ZodTypeAny>;

/** A feed named in a path (the confirmation route). */
export const FeedParam = feedName;
