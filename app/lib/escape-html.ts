const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/** Text for HTML built as a string (long server-rendered lists), escaped as React escapes it. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/**
 * Thousands of select choices as loader data: one JSON string of [value, text] pairs (a document
 * carries its loader data in a script, where an array of pairs costs far more to serialise).
 */
export function packOptions(options: ReadonlyArray<readonly [string, string]>): string {
  return JSON.stringify(options);
}

/** The last few lists turned into HTML: the server draws the same 2k-option lists on every page. */
const drawn = new Map<string, string>();

/** `<option>`s as one HTML string from `packOptions`; the selection is marked by `FilterSelect`. */
export function optionsHtml(packed: string): string {
  const known = drawn.get(packed);
  if (known !== undefined) return known;
  let html = "";
  for (const [value, text] of JSON.parse(packed) as Array<[string, string]>)
    html += `<option value="${escapeHtml(value)}">${escapeHtml(text)}</option>`;
  // Only long lists are worth keeping (the short ones change with every page's labels), and only a
  // few: a changed tree packs a new string and the old one ages out.
  if (packed.length > 10_000) {
    if (drawn.size >= 8) drawn.delete(drawn.keys().next().value!);
    drawn.set(packed, html);
  }
  return html;
}
