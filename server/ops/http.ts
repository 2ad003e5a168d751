import type { Express } from "express";
import { healthRouter, type Failing } from "./health";
import { observeRequests } from "./request-log";
import { refuseWhileDraining, type Lifecycle } from "./shutdown";

/** What operations need of the HTTP app: the shutdown's state and the readiness check. */
export type AppOps = {
  lifecycle: Lifecycle;
  readiness: () => Promise<Failing[]>;
};

/**
 * The first handlers of the app, before anything of the back office or the shop API: every
 * request's id, scope and access line; the probes, which read no cookie,
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
  app.use(refuseWhileDraining(ops.lifecycle));
}
