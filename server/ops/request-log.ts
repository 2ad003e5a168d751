import { performance } from "node:perf_hooks";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { currentRequestScope, inRequestScope, newRequestId } from "../http/request-scope";
import { log } from "./log";
import { httpRequestDuration, statusClass } from "./metrics";

export const REQUEST_ID_HEADER = "X-Request-Id";

/** An id a proxy or a client sends is kept when it is a safe token; anything else is replaced. */
const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && SAFE_ID.test(value) ? value : newRequestId();
}

/** The probes and the scrape: logged at debug, so a probe every few seconds does not fill the log. */
const QUIET_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

/**
 * The label a request is counted and logged under: the route pattern the router matched
 * (`/orders/:orderId`, set by the root route's middleware through the request's context), the
 * Express route of the shop API, a label set by the handler that answered (static files), or a
 * fixed word — never the raw URL, whose ids would make a label per record.
 */
export function routeLabel(req: Request, res: Response): string {
  const pattern = res.locals.routePattern as string | undefined;
  if (pattern) return pattern;
  if (QUIET_PATHS.has(req.path)) return req.path;
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (route && typeof route.path === "string") return `${req.baseUrl}${route.path}`;
  if (req.baseUrl) return `${req.baseUrl}/*`;
  return res.locals.refused ? "(refused)" : "(other)";
}

/** Requests being answered, for the graceful shutdown (server/ops/shutdown.ts). */
export type InFlight = { count: number; onIdle: Set<() => void> };

/**
 * The first thing every request meets: its id (a safe incoming `X-Request-Id`, or a new one),
 * returned in the `X-Request-Id` header of every answer; the request's scope, so every log line
 * written while it is handled carries the id; and, when the answer ends, one access line and one
 * observation of the latency histogram. The access line has the method, the route pattern, the
 * status, the time and the user id once the session was read — never the URL's query, a cookie or
 * a body.
 */
export function observeRequests(inFlight: InFlight = { count: 0, onIdle: new Set() }): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const requestId = requestIdFrom(req.headers["x-request-id"]);
    res.setHeader(REQUEST_ID_HEADER, requestId);
    res.locals.requestId = requestId;
    const started = performance.now();
    inFlight.count += 1;
    inRequestScope(() => {
      const scope = currentRequestScope();
      let done = false;
      const end = () => {
        if (done) return;
        done = true;
        inFlight.count -= 1;
        if (inFlight.count === 0) for (const idle of inFlight.onIdle) idle();
        const ms = performance.now() - started;
        const aborted = !res.writableFinished;
        const route = routeLabel(req, res);
        const status = res.statusCode;
        httpRequestDuration.observe({ route, method: req.method, status_class: statusClass(status, aborted) }, ms / 1000);
        const userId = scope?.userId;
        const line = {
          requestId,
          method: req.method,
          route,
          status,
          ms: Math.round(ms * 10) / 10,
          ...(userId !== undefined ? { userId } : {}),
          ...(aborted ? { aborted: true } : {}),
        };
        const text = `${req.method} ${route} ${aborted ? "interrumpida" : status} ${line.ms} ms`;
        if (QUIET_PATHS.has(req.path)) log.debug(line, text);
        else log.info(line, text);
      };
      res.once("finish", end);
      res.once("close", end);
      next();
    }, requestId);
  };
}
