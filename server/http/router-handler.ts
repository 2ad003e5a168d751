import fs from "node:fs";
import { DOWNLOAD_FETCH_HEADER, FOLLOW_HEADER } from "@common/download-headers";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import { createRequestHandler as createRouterHandler, type ServerBuild } from "react-router";
import type { NextFunction, Request, Response } from "express";
import type { CheckedBody } from "./bounded-body";
import { currentRequestScope, inRequestScope } from "./request-scope";
import { routerContextFor, type RequestValues } from "./request-context";
import { refuse } from "./refusal";
import { isRouterMethodRefusal, SHAPE_MESSAGES } from "./request-shape";

/** The header the app reads the client's address from; whatever a client sends under it is dropped. */
export const CLIENT_IP_HEADER = "x-client-ip";

function routerHeaders(req: Request) {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined || key === CLIENT_IP_HEADER) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
  }
  // req.ip is the socket's address, or the proxy's forwarded one only when TRUST_PROXY names that proxy.
  headers.set(CLIENT_IP_HEADER, req.ip ?? req.socket.remoteAddress ?? "desconocida");
  return headers;
}

function routerRequest(req: Request, res: Response) {
  const url = new URL(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`);
  const controller = new AbortController();
  // Loaders and actions stop when the client leaves before the answer was written.
  let finished = false;
  res.on("finish", () => (finished = true));
  res.on("close", () => !finished && controller.abort());
  const headers = routerHeaders(req);
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  // boundedBody (mounted before this handler) leaves a checked copy of every body it lets through.
  const body = res.locals.checkedBody as CheckedBody | undefined;
  if (body) {
    headers.set("content-type", body.contentType);
    if ("data" in body) {
      headers.set("content-length", String(body.data.byteLength));
      init.body = new Uint8Array(body.data);
    } else {
      init.body = createReadableStreamFromReadable(fs.createReadStream(body.file));
      init.duplex = "half";
    }
  }
  return new Request(url.href, init);
}

async function sendRouterResponse(res: Response, response: globalThis.Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/**
 * A report fetched by the page (app/lib/download.ts) that the server refused with a redirect and a
 * flash toast: a fetch cannot read where a redirect goes, so the target travels in a header of a
 * plain answer (the toast's cookie with it) and the page goes there; the report is not built twice.
 */
function redirectAsHeader(response: globalThis.Response) {
  const location = response.headers.get("location");
  if (response.status < 300 || response.status >= 400 || !location) return response;
  const headers = new Headers(response.headers);
  headers.delete("location");
  headers.set(FOLLOW_HEADER, location);
  return new globalThis.Response(null, { status: 200, headers });
}

function withNoStore(response: globalThis.Response) {
  try {
    response.headers.set("Cache-Control", "no-store");
    return response;
  } catch {
    const copy = new globalThis.Response(response.body, response);
    copy.headers.set("Cache-Control", "no-store");
    return copy;
  }
}

/**
 * React Router behind the checks in server/http: the body it reads is the checked one, the client address is
 * the one the server trusts, and a signed-in answer (pages, data, downloads) is never stored by a
 * browser or a proxy on a shared machine.
 */
export function createRequestHandler({
  build,
  mode,
  requestValues,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  /** What the app reads of the request from the router's context (server/http/request-context.ts). */
  requestValues: (req: Request, res: Response) => RequestValues;
}) {
  const handle = createRouterHandler(build, mode);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const values = requestValues(req, res);
      const run = () => handle(routerRequest(req, res), routerContextFor(values));
      // The request's scope is opened where it arrives (server/ops/request-log.ts); a bare use of this handler opens its own.
      let response = await (currentRequestScope() ? run() : inRequestScope(run, values.requestId));
      // The pattern the router matched labels the access line and the latency histogram.
      if (values.matched.pattern) res.locals.routePattern = values.matched.pattern;
      if (isRouterMethodRefusal(req.path, response)) {
        res.setHeader("Allow", "GET, HEAD");
        return refuse(res, 405, SHAPE_MESSAGES.method);
      }
      if (req.get(DOWNLOAD_FETCH_HEADER) === "1") response = redirectAsHeader(response);
      if (req.headers.cookie) response = withNoStore(response);
      await sendRouterResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
