import type { Intent, SubmissionResult } from "@conform-to/react";

/**
 * The one answer to a post whose form the server rewrote in part (shop sections, catalogues, the
 * publication editor): the rewritten fields travel back in Conform's own answer. Posts are read with
 * `parseSubmission` (app/lib/submission.ts).
 */

type FormValue = NonNullable<SubmissionResult<string[]>["initialValue"]>;
export type ListValue = FormValue[string];
type ReplyErrors = { fieldErrors?: Record<string, string[]>; formErrors?: string[] };
type Posted = { reply(options?: ReplyErrors): SubmissionResult<string[]> };

/**
 * The answer to a post, with the lists the server rewrote (Agregar without JavaScript, an uploaded
 * image, a product or image that is no longer there) in place of the posted ones. A page drawn
 * again starts from `initialValue`; a browser that already shows the form gets the change as an
 * `update` intent, so it redraws those lists in place and keeps everything else as it is being
 * typed. A refusal sends the update too (a quantity put back to 1 must show as 1), with its errors.
 * `lists` are every rewritable list of the form; `changed` names those that differ from the post;
 * `errors` are the server's own (a rule of the save, a search too short).
 */
export function replyWithLists(
  submission: Posted,
  lists: Record<string, ListValue>,
  changed: readonly string[],
  errors: ReplyErrors = {},
): SubmissionResult<string[]> {
  const result = submission.reply(errors.fieldErrors || errors.formErrors ? errors : undefined);
  if (changed.length === 0) return result;
  const initialValue: FormValue = { ...result.initialValue, ...lists };
  const intent: Intent =
    changed.length === 1
      ? { type: "update", payload: { name: changed[0], value: lists[changed[0]] } }
      : { type: "update", payload: { value: initialValue } };
  const errorNames = Object.keys(result.error ?? {});
  if (errorNames.length === 0) return { ...result, initialValue, intent };
  // With an intent, Conform shows only the errors of fields it counts as validated: the refusal's
  // are marked so, or the rewritten value would reach the screen without its message.
  const validated = { ...result.state?.validated, ...Object.fromEntries(errorNames.map((name) => [name, true])) };
  return { ...result, initialValue, intent, state: { ...result.state, validated } };
}

/** Whether two lists as the server reads them differ (they are plain data of the same shape). */
export const differ = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);

/**
 * The fields of a form's value as the server worked it out that differ from what was posted — the
 * lists it rewrote and any value it recomputes — in the shape `replyWithLists` takes. Compared as
 * Conform reads a post: text for numbers, "on" for a ticked box, empty values left out, and a group
 * of boxes with one ticked posted as that one value.
 */
export function rewrittenFields(
  payload: Record<string, unknown>,
  value: Record<string, unknown>,
): { lists: Record<string, ListValue>; changed: string[] } {
  const lists: Record<string, ListValue> = {};
  for (const [name, field] of Object.entries(value)) {
    const worked = formValueOf(field);
    // An emptied value must still travel: Conform's update ignores an undefined one.
    if (!sameValue(bare(payload[name]), bare(worked))) lists[name] = worked ?? "";
  }
  return { lists, changed: Object.keys(lists) };
}

/** A value as a form holds it: numbers as text, a ticked box as "on", an unticked one as nothing. */
function formValueOf(value: unknown): ListValue | undefined {
  if (Array.isArray(value)) return value.map((item) => formValueOf(item) ?? "");
  if (value instanceof Date) return value.toISOString();
  if (isRecord(value))
    return Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (v === undefined ? [] : [[k, formValueOf(v) ?? ""]])));
  if (typeof value === "boolean") return value ? "on" : undefined;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  return typeof value === "string" ? value : undefined;
}

/** What a post keeps of a value: empty text, lists and groups left out. */
function bare(value: unknown): unknown {
  if (Array.isArray(value)) return value.length ? value.map(bare) : undefined;
  if (isRecord(value)) {
    const kept = Object.entries(value).flatMap(([k, v]) => {
      const b = bare(v);
      return b === undefined ? [] : [[k, b] as const];
    });
    return kept.length ? Object.fromEntries(kept) : undefined;
  }
  return value === "" || value === null ? undefined : value;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (Array.isArray(a) || Array.isArray(b)) {
    const [list, one] = Array.isArray(a) ? [a, b] : [b as unknown[], a];
    return list.length === 1 && sameValue(list[0], one);
  }
  if (isRecord(a) && isRecord(b)) return [...new Set([...Object.keys(a), ...Object.keys(b)])].every((k) => sameValue(a[k], b[k]));
  return a === b;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof Date) &&
  !(typeof Blob !== "undefined" && value instanceof Blob);
