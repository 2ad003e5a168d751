/**
 * Conform builds a list as long as the largest index posted, and Zod then visits every slot: one
 * field named `linked[99999999].sku` (or a list button's intent aimed at such a row) held the server
 * for minutes and gigabytes. No form of the app posts a list near a thousand rows, so an index of
 * four digits or more marks a forged post. The request layer refuses it before any form is read
 * (server/http/bounded-body.ts); the forms with lists ask again, for callers that skip that layer.
 */
const INDEX_DIGITS_MAX = 3;
const BRACKET_INDEX = /\[(\d+)\]/g;
/** A list button's intent: `{"type":"update","payload":{"name":"rows[12]"}}` or `{"name":"rows","index":12}`. */
const INTENT_INDEX = /\[(\d+)\]|"(?:index|from|to)"\s*:\s*"?(\d+)/g;
export const INTENT_FIELD = "__intent__";

const far = (digits: string) => digits.length > INDEX_DIGITS_MAX;

/** Whether one posted field (its name, and its value when it is Conform's intent) indexes a list too far. */
export function isForgedListField(name: string, value: unknown): boolean {
  for (const [, index] of name.matchAll(BRACKET_INDEX)) if (far(index)) return true;
  if (name !== INTENT_FIELD || typeof value !== "string") return false;
  for (const [, bracket, key] of value.matchAll(INTENT_INDEX)) if (far(bracket ?? key)) return true;
  return false;
}

/** Whether any field of a posted form indexes a list too far. */
export function hasForgedListIndex(form: FormData | URLSearchParams): boolean {
  for (const [name, value] of form.entries()) if (isForgedListField(name, value)) return true;
  return false;
}
