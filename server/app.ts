import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import compression from "compression";
import express, { type RequestHandler } from "express";
import { getEnv } from "./env";
import { boundedBody } from "./http/bounded-body";
import { precompressedStatic } from "./http/precompressed";
import { refuseCrossOrigin } from "./http/origin-check";
import { answerUnhandled, refuseOddRequests } from "./http/request-shape";
import { createRequestHandler } from "./http/router-handler";
import { mountOperations, type AppOps } from "./ops/http";
import type { AppParts } from "./app-parts";
import { SHOP_API_PATH } from "./shop-api/options";
import { storageOrigin } from "./storage/config";

/**
 * The HTTP app: security headers with a per-response CSP nonce, static assets, the router. `vite` is
 * the development server (its middlewares serve the browser's modules); without it the built assets
 * are served from the build next to this module. `shopApi` is the shop API's router, as the app's
 * server entry hands it over (server/app-parts.ts).
 */
export async function createApp({
  build,
  vite,
  clientDir,
  shopApi,
  ops,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  vite?: ViteDevServer;
  clientDir?: string;
  shopApi: AppParts["shopApi"];
  ops: AppOps;
}) {
  const isDev = vite !== undefined;
  const app = express();
  app.disable("x-powered-by");
  const env = getEnv();
  // Every request's id, log scope, access line and latency; /healthz, /readyz, /metrics; the shutdown's 503.
  mountOperations(app, ops);
  // X-Forwarded-For is believed only from a proxy the operator names; otherwise the socket speaks.
  app.set("trust proxy", env.TRUST_PROXY ?? false);
  // The shop's public content API answers before anything of the back office: no session, no
  // cookie, no Remix (decision 0042).
  app.use(SHOP_API_PATH, shopApi({ origins: shopOrigins(env), rateLimit: env.SHOP_RATE_LIMIT }));
  app.use(refuseOddRequests());
  // Level 6 (zlib's default): about 1 ms for a 55 KB list page, 12 % smaller than level 1.
  app.use(compression({ level: 6 }));

  // Downloads redirected to the bucket (STORAGE_REDIRECT) load pictures and PDF previews from it.
  const storageSrc = env.STORAGE_REDIRECT && env.STORAGE.kind === "s3" ? ` ${storageOrigin(env.STORAGE)}` : "";
  // A fresh nonce per response: inline scripts the router emits carry it, nothing else inline may run.
  app.use((_req, res, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    const scriptSrc = isDev ? `'self' 'nonce-${nonce}' 'unsafe-eval'` : `'self' 'nonce-${nonce}' 'strict-dynamic'`;
    res.setHeader(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src ${scriptSrc}`,
        "style-src 'self' 'unsafe-inline'",
        `img-src 'self' data: blob: https:${storageSrc}`,
        `connect-src 'self'${isDev ? " ws: wss:" : ""}`,
        "font-src 'self' data:",
        `frame-src 'self' blob:${storageSrc}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'self'",
      ].join("; "),
    );
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "same-origin");
    next();
  });

  if (vite) {
    app.use(vite.middlewares);
  } else if (clientDir) {
    app.use("/assets", labelled("/assets/*"), precompressedStatic(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }));
    app.use(publicFiles(clientDir));
  }

  // Before the router reads anything: another site's posts are refused, every body is bounded and checked.
  const trustedOrigins = env.PUBLIC_URL ? [new URL(env.PUBLIC_URL).origin] : [];
  app.use(refuseCrossOrigin(trustedOrigins));
  app.use(boundedBody());

  app.all(
    "*",
    createRequestHandler({
      build,
      mode: isDev ? "development" : "production",
      requestValues: (_req, res) => ({ cspNonce: res.locals.cspNonce as string, requestId: res.locals.requestId as string, matched: {} }),
    }),
  );
  app.use(answerUnhandled());
  return app;
}

/** The origins allowed to read the shop API from a browser: SHOP_ORIGINS, or SHOP_URL's origin. */
export function shopOrigins(env: { SHOP_ORIGINS?: string[]; SHOP_URL: string }) {
  return env.SHOP_ORIGINS ?? [new URL(env.SHOP_URL).origin];
}

/**
 * The few files beside the assets (favicon, brand images), served by name. A static handler in front
 * of every page would look each page's path up on disk first and build an error for the miss: about
 * 1.4 ms of every document. The names are read once; the build does not change while it runs.
 */
function publicFiles(root: string): RequestHandler {
  const names = new Set<string>();
  const walk = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (prefix === "" && entry.name === "assets") continue;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}/${entry.name}`);
      else names.add(`${prefix}/${entry.name}`);
    }
  };
  if (fs.existsSync(root)) walk(root, "");
  const serve = express.static(root, { maxAge: "1h", index: false, redirect: false });
  return (req, res, next) => {
    if (!names.has(req.path)) return next();
    res.locals.routePattern = "(public)";
    serve(req, res, next);
  };
}

/** Names what answers a request in the access log and the metrics (static files have no route pattern). */
function labelled(label: string): RequestHandler {
  return (_req, res, next) => {
    res.locals.routePattern = label;
    next();
  };
}
