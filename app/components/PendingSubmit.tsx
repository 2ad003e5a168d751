import { useFetchers, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * With JavaScript, the button that sent a form shows that it is working and cannot send it twice:
 * while the submission it started is under way it is marked `data-pending` (a spinner, see
 * tailwind.css) and a second submit of the same form is dropped. Without JavaScript the browser's own
 * page load is the feedback.
 */
export function PendingSubmit() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  // GET forms (filters) load rather than submit; both count until the page has settled.
  const busy = navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  const last = useRef<{ form: HTMLFormElement; button: HTMLElement | null } | null>(null);

  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      if (form.dataset.pending !== undefined) {
        event.preventDefault();
        event.stopImmediatePropagation();
        return;
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
