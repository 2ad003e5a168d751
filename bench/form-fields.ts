/**
 * The fields a browser would post from the form whose hidden `intent` has the given value: inputs
 * (checked ones only for checkboxes and radios), textareas and the selected option of each select.
 * Enough HTML reading for the forms this app renders; not a general parser.
 */
const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const attr = (tag: string, name: string) => {
  const m = tag.match(new RegExp(`\\s${name}="([^"]*)"`));
  return m ? decode(m[1]) : undefined;
};

export function formFields(html: string, intent: string): Record<string, string> | null {
  const form = [...html.matchAll(/<form\b[\s\S]*?<\/form>/g)]
    .map((m) => m[0])
    .find((f) => f.includes(`value="${intent}"`) && /name="intent"/.test(f));
  if (!form) return null;
  const fields: Record<string, string> = {};
  for (const [tag] of form.matchAll(/<input\b[^>]*>/g)) {
    const name = attr(tag, "name");
    const type = attr(tag, "type") ?? "text";
    if (!name || type === "submit" || type === "file" || /\sdisabled(=|\s|>|\/)/.test(tag)) continue;
    if ((type === "checkbox" || type === "radio") && !/\schecked(=|\s|>|\/)/.test(tag)) continue;
    fields[name] = attr(tag, "value") ?? (type === "checkbox" ? "on" : "");
  }
  for (const m of form.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = attr(m[1], "name");
    if (name) fields[name] = decode(m[2]);
  }
  for (const m of form.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const name = attr(m[1], "name");
    if (!name) continue;
    const selected = m[2].match(/<option\b[^>]*\sselected[^>]*>/) ?? m[2].match(/<option\b[^>]*>/);
    fields[name] = selected ? (attr(selected[0], "value") ?? "") : "";
  }
  return fields;
}
