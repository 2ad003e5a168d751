/**
 * `/api/shop/v1`: the shop's read-only content API, mounted in Express before Remix (decision 0042).
 * No session, no cookie, no Remix document machinery: CORS for the shop's origins, a per-address
 * rate limit, bounded query strings, JSON errors in Spanish, and ETag / Last-Modified / short public
 * caching so a CDN can front it. What each answer holds is built in app/modules/shop-api. The server
 * mounts this router as the app's server entry hands it over (`appParts.shopApi`, decision 0048).
 */
import crypto from "node:crypto";
import { pipeline } from "node:stream/promises";
import express, { type NextFunction, type Request, type Response } from "express";
import { answerOf, readDetail, readList, SHOP_TEXTS, versionOf, type ShopRequest } from "~/modules/shop-api/answers.server";
import { shopDocsPage } from "~/modules/shop-api/docs-page";
import { DETAIL_ENDPOINTS, LIST_ENDPOINTS } from "~/modules/shop-api/endpoints";
import { parseMediaPath, publicMedia, type ServedMedia } from "~/modules/shop-api/media.server";
import { shopOpenApiDocument } from "~/modules/shop-api/openapi";
import { getDb } from "@server/db/client";
import { isStorageUnavailable } from "@server/storage";
import { createAnswerCache, type KeptAnswer } from "@server/shop-api/answer-cache";
import type { ShopApiOptions } from "@server/shop-api/options";
import { createRateLimiter } from "@server/shop-api/rate-limit";
import { createWorkLimit, type WorkLimit } from "@server/shop-api/work-limit";
import { reportError } from "@server/ops/error-reporting";
import { log } from "@server/ops/log";

type AnswerCache = ReturnType<typeof createAnswerCache>;

const QUERY_MAX_BYTES = 2048;
const ALLOWED = "GET, HEAD, OPTIONS";
const CONTENT_CACHE = "public, max-age=60, stale-while-revalidate=300";
const MEDIA_CACHE = "public, max-age=31536000, immutable";

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

const tagOf = (text: string) => `"${crypto.createHash("sha256").update(text).digest("base64url").slice(0, 27)}"`;

/** Whether the client already holds the representation tagged `etag` (If-None-Match, weak or strong, or *). */
function holds(req: Request, etag: string) {
  const asked = req.headers["if-none-match"];
  return Boolean(asked && asked.split(",").some((t) => t.trim().replace(/^W\//, "") === etag || t.trim() === "*"));
}

/** The headers a 200 and its 304 share (RFC 9110 §15.4.5: ETag, Vary, Cache-Control). */
function setCaching(res: Response, etag: string) {
  res.setHeader("ETag", etag);
  res.setHeader("Vary", "Origin, Accept-Encoding");
  res.setHeader("Cache-Control", CONTENT_CACHE);
}

function sendNotModified(res: Response, etag: string) {
  setCaching(res, etag);
  res.status(304).end();
}

/**
 * A 200 of a made answer with its caching headers, gzipped when the client takes it (the gzip made
 * once per answer and kept with it: the router has no compression middleware, which would squeeze
 * every answer again on every request).
 */
function sendAnswer(
  req: Request,
  res: Response,
  answer: KeptAnswer,
  contentType: string,
  etag: string,
  gzipOf: (answer: KeptAnswer) => Buffer,
) {
  setCaching(res, etag);
  res.setHeader("Last-Modified", answer.lastModified.toUTCString());
  res.setHeader("Content-Type", contentType);
  res.status(200);
  if (Buffer.byteLength(answer.text) >= GZIP_FROM_BYTES && req.acceptsEncodings("gzip", "identity") === "gzip") {
    const gzip = gzipOf(answer);
    res.setHeader("Content-Encoding", "gzip");
    res.setHeader("Content-Length", String(gzip.length));
    return res.end(gzip);
  }
  res.end(answer.text);
}

/**
 * Tags change with the allow-list schemas too: a new field (the OpenAPI document is generated from
 * the schemas) must not be answered 304 from a tag of the old shape.
 */
let shapeTag: string | undefined;
const shapeOf = () => (shapeTag ??= tagOf(JSON.stringify(shopOpenApiDocument())));

/**
 * A content answer: its version first (one small statement, app/modules/shop-api/versions.server.ts),
 * so a client that already holds it gets a 304 without a record read; otherwise the body of that
 * version — kept by its tag (server/shop-api/answer-cache.ts), or built and kept. The version is read
 * before the body: a write in between leaves a newer body under an older tag, which the next request
 * replaces, never the reverse. A 304 carries ETag and Cache-Control; the 200 adds Last-Modified, the
 * latest `updatedAt` of its records.
 */
async function sendContent(req: Request, res: Response, request: ShopRequest, now: Date, answers: AnswerCache, limit: WorkLimit) {
  // `Cache-Control: no-cache` from the client: the answer built afresh, nothing kept used (the bench
  // times the build with it).
  const fresh = /\bno-cache\b/i.test(String(req.headers["cache-control"] ?? "")) || req.headers.pragma === "no-cache";
  // The database part in turn with the other shop requests (server/shop-api/work-limit.ts); the sending after it.
  const turn = await limit.run(async () => {
    const version = await versionOf(request, now);
    const etag = tagOf(`${shapeOf()}|${version.tag}`);
    if (holds(req, etag)) return { etag, kept: "held" as const };
    const build = async () => {
      const answer = await answerOf(request, now, fresh ? undefined : version.content);
      return answer.ok ? { text: JSON.stringify(answer.body), lastModified: lastModifiedOf(answer.body) } : null;
    };
    return { etag, kept: fresh ? await build() : await answers.get(getDb(), etag, build) };
  });
  if (!turn.ok) return sendBusy(res);
  const { etag, kept } = turn.value;
  if (kept === "held") return sendNotModified(res, etag);
  if (!kept) return sendError(res, 404, request.name === "blog" ? SHOP_TEXTS.blogMissing : SHOP_TEXTS.productMissing);
  sendAnswer(req, res, kept, "application/json; charset=utf-8", etag, answers.gzipOf);
}

/**
 * A stored media file: streamed from the store, cached for a year (its address changes with its
 * file), its tag answered with a 304 as a CDN revalidating asks.
 */
async function sendStored(req: Request, res: Response, found: ServedMedia) {
  const { object } = found;
  res.setHeader("Cache-Control", MEDIA_CACHE);
  res.setHeader("Content-Type", found.contentType);
  if (found.contentType === "application/pdf") res.setHeader("Content-Disposition", `inline; filename="${encodeURIComponent(found.name)}"`);
  if (object.etag) res.setHeader("ETag", object.etag);
  if (object.lastModified) res.setHeader("Last-Modified", object.lastModified.toUTCString());
  if (object.etag && req.headers["if-none-match"] === object.etag) {
    object.body.destroy();
    res.status(304).end();
    return;
  }
  res.setHeader("Content-Length", String(object.size));
  if (req.method === "HEAD") {
    object.body.destroy();
    res.end();
    return;
  }
  // A client that leaves (or a store that stops mid-file) ends both sides; the status is already sent.
  await pipeline(object.body, res).catch(() => undefined);
}

/** Too many shop requests waiting for the database: come back in a second (a CDN serves its copy meanwhile). */
function sendBusy(res: Response) {
  res.setHeader("Retry-After", "1");
  sendError(res, 503, SHOP_TEXTS.busy);
}

/** Below this an answer goes as it is (gzip would not pay). */
const GZIP_FROM_BYTES = 1024;

export function shopApiRouter(options: ShopApiOptions) {
  const router = express.Router({ caseSensitive: true, strict: false });
  const now = options.now ?? (() => new Date());
  const origins = new Set(options.origins);
  const take = createRateLimiter(options.rateLimit);
  const answers = createAnswerCache();
  const limit = createWorkLimit(options.concurrency ?? 4, options.queueMax ?? 64);

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

  const params = (req: Request) => {
    const q = req.originalUrl.indexOf("?");
    return new URLSearchParams(q >= 0 ? req.originalUrl.slice(q + 1) : "");
  };
  const handle = (work: (req: Request, res: Response) => Promise<void> | void) => (req: Request, res: Response, next: NextFunction) => {
    Promise.resolve(work(req, res)).catch(next);
  };

  for (const e of LIST_ENDPOINTS) {
    router.get(
      e.path,
      handle(async (req, res) => {
        const read = readList(e.name, params(req));
        if (!read.ok) return sendError(res, 400, read.message, read.reason === "invalid" ? read.field : undefined);
        await sendContent(req, res, read.request, now(), answers, limit);
      }),
    );
  }
  for (const e of DETAIL_ENDPOINTS) {
    const path = e.path.replace(`{${e.param}}`, `:${e.param}`);
    router.get(
      path,
      handle(async (req, res) => {
        const read = readDetail(e.name, req.params[e.param] ?? "");
        if (!read.ok) return sendError(res, 404, read.message);
        await sendContent(req, res, read.request, now(), answers, limit);
      }),
    );
  }
  router.get(
    "/media/:fileId/:name",
    handle(async (req, res) => {
      const media = parseMediaPath(req.params.fileId ?? "", req.params.name ?? "");
      let turn: { ok: true; value: ServedMedia | null } | { ok: false };
      try {
        turn = media ? await limit.run(() => publicMedia(media, now())) : { ok: true as const, value: null };
      } catch (error) {
        if (!isStorageUnavailable(error)) throw error;
        // The file store is down: the shop retries later; nothing of this answer may be cached.
        res.setHeader("Retry-After", "60");
        return sendError(res, 503, error.message);
      }
      if (!turn.ok) return sendBusy(res);
      const found = turn.value;
      if (!found) return sendError(res, 404, SHOP_TEXTS.mediaMissing);
      await sendStored(req, res, found);
    }),
  );
  // The document and its page are the same for the life of the process: made, tagged (a hash of
  // the text) and gzipped once.
  type Document = { answer: KeptAnswer; etag: string };
  let documents: { json: Document; page: Document } | undefined;
  const documentsOf = () => {
    const made = (text: string): Document => ({ answer: { text, lastModified: SERVED_SINCE }, etag: tagOf(text) });
    return (documents ??= { json: made(JSON.stringify(shopOpenApiDocument())), page: made(shopDocsPage(shopOpenApiDocument())) });
  };
  const sendDocument = (req: Request, res: Response, { answer, etag }: Document, contentType: string) => {
    if (holds(req, etag)) sendNotModified(res, etag);
    else sendAnswer(req, res, answer, contentType, etag, answers.gzipOf);
  };
  router.get(
    "/openapi.json",
    handle((req, res) => sendDocument(req, res, documentsOf().json, "application/json; charset=utf-8")),
  );
  router.get(
    "/docs",
    handle((req, res) => {
      res.setHeader(
        "Content-Security-Policy",
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      );
      sendDocument(req, res, documentsOf().page, "text/html; charset=utf-8");
    }),
  );
  router.use((_req, res) => sendError(res, 404, SHOP_TEXTS.pathMissing));
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    log.error({ err: error }, "Error no atendido en la API de la tienda");
    reportError(error);
    if (res.headersSent) return res.destroy();
    sendError(res, 500, SHOP_TEXTS.failed);
  });
  return router;
}

/** The document and its page change only with a new build: they are as old as this process. */
const SERVED_SINCE = new Date(Math.floor(Date.now() / 1000) * 1000);
