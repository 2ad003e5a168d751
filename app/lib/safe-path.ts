const BASE = "http://local.invalid";

/**
 * A same-origin path to send a browser to, or null. The value is resolved with `new URL()` against a
 * placeholder origin and kept only when it stays there and cannot be read as another host once it is
 * a Location header: no backslashes (browsers read them as slashes), no encoded slashes or
 * backslashes, no control characters, and no result starting with two slashes ("/.//evil" resolves to
 * "//evil", a protocol-relative URL).
 */
export function sameOriginPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return null;
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (/[\\\u0000-\u001f\u007f]/.test(value) || /%(2f|5c|0[0-9a-f]|1[0-9a-f]|7f)/i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const result = url.pathname + url.search + url.hash;
  if (!result.startsWith("/") || result.startsWith("//") || result.includes("\\")) return null;
  return result;
}
