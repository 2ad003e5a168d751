import type { NextFunction, Request, Response } from "express";
import { refuse } from "./refusal";
import { reportError } from "../ops/error-reporting";
import { log } from "../ops/log";

/** HTML forms and links only ever GET, HEAD or POST; every route of the app answers those. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;

export const SHAPE_MESSAGES = {
  method: "Este método no está permitido. Usa la página para consultar o enviar datos.",
  badUrl: "La dirección no es válida.",
  failed: "No se pudo atender la solicitud. Vuelve a intentarlo; si se repite, avisa al administrador.",
} as const;

/**
 * Requests no page can make, refused before anything else reads them: a method other than GET,
 * HEAD or POST (TRACE made the Fetch Request constructor throw: a 500), a path whose
 * percent-encoding cannot be decoded (`/%FF`: Express's English page) and `?_data=`.
 */
export function refuseOddRequests() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!(ALLOWED_METHODS as readonly string[]).includes(req.method)) {
      res.setHeader("Allow", ALLOWED_METHODS.join(", "));
      return refuse(res, 405, SHAPE_MESSAGES.method);
    }
    try {
      decodeURIComponent(req.path);
    } catch {
      return refuse(res, 400, SHAPE_MESSAGES.badUrl);
    }
    // The data parameter of Remix before single fetch: the router answers it with a 403 and a stack
    // in the log for every such request; no page of the app sends it.
    const query = req.originalUrl.indexOf("?");
    if (query >= 0 && new URLSearchParams(req.originalUrl.slice(query + 1)).has("_data")) return refuse(res, 400, SHAPE_MESSAGES.badUrl);
    next();
  };
}

/**
 * The last word on an error nothing else answered (Express's own would be an English page with a
 * stack in the log): a Spanish page with the status, never the error's text.
 */
export function answerUnhandled() {
  return (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const status = typeof (error as { status?: unknown })?.status === "number" ? (error as { status: number }).status : 500;
    if (status >= 500) {
      log.error({ err: error }, "Error no atendido");
      reportError(error);
    }
    refuse(res, status >= 400 && status < 600 ? status : 500, status === 400 ? SHAPE_MESSAGES.badUrl : SHAPE_MESSAGES.failed);
  };
}

/**
 * A post to a download or another resource route without an action: the router answers 405 with a
 * JSON error meant for its own data requests; a person (or a form) gets the Spanish page.
 */
export function isRouterMethodRefusal(pathname: string, response: { status: number; headers: Headers }) {
  return (
    response.status === 405 && !pathname.endsWith(".data") && (response.headers.get("content-type") ?? "").includes("application/json")
  );
}
