import type { Response as ExpressResponse } from "express";

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/**
 * A request refused before the app reads it: a short Spanish page (it is what a user without
 * JavaScript sees) with the status, and the connection closed when the body was left unread so a
 * client still sending megabytes stops at once.
 */
export function refuse(res: ExpressResponse, status: number, message: string, { closeConnection = false } = {}) {
  res.locals.refused = true;
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // The request's id (X-Request-Id, server/ops/request-log.ts), for staff to quote: it finds the request's log lines.
  const requestId = typeof res.locals.requestId === "string" ? res.locals.requestId : null;
  const code = requestId
    ? `<p style="color:#64748b;font-size:.875rem">Código de la solicitud: <code>${escapeHtml(requestId)}</code></p>`
    : "";
  const html = `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Solicitud rechazada</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem"><h1 style="font-size:1.25rem">Solicitud rechazada</h1><p>${escapeHtml(message)}</p>${code}<p><a href="/">Volver al inicio</a></p></body></html>`;
  res.status(status);
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  if (closeConnection) res.setHeader("Connection", "close");
  res.end(html);
}
