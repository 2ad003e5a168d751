import type { Intent, SubmissionResult } from "@conform-to/react";

/**
 * The one answer to a post whose form the server rewrote in part (shop sections, catalogues, the
 * publication editor): the rewritten fields travel back in Conform's own answer. Posts are read with
 * `parseSubmission` (app/lib/submission.ts).
 */

type FormValue = NonNullable<SubmissionResult<string[]>["initialValue"]>;
export type ListValue = FormValue[string];
type Posted = { reply(): SubmissionResult<string[]> };

/**
 * The answer to a post, with the lists the server rewrote (Agregar without JavaScript, an uploaded
 * image, a product or image that is no longer there) in place of the posted ones. A page drawn
 * again starts from `initialValue`; a browser that already shows the form gets the change as an
 * `update` intent, so it redraws those lists in place and keeps everything else as it is being
 * typed. A refusal (its errors must show) only carries `initialValue`.
 * `lists` are every rewritable list of the form; `changed` names those that differ from the post.
 */
export function replyWithLists(submission: Posted, lists: Record<string, ListValue>, changed: readonly string[]): SubmissionResult<string[]> {
  const result = submission.reply();
  if (changed.length === 0) return result;
  const initialValue: FormValue = { ...result.initialValue, ...lists };
  const refused = Object.keys(result.error ?? {}).length > 0;
  if (refused) return { ...result, initialValue };
  const intent: Intent =
    changed.length === 1 ? { type: "update", payload: { name: changed[0], value: lists[changed[0]] } } : { type: "update", payload: { value: initialValue } };
  return { ...result, initialValue, intent };
}

/** Whether two lists as the server reads them differ (they are plain data of the same shape). */
export const differ = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);
