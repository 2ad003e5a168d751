import { Form, useFetcher, useLocation } from "react-router";
import { useEffect, useRef, useState } from "react";
import type { InputConstraint } from "~/lib/constraints";
import type { Toast } from "~/lib/toast";
import { Toaster } from "./Toast";

/** What /feedback answers when it refuses a comment: the spec's toast, the field's message and what was typed. */
export type FeedbackRefusal = { error: string; toast: Toast; text: string; returnTo: string };

const LABEL = "Comentario";
const SEND = "Enviar comentario";

/**
 * The comment box: label, textarea (its limit from the action's schema, no `required`: the spec has
 * its own message for an empty comment), a count of what is left with JavaScript (the limit in words
 * without it) and the field's error.
 */
function FeedbackFields({
  id,
  constraint,
  error,
  defaultText,
  tone,
  onCount,
  count,
}: {
  id: string;
  constraint: InputConstraint;
  error?: string;
  defaultText?: string;
  tone: "dark" | "light";
  onCount: (n: number) => void;
  count: number | null;
}) {
  const max = constraint.maxLength;
  const dark = tone === "dark";
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={dark ? "text-xs font-medium text-slate-300" : "text-sm font-medium text-slate-700"}>
        {LABEL}
      </label>
      <textarea
        id={id}
        name="text"
        rows={3}
        maxLength={max}
        minLength={constraint.minLength}
        defaultValue={defaultText}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ""}`}
        onChange={(e) => onCount(e.currentTarget.value.length)}
        className={
          dark
            ? "w-full resize-y rounded-md border border-slate-600 bg-slate-800 px-2 py-1.5 text-sm text-white placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500"
            : "input min-h-24"
        }
      />
      <p id={`${id}-count`} className={dark ? "text-xs text-slate-400" : "text-xs text-slate-500"} data-testid="feedback-count">
        {count === null || max === undefined ? `Hasta ${max} caracteres.` : `${count} / ${max} caracteres`}
      </p>
      {error ? (
        <p id={`${id}-error`} className={dark ? "text-xs text-red-300" : "text-sm text-red-700"}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The count of typed characters, shown once the page runs JavaScript (the server cannot know it). */
function useCount(initial: string | undefined) {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => setCount(initial?.length ?? 0), [initial]);
  return [count, setCount] as const;
}

/**
 * The sidebar's comment form, on every screen for every role (decision 0040). Without JavaScript it is
 * a POST to /feedback, which answers with a redirect back to this page and a toast. With it, a fetcher
 * posts it without leaving the page (the answer's redirect replaces the same address, so history and
 * scroll stay) and the box is emptied once sent; a refusal shows the spec's toast and the message
 * under the box, and keeps what was typed.
 */
export function SidebarFeedbackForm({ constraint }: { constraint: InputConstraint }) {
  const fetcher = useFetcher<FeedbackRefusal>();
  const { pathname, search } = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const [count, setCount] = useCount(undefined);
  // A fetcher keeps its last data after a redirect answer, so a send is told from a refusal by
  // whether new data came back: what it held when the form went is remembered (null: nothing sent).
  const sentWith = useRef<FeedbackRefusal | undefined | null>(null);
  const [refusal, setRefusal] = useState<FeedbackRefusal | undefined>();
  useEffect(() => {
    if (fetcher.state !== "idle" || sentWith.current === null) return;
    const before = sentWith.current;
    sentWith.current = null;
    if (fetcher.data && fetcher.data !== before) {
      setRefusal(fetcher.data);
      return;
    }
    setRefusal(undefined);
    formRef.current?.reset();
    setCount(0);
  }, [fetcher.state, fetcher.data, setCount]);
  return (
    <details className="group border-t border-slate-800 px-4 py-3" data-testid="feedback">
      <summary className="cursor-pointer rounded-md text-sm font-medium text-slate-200 hover:text-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-500">
        {SEND}
      </summary>
      <fetcher.Form
        ref={formRef}
        method="post"
        action="/feedback"
        preventScrollReset
        onSubmit={() => {
          sentWith.current = fetcher.data;
        }}
        className="mt-2 flex flex-col gap-2"
      >
        <input type="hidden" name="returnTo" value={pathname + search} />
        <FeedbackFields id="sidebar-feedback" constraint={constraint} error={refusal?.error} tone="dark" count={count} onCount={setCount} />
        <button type="submit" className="rounded-md bg-brand-600 px-2 py-1.5 text-sm font-medium text-white hover:bg-brand-700">
          Enviar
        </button>
      </fetcher.Form>
      {refusal ? <Toaster toast={refusal.toast} /> : null}
    </details>
  );
}

/**
 * The same form on a page of its own (/feedback): where a refusal lands without JavaScript, with what
 * was typed, the message and a way back to the page it was sent from.
 */
export function FeedbackPageForm({
  constraint,
  returnTo,
  refusal,
}: {
  constraint: InputConstraint;
  returnTo: string;
  refusal?: FeedbackRefusal;
}) {
  const [count, setCount] = useCount(refusal?.text);
  return (
    <Form method="post" action="/feedback" className="flex flex-col gap-3">
      <input type="hidden" name="returnTo" value={refusal?.returnTo ?? returnTo} />
      <FeedbackFields
        id="page-feedback"
        constraint={constraint}
        error={refusal?.error}
        defaultText={refusal?.text}
        tone="light"
        count={count}
        onCount={setCount}
      />
      <div>
        <button type="submit" className="btn-primary">
          Enviar
        </button>
      </div>
    </Form>
  );
}
