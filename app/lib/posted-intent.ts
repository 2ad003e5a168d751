/**
 * A posted `intent` as the forms' buttons write it, not yet checked: a word names a button
 * (`save`), a JSON object a button that carries data (`{"type":"add","sku":"QO120"}`); anything else
 * (too long, not JSON, not text) reads as nothing. No Zod here: pages import it.
 */
export function intentObject(raw: unknown): unknown {
  if (typeof raw !== "string" || raw.length > 300) return undefined;
  if (!raw.startsWith("{")) return { type: raw };
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
