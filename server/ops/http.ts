import type { Express } from "express";
import { healthRouter, type Failing } from "./health";
import { metricsEndpoint } from "./metrics-endpoint";
import { observeRequests } from "./request-log";
import { refuseWhileDraining, type Lifecycle } from "./shutdown";

/** What operations need of the HTTP app: the shutdown's state, the readiness check, the metrics' settings. */
export type AppOps = {
  lifecycle: Lifecycle;
  readiness: () => Promise<Failing[]>;
  metrics: { token: string | undefined; clustered: boolean };
};

/**
 * The first handlers of the app, before anything of the back office or the shop API: every
 * request's id, scope, access line and latency; the probes and the scrape, which read no cookie,
 * no session and no body and are under no rate limit (docs/operations.md); and, once shutdown
 * began, `Connection: close` on every answer and 503 for anything but the probes.
 */
export function mountOperations(app: Express, ops: AppOps) {
  app.use(observeRequests(ops.lifecycle.inFlight));
  app.use((_req, res, next) => {
    if (ops.lifecycle.draining) res.setHeader("Connection", "close");
    next();
  });
  app.use(healthRouter(ops.readiness));
  app.get("/metrics", metricsEndpoint(ops.metrics));
  app.use(refuseWhileDraining(ops.lifecycle));
}
