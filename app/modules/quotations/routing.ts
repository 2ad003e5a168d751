/** Where a posted form returns: the same path and query it was posted from (same origin only). */
export function safeBack(request: Request, fallback = "/products"): string {
  const url = new URL(request.url);
  // A picked client ends the client search that listed it.
  url.searchParams.delete("client");
  const target = url.pathname + url.search;
  return target.startsWith("/") && !target.startsWith("//") ? target : fallback;
}

/** The list query without one parameter (for links that close a dialog or drop a search). */
export function withoutParam(search: string, name: string): string {
  const params = new URLSearchParams(search);
  params.delete(name);
  const text = params.toString();
  return text ? `?${text}` : "";
}
