import { useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";

/**
 * The id of the request behind an error page ("Código de la solicitud"), for staff to quote: it
 * finds the request's lines in the server's log. A page the server drew has it from the root
 * loader (the server puts it in the router's context). After a navigation in the browser the
 * failing request is the last one the page fetched, whose answer carries it in X-Request-Id: the
 * browser's entry (entry.client.tsx) keeps that one. When the root loader itself failed there is
 * no id to show, and the page shows none.
 */
let lastFetched: string | null = null;
const listeners = new Set<() => void>();

const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

function remember(id: string | null) {
  if (!id || !SAFE_ID.test(id) || id === lastFetched) return;
  lastFetched = id;
  for (const listener of listeners) listener();
}

/** In the browser, once: notes the X-Request-Id of every answer to a fetch of this site (the router's data requests). */
export function watchRequestIds() {
  const nativeFetch = window.fetch;
  window.fetch = async function fetchNotingRequestId(this: unknown, ...args: Parameters<typeof fetch>) {
    const response = await nativeFetch.apply(this ?? window, args);
    try {
      if (!response.url || new URL(response.url).origin === window.location.origin) remember(response.headers.get("x-request-id"));
    } catch {
      // An answer without a readable URL or headers: nothing to note.
    }
    return response;
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRequestId(): string | null {
  const root = useRouteLoaderData("root") as { requestId?: string | null } | undefined;
  const drawn = root?.requestId ?? null;
  // Hydration uses the server's value (the same markup); afterwards, the last fetched answer's.
  return useSyncExternalStore(
    subscribe,
    () => lastFetched ?? drawn,
    () => drawn,
  );
}

/** The line under an error page's message. */
export function RequestIdNote({ id, className }: { id: string | null; className?: string }) {
  if (!id) return null;
  return (
    <p className={className ?? "mt-4 text-sm text-slate-500"} data-testid="request-id">
      Código de la solicitud: <code className="select-all font-mono">{id}</code>
    </p>
  );
}
