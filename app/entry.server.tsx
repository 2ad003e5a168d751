import { createReadableStreamFromReadable } from "@react-router/node";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { htmlBodyStream } from "./lib/html-stream.server";
import { NonceProvider } from "./lib/nonce";
import type { AppParts } from "@server/app-parts";
import { requestContext, requestValuesOf } from "@server/http/request-context";
import { reportError } from "@server/ops/error-reporting";
import { log } from "@server/ops/log";
import { INTEGRATION_TIMEOUT_MAX_MS } from "@server/env";
import { appJobs } from "./jobs.server";
import { shopApiRouter } from "./shop-api-router.server";

/** How long a whole page may take to render; its data is all there before it starts (documents await it). */
const ABORT_DELAY = 5_000;
/**
 * How long a data request's promises may stay pending before the router rejects them: past the
 * longest time-out an operator may give a legacy call (the order dialog's marketplace look-ups
 * arrive that way, and each settles by its own time-out).
 */
export const streamTimeout = INTEGRATION_TIMEOUT_MAX_MS + 1_000;

/** What the process takes from the app besides its routes (server/app-parts.ts, decision 0048). */
export const appParts: AppParts = { jobs: appJobs, shopApi: shopApiRouter };

/**
 * What reaches the log (and the error reports, when SENTRY_DSN is set): real failures of loaders,
 * actions and renders, with the request's id. A client that left, and the router's answers to
 * requests no page makes (a post to a page without an action, a path no route has: 4xx shown to the
 * user in Spanish), would only bury them.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  failed(error, context ? requestValuesOf(context)?.requestId : undefined);
};

function failed(error: unknown, requestId: string | undefined) {
  log.error({ err: error, ...(requestId ? { requestId } : {}) }, "Error no atendido al atender la solicitud");
  reportError(error, requestId);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { cspNonce: nonce, requestId } = loadContext.get(requestContext);
  const readyEvent = isbot(request.headers.get("user-agent") || "") ? "onAllReady" : "onShellReady";
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // Every part of the page inline, whatever its size: React 19 sends a large Suspense boundary
        // apart, hidden until a script reveals it, which a browser without JavaScript never runs.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyEvent]() {
          shellRendered = true;
          const body = htmlBodyStream();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) failed(error, requestId);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
