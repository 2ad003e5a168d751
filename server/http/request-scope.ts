import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";

/**
 * What one HTTP request shares with everything that runs for it: its id (every log line written
 * while it is handled carries it, server/ops/log.ts), the signed-in user once known (the access
 * log), and a memo for its loaders. Remix, and React Router before `v8_passThroughRequests`, handed
 * each loader of a document its own copy of the Request (without `?index` and `_routes`), so a cache
 * keyed by the Request object missed: the root and the layout loaders each looked the session up
 * again. The server opens a scope per HTTP request (server/ops/request-log.ts); code that may be
 * asked the same thing by several loaders memoises in it.
 */
export type RequestScope = {
  readonly requestId: string;
  readonly memo: Map<string, unknown>;
  userId?: number;
};

const scopes = new AsyncLocalStorage<RequestScope>();

/** A fresh request id: 16 hex characters, short enough to read out over the phone. */
export function newRequestId(): string {
  return crypto.randomBytes(8).toString("hex");
}

/** Runs `fn` in a scope of its own (a new HTTP request, or a test standing for one). */
export function inRequestScope<T>(fn: () => T, requestId: string = newRequestId()): T {
  return scopes.run({ requestId, memo: new Map() }, fn);
}

/** The scope of the request being handled, if any (jobs and start-up run outside any). */
export function currentRequestScope(): RequestScope | undefined {
  return scopes.getStore();
}

export function currentRequestId(): string | undefined {
  return scopes.getStore()?.requestId;
}

/** The session lookup tells the scope whose request this is (the access log's user id). */
export function noteRequestUser(userId: number) {
  const scope = scopes.getStore();
  if (scope) scope.userId = userId;
}

/**
 * The value `make` gives for `key`, once per HTTP request. Outside a request scope (tests calling a
 * loader directly, jobs) there is nothing to share: `make` runs every time.
 */
export function oncePerRequest<T>(key: string, make: () => T): T {
  const scope = scopes.getStore();
  if (!scope) return make();
  if (!scope.memo.has(key)) scope.memo.set(key, make());
  return scope.memo.get(key) as T;
}
