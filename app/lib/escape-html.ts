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

/** `<option>`s as one HTML string from `packOptions`; the selection is marked by `FilterSelect`. */
export function optionsHtml(packed: string): string {
  let html = "";
  for (const [value, text] of JSON.parse(packed) as Array<[string, string]>) html += `<option value="${escapeHtml(value)}">${escapeHtml(text)}</option>`;
  return html;
}
