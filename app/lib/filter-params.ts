/**
 * Filter forms send every field, filled or not; an empty one means "no filter", exactly like a
 * missing one (parseQuery treats both alike). Dropping them, and the spaces around a typed value
 * (the lists ignore them), keeps bookmarked URLs short and readable.
 */
export function filledParams(entries: Iterable<[string, FormDataEntryValue]>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of entries) {
    if (typeof value === "string" && value.trim() !== "") out.append(key, value.trim());
  }
  return out;
}

/** The same path and query without its empty parameters or outer spaces, or null when there is nothing to drop. */
export function withoutEmptyParams(url: URL): string | null {
  const params = [...url.searchParams];
  if (!params.some(([, value]) => value.trim() !== value || value === "")) return null;
  const kept = filledParams(params).toString();
  return url.pathname + (kept ? `?${kept}` : "");
}
