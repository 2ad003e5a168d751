import { useEffect, useRef, type KeyboardEvent } from "react";

/** How long the typing pauses before a search box presses its Buscar button. */
export const SEARCH_PAUSE_MS = 600;

/**
 * A search box inside a larger form, with a Buscar submit button of its own (`button`). With
 * JavaScript, a pause in the typing presses it (`typed`) and Enter in the box presses it (`onEnter`)
 * instead of the form's first button; without JavaScript the user presses it. `cancel` drops a
 * pending press (the form is being posted another way); leaving the page drops it too.
 */
export function useSearchButton(pauseMs = SEARCH_PAUSE_MS) {
  const button = useRef<HTMLButtonElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const cancel = () => clearTimeout(timer.current);
  return {
    button,
    cancel,
    typed: () => {
      cancel();
      timer.current = setTimeout(() => button.current?.click(), pauseMs);
    },
    onEnter: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key !== "Enter") return;
      event.preventDefault();
      button.current?.click();
    },
  };
}
