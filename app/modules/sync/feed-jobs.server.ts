/**
 * The content back end's jobs of the runner (decision 0041), each on one instance at a time: the
 * feeds, every FEED_INTERVAL_MS and at once when someone presses "Sincronizar ahora" (a `manual`
 * job), and the conversations' priority, which changes by itself with time (docs/live-data.md).
 */
import { getEnv } from "@server/env";
import { getIntegrations } from "@server/integrations";
import type { JobDefinition } from "@server/jobs/runner";
import { cron, every } from "@server/jobs/schedule";
import { sendPriorityChanges } from "~/modules/messages/priority-upstream.server";
import { refreshDollarRate } from "./dollar-rate.server";
import { recordFeedError, runCollectionFeed } from "./feed-engine.server";
import { feedJobName } from "./feed-names";
import { collectionFeeds } from "./feeds.server";

export function syncJobs(): JobDefinition[] {
  return [...feedJobs(), messagePriorityJob];
}

/**
 * A conversation turns urgent 24 h after a buyer's unanswered message, without any edit: the flag
 * the content back end holds is brought up to date every five minutes.
 */
const messagePriorityJob: JobDefinition = {
  name: "message-priority",
  schedule: cron("*/5 * * * *"),
  maxAttempts: 3,
  run: async (job) => {
    const { queued } = await sendPriorityChanges({ now: job.now });
    if (queued > 0) return `${queued} prioridades de conversación por enviar al back end de contenido`;
  },
};

function feedJobs(): JobDefinition[] {
  const env = getEnv();
  return collectionFeeds().map((feed) => ({
    name: feedJobName(feed.name),
    schedule: env.FEED_INTERVAL_MS > 0 ? every(Math.max(1000, env.FEED_INTERVAL_MS)) : undefined,
    // A failed run is recorded on its feed and retried by the next period (or a manual run).
    maxAttempts: 1,
    leaseMs: 15 * 60_000,
    run: async (job) => {
      const result = await runCollectionFeed(feed, {
        content: getIntegrations().content,
        lookbackMs: env.FEED_LOOKBACK_MS,
        restRatio: env.FEED_PAGE_REST,
        manual: job.payload.manual === true,
        now: () => new Date(),
      });
      // The ERP's figures come with its dollar rate.
      if (feed.name === "erp-articles" && result.status !== "skipped") {
        try {
          const rate = await refreshDollarRate(getIntegrations().erp);
          if (rate.changed) result.message += `; tipo de cambio ${rate.previous ?? "—"} → ${rate.rate}`;
        } catch (error) {
          await recordFeedError(feed.name, `Tipo de cambio: ${(error as Error).message}`);
          return `${feed.name}: tipo de cambio no leído: ${(error as Error).message}`;
        }
      }
      if (result.rows + result.skipped > 0 || result.status === "error" || result.status === "stopped" || result.status === "waiting") {
        return `${feed.name}: ${result.message}`;
      }
    },
  }));
}
