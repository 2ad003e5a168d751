/**
 * `/api/shop/v1`: the shop's read-only content API, mounted in Express before Remix (decision 0042).
 * No session, no cookie, no Remix document machinery: CORS for the shop's origins, a per-address
 * rate limit, bounded query strings, JSON errors in Spanish, and ETag / Last-Modified / short public
 * caching so a CDN can front it. What each answer holds is built in app/modules/shop-api.
 */
import crypto from "node:crypto";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { answerDetail, answerList, SHOP_TEXTS, type ShopAnswer } from "~/modules/shop-api/answers.server";
import { shopDocsPage } from "~/modules/shop-api/docs-page";
import { DETAIL_ENDPOINTS, LIST_ENDPOINTS } from "~/modules/shop-api/endpoints";
import { parseMediaPath, publicMedia } from "~/modules/shop-api/media.server";
import { shopOpenApiDocument } from "~/modules/shop-api/openapi";
import { createRateLimiter } from "./rate-limit";

export const SHOP_API_PATH = "/api/shop/v1";
export const QUERY_MAX_BYTES = 2048;
export const ALLOWED = "GET, HEAD, OPTIONS";
export const CONTENT_CACHE = "public, max-age=60, stale-while-revalidate=300";
export const MEDIA_CACHE = "public, max-age=31536000, immutable";

export type ShopApiOptions = {
  /** Origins allowed to read from a browser (CORS), e.g. https://tienda.example.com.mx. */
  origins: readonly string[];
  /** Requests per minute per client address. */
  rateLimit: number;
  /** The clock (scheduled posts, current promotions); tests inject their own. */
  now?: () => Date;
};

function sendError(res: Response, status: number, message: string, field?: string) {
  res.status(status);
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Cache-Control", status === 404 ? "public, max-age=60" : "no-store");
  res.end(JSON.stringify({ error: field ? { message, field } : { message } }));
}

/** The latest `updatedAt` of the answer's records (epoch for an empty page). */
function lastModifiedOf(body: unknown): Date {
  const data = (body as { data?: unknown })?.data;
  const items = Array.isArray(data) ? data : data ? [data] : [];
  let latest = 0;
  for (const item of items) {
    const t = Date.parse((item as { updatedAt?: string })?.updatedAt ?? "");
    if (Number.isFinite(t) && t > latest) latest = t;
  }
  return new Date(latest);
}

/** A 200 with caching headers, or a 304 when the client already holds this body. */
function sendCached(req: Request, res: Response, text: string, contentType: string, lastModified: Date) {
  const etag = `"${crypto.createHash("sha256").update(text).digest("base64url").slice(0, 27)}"`;
  res.setHeader("ETag", etag);
  res.setHeader("Last-Modified", lastModified.toUTCString());
  res.setHeader("Cache-Control", CONTENT_CACHE);
  const asked = req.headers["if-none-match"];
  if (asked && asked.split(",").some((t) => t.trim().replace(/^W\//, "") === etag || t.trim() === "*")) {
    res.status(304).end();
    return;
  }
  res.status(200);
  res.setHeader("Content-Type", contentType);
  res.end(text);
}

function sendAnswer(req: Request, res: Response, answer: ShopAnswer) {
  if (!answer.ok) {
    if (answer.reason === "invalid") return sendError(res, 400, answer.message, answer.field);
    return sendError(res, 404, answer.message);
  }
  sendCached(req, res, JSON.stringify(answer.body), "application/json; charset=utf-8", lastModifiedOf(answer.body));
}

export function shopApiRouter(options: ShopApiOptions) {
  const router = express.Router({ caseSensitive: true, strict: false });
  const now = options.now ?? (() => new Date());
  const origins = new Set(options.origins);
  const take = createRateLimiter(options.rateLimit);

  router.use((req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    const q = req.originalUrl.indexOf("?");
    if (q >= 0 && Buffer.byteLength(req.originalUrl.slice(q + 1)) > QUERY_MAX_BYTES) return sendError(res, 414, SHOP_TEXTS.queryTooLong);
    const origin = req.headers.origin;
    res.setHeader("Vary", "Origin");
    const allowedOrigin = typeof origin === "string" && origins.has(origin);
    if (allowedOrigin) {
      res.setHeader("Access-Control-Allow-Origin", origin);
      res.setHeader("Access-Control-Expose-Headers", "ETag, Last-Modified, Retry-After");
    }
    if (req.method === "OPTIONS") {
      res.setHeader("Allow", ALLOWED);
      if (origin !== undefined && !allowedOrigin) return sendError(res, 403, SHOP_TEXTS.origin);
      if (allowedOrigin) {
        res.setHeader("Access-Control-Allow-Methods", ALLOWED);
        res.setHeader("Access-Control-Allow-Headers", "If-None-Match, If-Modified-Since");
        res.setHeader("Access-Control-Max-Age", "600");
      }
      res.setHeader("Cache-Control", "no-store");
      return res.status(204).end();
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", ALLOWED);
      return sendError(res, 405, SHOP_TEXTS.method);
    }
    const decision = take(req.ip ?? req.socket.remoteAddress ?? "unknown");
    if (!decision.allowed) {
      res.setHeader("Retry-After", String(decision.retryAfterSeconds));
      return sendError(res, 429, SHOP_TEXTS.throttled(decision.retryAfterSeconds));
    }
    next();
  });
  router.use(compression({ level: 6 }));

  const params = (req: Request) => {
    const q = req.originalUrl.indexOf("?");
    return new URLSearchParams(q >= 0 ? req.originalUrl.slice(q + 1) : "");
  };
  const handle = (work: (req: Request, res: Response) => Promise<void> | void) => (req: Request, res: Response, next: NextFunction) => {
    Promise.resolve(work(req, res)).catch(next);
  };

  for (const e of LIST_ENDPOINTS) {
    router.get(e.path, handle(async (req, res) => sendAnswer(req, res, await answerList(e.name, params(req), now()))));
  }
  for (const e of DETAIL_ENDPOINTS) {
    const path = e.path.replace(`{${e.param}}`, `:${e.param}`);
    router.get(path, handle(async (req, res) => sendAnswer(req, res, await answerDetail(e.name, req.params[e.param] ?? "", now()))));
  }
  router.get(
    "/media/:fileId/:name",
    handle(async (req, res) => {
      const media = parseMediaPath(req.params.fileId ?? "", req.params.name ?? "");
      const found = media ? await publicMedia(media, now()) : null;
      if (!found) return sendError(res, 404, SHOP_TEXTS.mediaMissing);
      res.setHeader("Cache-Control", MEDIA_CACHE);
      res.setHeader("Content-Type", found.contentType);
      if (found.contentType === "application/pdf") res.setHeader("Content-Disposition", `inline; filename="${encodeURIComponent(found.name)}"`);
      await new Promise<void>((resolve, reject) =>
        res.sendFile(found.path, { headers: { "Cache-Control": MEDIA_CACHE }, cacheControl: false }, (error) => (error && !res.headersSent ? reject(error) : resolve())),
      );
    }),
  );
  router.get(
    "/openapi.json",
    handle((req, res) => sendCached(req, res, JSON.stringify(shopOpenApiDocument()), "application/json; charset=utf-8", SERVED_SINCE)),
  );
  router.get(
    "/docs",
    handle((req, res) => {
      res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
      sendCached(req, res, shopDocsPage(shopOpenApiDocument()), "text/html; charset=utf-8", SERVED_SINCE);
    }),
  );
  router.use((_req, res) => sendError(res, 404, SHOP_TEXTS.pathMissing));
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    console.error(error);
    if (res.headersSent) return res.destroy();
    sendError(res, 500, SHOP_TEXTS.failed);
  });
  return router;
}

/** The document and its page change only with a new build: they are as old as this process. */
const SERVED_SINCE = new Date(Math.floor(Date.now() / 1000) * 1000);
