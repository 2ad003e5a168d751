import { RouterContextProvider } from "react-router";

/**
 * The page's URL as the router hands it to loaders and actions (`v8_passThroughRequests`): a data
 * request's `.data` suffix, `_routes` parameter and bare `index` taken off, so a test may call a
 * loader with the request a browser with JavaScript sends. A page's own URL is left as it is.
 */
function pageUrl(request: Request) {
  const url = new URL(request.url);
  const { pathname, searchParams } = url;
  url.pathname = pathname.endsWith("/_.data") ? pathname.slice(0, -"_.data".length) : pathname.replace(/\.data$/, "");
  if (searchParams.has("_routes") || searchParams.getAll("index").includes("")) {
    const kept = [...searchParams].filter(([key, value]) => key !== "_routes" && !(key === "index" && value === ""));
    url.search = new URLSearchParams(kept).toString();
  }
  return url;
}

/**
 * The arguments the router hands a loader or an action for `request`: its params, a fresh context
 * (what the HTTP server would put there) and the page's URL.
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
    url: pageUrl(args.request),
    pattern: "",
  };
}
