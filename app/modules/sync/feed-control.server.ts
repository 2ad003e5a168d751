/** What staff can do to a feed from the Sincronización screen: run it now, or let it go on after a wait. */
import { getDb } from "@server/db/client";
import { feedState } from "@server/db/schema";
import { eq, sql } from "drizzle-orm";
import type { SessionUser } from "~/modules/auth/session-user";
import { audit } from "~/modules/logs/audit.server";
import { feedJobName, feedLabel, type FeedName } from "./feed-names";

/**
 * Asks for a run of the feed at once: a job row any instance's runner claims within its next tick
 * (five seconds). A manual run also runs a feed the upstream stopped (token refused) or paused.
 * Two presses before it runs add one job (the key is the second).
 */
export async function requestFeedRun(name: FeedName, actor: Pick<SessionUser, "id">, now = new Date()): Promise<void> {
  await getDb().transaction(async (tx) => {
    await tx.execute(sqlInsertJob(feedJobName(name), `manual:${Math.floor(now.getTime() / 1000)}`, now));
    await audit(
      { message: `Sincronización solicitada: ${feedLabel(name)}`, type: "integration", tags: ["sync", name], userId: actor.id },
      tx,
    );
  });
}

function sqlInsertJob(jobName: string, key: string, now: Date) {
  // Raw SQL through drizzle's `sql` keeps the insert in the caller's transaction.
  return sql`insert into jobs (name, key, payload, run_at, max_attempts)
             values (${jobName}, ${key}, ${JSON.stringify({ manual: true })}::jsonb, ${now.toISOString()}::timestamptz, 1)
             on conflict (name, key) do nothing`;
}

/**
 * A feed that found its cursor ahead of upstream (a restored backup) waits for an operator. Going on
 * moves its cursor back to the newest change upstream has, so nothing upstream holds is skipped;
 * rows already here are upserted again without effect.
 */
export async function resumeFeedFromUpstream(name: FeedName, actor: Pick<SessionUser, "id">): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [state] = await tx.select().from(feedState).where(eq(feedState.name, name)).for("update");
    if (!state || state.status !== "waiting") return false;
    await tx
      .update(feedState)
      .set({ status: "ok", cursorAt: state.upstreamLatestAt, cursorKey: null, lastError: null, updatedAt: new Date() })
      .where(eq(feedState.name, name));
    await audit(
      {
        message: `${feedLabel(name)}: el cursor vuelve a lo más reciente del origen (${state.upstreamLatestAt?.toISOString() ?? "sin datos"})`,
        type: "integration",
        tags: ["sync", name],
        userId: actor.id,
        detail: { before: state.cursorAt?.toISOString() ?? null, after: state.upstreamLatestAt?.toISOString() ?? null },
      },
      tx,
    );
    return true;
  });
}
