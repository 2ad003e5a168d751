/** Where a posted form returns: the same path and query it was posted from (same origin only). */
export function safeBack(postedTo: string | URL, fallback = "/products", alsoDrop: string[] = []): string {
  const url = new URL(postedTo);
  // A picked client (agent, article) ends the search that listed it.
  for (const name of ["client", ...alsoDrop]) url.searchParams.delete(name);
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
