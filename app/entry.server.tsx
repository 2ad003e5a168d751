import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { htmlBodyStream } from "./lib/html-stream.server";
import { NonceProvider } from "./lib/nonce";

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

/**
 * What reaches the log: real failures. A client that left, and the router's answers to requests no
 * page makes (a post to a page without an action, a path no route has: 4xx shown to the user in
 * Spanish), would only bury them.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = (loadContext as { cspNonce?: string }).cspNonce ?? "";
  const readyEvent = isbot(request.headers.get("user-agent") || "") ? "onAllReady" : "onShellReady";
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
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
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
