/**
 * Text typed into a prefilled <textarea> before the page's JavaScript arrives would be lost: while
 * hydrating, React writes the server's text back into a textarea whose text content equals its
 * default (react-dom's initTextarea), whatever was typed since. Inputs and empty textareas keep what
 * was typed. So the typed text is noted before hydration and put back after it, with an input event
 * so the form's checks see it as typed.
 *
 * Returns what to run once the page is hydrated.
 */
const nativeValueSetter =
  typeof HTMLTextAreaElement === "undefined" ? undefined : Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;

export function keepTextTypedBeforeHydration(root: ParentNode = document): () => void {
  const typed = Array.from(root.querySelectorAll("textarea"))
    .filter((textarea) => textarea.value !== textarea.defaultValue)
    .map((textarea) => ({ textarea, value: textarea.value }));
  return () => {
    for (const { textarea, value } of typed) {
      // Put back only what hydration wrote over: a textarea typed into again since keeps that.
      if (!textarea.isConnected || textarea.value === value || textarea.value !== textarea.defaultValue) continue;
      // Through the element's own setter, as typing does: React's value tracker then sees a change and a
      // React onChange fires on the input event.
      nativeValueSetter?.call(textarea, value);
      textarea.dispatchEvent(new Event("input", { bubbles: true }));
    }
  };
}
