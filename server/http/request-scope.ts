import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What one HTTP request shares between its loaders. Remix hands each loader of a document its own
 * copy of the Request (it strips `?index` and `_routes`), so a cache keyed by the Request object
 * misses: the root and the layout loaders each looked the session up again. The handler opens a
 * scope per HTTP request; code that may be asked the same thing by several loaders memoises in it.
 */
type Scope = Map<string, unknown>;
const scopes = new AsyncLocalStorage<Scope>();

function storage(): AsyncLocalStorage<Scope> {
  return scopes;
}

export function inRequestScope<T>(fn: () => T): T {
  return storage().run(new Map(), fn);
}

/**
 * The value `make` gives for `key`, once per HTTP request. Outside a request scope (tests calling a
 * loader directly, jobs) there is nothing to share: `make` runs every time.
 */
export function oncePerRequest<T>(key: string, make: () => T): T {
  const scope = storage().getStore();
  if (!scope) return make();
  if (!scope.has(key)) scope.set(key, make());
  return scope.get(key) as T;
}
