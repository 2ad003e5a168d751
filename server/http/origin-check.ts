import type { NextFunction, Request, Response } from "express";
import { refuse } from "./refusal";
import { log } from "../ops/log";

export const CROSS_ORIGIN_MESSAGE = "El formulario no se envió desde este sitio. Vuelve a abrir la página e inténtalo de nuevo.";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a state-changing request comes from another site. Browsers label every request with
 * Sec-Fetch-Site, and older ones send Origin on cross-origin posts; a request with neither is not a
 * browser acting for someone else (curl, tests), so it cannot carry a victim's cookie by surprise.
 */
export function isCrossOrigin(
  method: string,
  headers: { host?: string; origin?: string; secFetchSite?: string },
  trustedOrigins: string[] = [],
) {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const site = headers.secFetchSite?.toLowerCase();
  if (site === "same-origin" || site === "none") return false;
  if (site) return !(headers.origin && trustedOrigins.includes(headers.origin));
  if (headers.origin === undefined) return false;
  if (trustedOrigins.includes(headers.origin)) return false;
  try {
    return new URL(headers.origin).host !== headers.host;
  } catch {
    return true; // "null" (sandboxed frames, file://) and anything unparsable
  }
}

/** Every non-GET request, resource routes included, passes here before anything reads its body. */
export function refuseCrossOrigin(trustedOrigins: string[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    const cross = isCrossOrigin(
      req.method,
      { host: req.headers.host, origin: req.headers.origin, secFetchSite: req.get("sec-fetch-site") },
      trustedOrigins,
    );
    if (!cross) return next();
    log.warn({ method: req.method, path: req.path, origin: req.headers.origin ?? null }, "Solicitud de otro sitio rechazada");
    refuse(res, 403, CROSS_ORIGIN_MESSAGE, { closeConnection: true });
  };
}
