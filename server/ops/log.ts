import pino, { type DestinationStream, type Logger } from "pino";
import { LogLevelSchema, type LogLevel } from "../env";
import { currentRequestId } from "../http/request-scope";

/**
 * The server's log: one JSON object per line on stdout (docs/operations.md, "Logs"). Every line
 * written while a request is handled carries its `requestId` (read from the request's scope, so
 * code far from the request — a query helper, an integration — needs nothing passed to it).
 * Nothing logs cookies, bodies or passwords: the access line is built from chosen fields, and the
 * paths below are censored should an object carrying them ever be logged whole.
 */
const REDACTED = [
  "cookie",
  "password",
  "authorization",
  "*.cookie",
  "*.password",
  "*.authorization",
  "headers.cookie",
  'headers["set-cookie"]',
  "*.headers.cookie",
  "*.headers.authorization",
  "body",
  "*.body",
];

/** LOG_LEVEL, or info; silent under the test runner unless LOG_LEVEL says otherwise. */
export function logLevelFrom(env: NodeJS.ProcessEnv = process.env): LogLevel {
  const parsed = LogLevelSchema.safeParse(env.LOG_LEVEL);
  if (parsed.success) return parsed.data;
  return env.NODE_ENV === "test" || env.VITEST ? "silent" : "info";
}

export function createLogger(options: { level?: LogLevel; destination?: DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? logLevelFrom(),
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
      redact: { paths: REDACTED, censor: "[oculto]" },
      serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
    },
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

/** The process's logger. */
export let log: Logger = createLogger();

/** Tests read what is logged through a logger of their own. */
export function setLogger(logger: Logger) {
  log = logger;
}
