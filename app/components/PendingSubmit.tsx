import { useFetchers, useNavigation } from "react-router";
import { useEffect, useRef } from "react";

/**
 * With JavaScript, the button that sent a form shows that it is working and cannot send it twice:
 * while the submission it started is under way it is marked `data-pending` (a spinner, see
 * tailwind.css) and a repeated submit is dropped — any submit of that form while its request is in
 * flight, and the same button again while the page reloads after the answer. Another button of the
 * same form after the answer is a new decision (check the drawer, then close the box) and goes
 * through. Without JavaScript the browser's own page load is the feedback.
 */
export function PendingSubmit() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  // GET forms (filters) load rather than submit; both count until the page has settled.
  const busy = navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  const sending = navigation.state === "submitting" || fetchers.some((f) => f.state === "submitting");
  const sendingNow = useRef(sending);
  sendingNow.current = sending;
  const last = useRef<{ form: HTMLFormElement; button: HTMLElement | null } | null>(null);

  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      const sent = last.current;
      if (form.dataset.pending !== undefined && sent?.form === form) {
        if (sendingNow.current || sent.button === event.submitter) {
          event.preventDefault();
          event.stopImmediatePropagation();
          return;
        }
        // The form is still marked from the answered submission: the new button takes the mark.
        if (sent.button) delete sent.button.dataset.pending;
        if (event.submitter) event.submitter.dataset.pending = "";
      }
      last.current = { form, button: event.submitter };
    };
    // Capture on window: it runs before React's own listener, so a repeated submit never reaches it.
    window.addEventListener("submit", onSubmit, true);
    return () => window.removeEventListener("submit", onSubmit, true);
  }, []);

  useEffect(() => {
    const sent = last.current;
    if (!sent) return;
    if (busy) {
      sent.form.dataset.pending = "";
      sent.form.setAttribute("aria-busy", "true");
      if (sent.button) sent.button.dataset.pending = "";
      return;
    }
    delete sent.form.dataset.pending;
    sent.form.removeAttribute("aria-busy");
    if (sent.button) delete sent.button.dataset.pending;
    last.current = null;
  }, [busy]);

  return null;
}
