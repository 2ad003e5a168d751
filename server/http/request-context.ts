import { createContext, RouterContextProvider } from "react-router";

/** What the HTTP server knows of a request and hands to the app: the CSP nonce of its answer. */
export type RequestValues = { cspNonce: string };

/** The router's context key for it (entry.server reads the nonce from it). */
export const requestContext = createContext<RequestValues>();

/** The context a request starts with: the router's middleware, loaders and actions read it. */
export function routerContextFor(values: RequestValues) {
  const context = new RouterContextProvider();
  context.set(requestContext, values);
  return context;
}
