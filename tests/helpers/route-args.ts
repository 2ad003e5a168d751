import { RouterContextProvider } from "react-router";

/**
 * The arguments the router hands a loader or an action for `request`: its params, a fresh context
 * (what the HTTP server would put there) and the request's URL.
 */
export function routeArgs<P extends Record<string, string | undefined> = Record<string, never>>(args: {
  request: Request;
  params?: P;
  context?: RouterContextProvider;
}) {
  return {
    request: args.request,
    params: args.params ?? ({} as P),
    context: args.context ?? new RouterContextProvider(),
    url: new URL(args.request.url),
    pattern: "",
  };
}
