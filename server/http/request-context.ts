import { createContext, RouterContextProvider } from "react-router";

/**
 * What the HTTP server knows of a request and hands to the app: the CSP nonce of its answer, the
 * request's id (shown on the error pages so staff can quote it), and a slot the root route's
 * middleware fills with the route pattern the router matched (the access log and the metrics are
 * labelled with it, never with the raw URL and its ids).
 */
export type RequestValues = {
  cspNonce: string;
  requestId: string;
  matched: { pattern?: string };
};

/** The router's context key for it (entry.server reads the nonce from it). */
export const requestContext = createContext<RequestValues>();

/** The context a request starts with: the router's middleware, loaders and actions read it. */
export function routerContextFor(values: RequestValues) {
  const context = new RouterContextProvider();
  context.set(requestContext, values);
  return context;
}

/** The request's values, or null when the context has none (a loader called by a test with a fresh context). */
export function requestValuesOf(context: Pick<RouterContextProvider, "get">): RequestValues | null {
  try {
    return context.get(requestContext);
  } catch {
    return null;
  }
}

/** The root route's middleware: the matched pattern ("/orders/:orderId") for the server's access log. */
export function noteRoutePattern(context: Pick<RouterContextProvider, "get">, pattern: string) {
  const values = requestValuesOf(context);
  if (values) values.matched.pattern = pattern.startsWith("/") ? pattern : `/${pattern}`;
}
