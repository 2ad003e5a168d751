import crypto from "node:crypto";
import type { Request, Response } from "express";
import { clusterMetrics } from "./cluster";
import { log } from "./log";
import { registry } from "./metrics";

const digest = (text: string) => crypto.createHash("sha256").update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match !== null && crypto.timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * `GET /metrics` for Prometheus, behind `METRICS_TOKEN` as a bearer token: unset, the endpoint does
 * not exist (404); a missing or wrong token is a 401. No cookie is read or set. With several
 * workers the answer is every worker's metrics, aggregated by the primary process.
 */
export function metricsEndpoint({ token, clustered }: { token: string | undefined; clustered: boolean }) {
  return async (req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    if (!token) {
      res.status(404).type("text/plain; charset=utf-8").end("No encontrado");
      return;
    }
    if (!bearerMatches(req.get("authorization"), token)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      res.status(401).type("text/plain; charset=utf-8").end("Se necesita el token de métricas");
      return;
    }
    try {
      const text = clustered ? await clusterMetrics() : await registry.metrics();
      res.status(200).setHeader("Content-Type", registry.contentType);
      res.end(text);
    } catch (error) {
      log.error({ err: error }, "No se pudieron reunir las métricas");
      res.status(503).type("text/plain; charset=utf-8").end("Métricas no disponibles");
    }
  };
}
