import { useEffect } from "react";

/**
 * A file an answer took (or refused) is not sent again with the next post. With JavaScript the page
 * is not drawn afresh after a post, so the chosen files would otherwise stay chosen (and a refused
 * image be refused again on every save); without it the answer is a new page with the inputs empty.
 * `answer` is the action's answer that means "the files were dealt with": each new one clears them.
 */
export function useClearedFiles(formId: string, answer: unknown) {
  useEffect(() => {
    if (!answer) return;
    const form = document.getElementById(formId);
    for (const input of form?.querySelectorAll<HTMLInputElement>('input[type="file"]') ?? []) input.value = "";
  }, [formId, answer]);
}
