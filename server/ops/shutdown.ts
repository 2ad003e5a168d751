import type http from "node:http";
import type { NextFunction, Request, Response } from "express";
import { refuse } from "../http/refusal";
import type { InFlight } from "./request-log";

export const SHUTDOWN_MESSAGE = "El servidor se está reiniciando. Vuelve a intentarlo en unos segundos.";

/** What the graceful shutdown needs to know of the HTTP side: requests in flight, and whether it began. */
export type Lifecycle = { inFlight: InFlight; draining: boolean };

export function createLifecycle(): Lifecycle {
  return { inFlight: { count: 0, onIdle: new Set() }, draining: false };
}

/**
 * Once shutdown began, a request that still arrives on a kept-alive connection is answered 503
 * with `Connection: close` (the client opens a new connection, to another instance), instead of
 * starting work the process may not live to finish. The probes are mounted before this.
 */
export function refuseWhileDraining(lifecycle: Lifecycle) {
  return (_req: Request, res: Response, next: NextFunction) => {
    if (!lifecycle.draining) return next();
    res.setHeader("Retry-After", "5");
    refuse(res, 503, SHUTDOWN_MESSAGE, { closeConnection: true });
  };
}

/**
 * Stops taking connections (idle kept-alive ones are closed at once), lets the requests in flight
 * end within `timeoutMs`, then closes every connection left. Returns how many requests were cut.
 */
export async function drainServer(server: http.Server, lifecycle: Lifecycle, timeoutMs: number): Promise<{ cut: number }> {
  lifecycle.draining = true;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const { inFlight } = lifecycle;
  if (inFlight.count > 0) {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        inFlight.onIdle.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      inFlight.onIdle.add(done);
    });
  }
  const cut = inFlight.count;
  server.closeAllConnections();
  await closed;
  return { cut };
}
