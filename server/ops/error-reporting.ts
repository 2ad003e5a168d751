import { currentRequestId } from "../http/request-scope";
import { log } from "./log";

/**
 * Sentry-compatible error reporting (any service that takes a Sentry DSN: Sentry, GlitchTip…),
 * off unless `SENTRY_DSN` is set: then `@sentry/node` is loaded (a dynamic import: without a DSN
 * nothing of it is loaded) and the errors nobody handled — loaders, actions and renders
 * (entry.server's handleError), Express's last error handler, the shop API's — are sent with the
 * request id as a tag. Nothing the user typed is sent: no cookies, headers, bodies, form or query
 * values (scrubEvent), no breadcrumbs, no automatic HTTP instrumentation.
 */
type SentryModule = Pick<typeof import("@sentry/node"), "init" | "captureException" | "flush"> &
  Partial<
    Pick<
      typeof import("@sentry/node"),
      "linkedErrorsIntegration" | "dedupeIntegration" | "functionToStringIntegration" | "nodeContextIntegration"
    >
  >;

/** The parts of an event the scrubber looks at (a structural subset of Sentry's Event). */
export type ReportedEvent = {
  request?: {
    url?: string;
    method?: string;
    cookies?: unknown;
    data?: unknown;
    query_string?: unknown;
    headers?: Record<string, string>;
    env?: unknown;
  };
  user?: Record<string, unknown>;
  extra?: Record<string, unknown>;
  breadcrumbs?: unknown[];
  contexts?: Record<string, unknown>;
  [key: string]: unknown;
};

/** Headers worth keeping on a report; every other (cookies, authorization, forwarded addresses…) is dropped. */
const KEPT_HEADERS = new Set([
  "user-agent",
  "accept",
  "content-type",
  "content-length",
  "x-request-id",
  "sec-fetch-mode",
  "sec-fetch-site",
]);

/** Removes from an event whatever could carry what a user typed or a credential. */
export function scrubEvent<E extends ReportedEvent>(event: E): E {
  const request = event.request;
  if (request) {
    delete request.cookies;
    delete request.data;
    delete request.query_string;
    delete request.env;
    if (request.url) request.url = request.url.split(/[?#]/)[0];
    if (request.headers) {
      request.headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => KEPT_HEADERS.has(name.toLowerCase())));
    }
  }
  if (event.user) event.user = typeof event.user.id === "string" || typeof event.user.id === "number" ? { id: event.user.id } : {};
  delete event.extra;
  delete event.breadcrumbs;
  return event;
}

let sentry: SentryModule | undefined;

export type ReportingEnv = { SENTRY_DSN?: string; SENTRY_ENVIRONMENT?: string; NODE_ENV: string };

/**
 * Starts reporting when the environment names a DSN; otherwise does nothing at all (not even the
 * import). `load` is the import, which tests replace.
 */
export async function initErrorReporting(
  env: ReportingEnv,
  load: () => Promise<SentryModule> = () => import("@sentry/node"),
): Promise<boolean> {
  if (!env.SENTRY_DSN) return false;
  const module = await load();
  const integrations = [
    module.linkedErrorsIntegration?.(),
    module.dedupeIntegration?.(),
    module.functionToStringIntegration?.(),
    module.nodeContextIntegration?.(),
  ].filter((i): i is NonNullable<typeof i> => i !== undefined);
  module.init({
    dsn: env.SENTRY_DSN,
    environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV,
    // Only what is handed over explicitly: no HTTP, fetch or console instrumentation (they would
    // record URLs with their queries, bodies and log lines), no tracing, no personal data.
    defaultIntegrations: false,
    integrations,
    sendDefaultPii: false,
    maxBreadcrumbs: 0,
    enableOpenTelemetrySetup: false,
    beforeSend: (event) => scrubEvent(event as unknown as ReportedEvent) as unknown as typeof event,
  } as Parameters<SentryModule["init"]>[0]);
  sentry = module;
  log.info("Reporte de errores activo (SENTRY_DSN)");
  return true;
}

export function errorReportingActive(): boolean {
  return sentry !== undefined;
}

/** Sends an error nobody handled, tagged with the request's id; nothing when reporting is off. */
export function reportError(error: unknown, requestId: string | undefined = currentRequestId()) {
  if (!sentry) return;
  try {
    sentry.captureException(error, requestId ? { tags: { request_id: requestId } } : undefined);
  } catch (failure) {
    log.warn({ err: failure }, "No se pudo enviar el reporte de error");
  }
}

/** Waits (at most `ms`) for reports still being sent: the shutdown calls it before the process ends. */
export async function flushErrorReports(ms = 2_000) {
  if (sentry) await sentry.flush(ms).catch(() => undefined);
}

/** For tests: forget the module loaded by initErrorReporting. */
export function resetErrorReporting() {
  sentry = undefined;
}
