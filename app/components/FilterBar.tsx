import { Form, Link, useLocation, useNavigation, useSubmit } from "react-router";
import { useEffect, useMemo, useRef, type KeyboardEvent } from "react";
import { useUpdateEffect } from "~/lib/use-update-effect";
import { dayInputValues } from "~/lib/day-input";
import { escapeHtml, optionsHtml } from "~/lib/escape-html";
import type { InputConstraint } from "~/lib/constraints";
import { filledParams } from "~/lib/filter-params";

/** Submits a GET filter form with JavaScript, leaving its empty fields out of the URL. */
function useFilterSubmit() {
  const submit = useSubmit();
  return (form: HTMLFormElement, submitter?: HTMLElement | null, replace = true) =>
    submit(filledParams(new FormData(form, submitter)), {
      method: "get",
      action: form.getAttribute("action") ?? undefined,
      replace,
      preventScrollReset: true,
    });
}

/**
 * A filter form's boxes show the URL's values after every navigation in the page (Limpiar Filtros,
 * back, a sidebar link), as a page drawn anew would; left as typed, the next search would bring the
 * cleared filters back. React has already moved each box's default to the URL's value, so every box
 * of such a form says `defaultValue={x ?? ""}`: given undefined, React keeps the first default,
 * which is what a page opened on `?search=…` would then put back. Not when the page comes to life
 * (that would undo what was typed before it did), and not in the box being typed in.
 */
export function useInputsFollowUrl(formRef: React.RefObject<HTMLFormElement | null>) {
  const { search } = useLocation();
  useUpdateEffect(() => {
    for (const el of Array.from(formRef.current?.elements ?? [])) {
      if (!(el instanceof HTMLInputElement) || el === document.activeElement) continue;
      if (el.type === "checkbox" || el.type === "radio") el.checked = el.defaultChecked;
      else if (!["hidden", "submit", "button", "file"].includes(el.type)) el.value = el.defaultValue;
    }
  }, [search, formRef]);
}

/**
 * A GET form over the list: submitting writes the filters into the URL (page reset). Parameters this
 * bar does not own (sort, other tabs) are carried as hidden inputs. With JavaScript, `autoSubmit`
 * fields submit after a pause.
 */
export function FilterBar({
  children,
  keep = ["sortName", "sortValue"],
  clearTo,
  submitLabel = "Buscar",
}: {
  children: React.ReactNode;
  keep?: string[];
  clearTo?: string;
  submitLabel?: string;
}) {
  const { search, pathname } = useLocation();
  const params = new URLSearchParams(search);
  const submitFilters = useFilterSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  useInputsFollowUrl(formRef);
  return (
    <Form
      ref={formRef}
      method="get"
      role="search"
      className="flex flex-wrap items-end gap-3"
      preventScrollReset
      onSubmit={(e) => {
        e.preventDefault();
        // The boxes say what the URL will (its values lose their outer spaces), as the page drawn
        // anew without JavaScript does. Only on Buscar/Enter: a pause while typing keeps the space.
        for (const el of Array.from(e.currentTarget.elements)) {
          if (el instanceof HTMLInputElement && (el.type === "search" || el.type === "text") && el.value !== el.value.trim())
            el.value = el.value.trim();
        }
        submitFilters(e.currentTarget, (e.nativeEvent as SubmitEvent).submitter, false);
      }}
    >
      {keep.map((k) => {
        const v = params.get(k);
        return v ? <input key={k} type="hidden" name={k} value={v} /> : null;
      })}
      {children}
      <button type="submit" className="btn-secondary">
        {submitLabel}
      </button>
      {clearTo !== undefined ? (
        <Link to={clearTo || pathname} className="btn-ghost">
          Limpiar Filtros
        </Link>
      ) : null}
    </Form>
  );
}

/**
 * A search input that submits its form after a 600 ms pause when JavaScript is on. `constraint` is
 * the list's own search parameter's (`constraintsOf(ListQuery).search`, sent by the loader).
 */
export function SearchInput({
  name = "search",
  defaultValue,
  placeholder,
  label = "Buscar",
  debounceMs = 600,
  constraint,
  enterOnlyWith,
}: {
  name?: string;
  defaultValue?: string;
  placeholder?: string;
  label?: string;
  debounceMs?: number;
  constraint?: InputConstraint;
  /** A checkbox of the same form that, ticked, leaves the search to Enter (a whole code is typed first). */
  enterOnlyWith?: string;
}) {
  const submitFilters = useFilterSubmit();
  const navigation = useNavigation();
  const { search } = useLocation();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // A pending pause must not undo what came after it: a Buscar press, "Limpiar filtros" or any other
  // navigation cancels it, and the box then shows the URL's search (unless the user is typing in it).
  useEffect(() => {
    const form = input.current?.form;
    const cancel = () => clearTimeout(timer.current);
    form?.addEventListener("submit", cancel);
    return () => form?.removeEventListener("submit", cancel);
  }, []);
  useUpdateEffect(() => {
    const el = input.current;
    // While the user types, the answer to an earlier pause arrives: keep the newer pending one.
    if (!el || document.activeElement === el) return;
    clearTimeout(timer.current);
    el.value = defaultValue ?? "";
  }, [search, defaultValue]);
  return (
    <label className="flex min-w-56 flex-1 flex-col gap-1 text-sm">
      <span className="font-medium text-slate-700">{label}</span>
      <input
        ref={input}
        {...constraint}
        type="search"
        name={name}
        defaultValue={defaultValue ?? ""}
        placeholder={placeholder}
        className="input"
        aria-busy={navigation.state === "loading"}
        onChange={(e) => {
          const form = e.currentTarget.form;
          clearTimeout(timer.current);
          const manual = enterOnlyWith ? form?.elements.namedItem(enterOnlyWith) : null;
          if (manual instanceof HTMLInputElement && manual.checked) return;
          timer.current = setTimeout(() => form && submitFilters(form), debounceMs);
        }}
      />
    </label>
  );
}

/** Options given as HTML get no `defaultValue` from React: the chosen one carries `selected`, as React renders it. */
function markSelected(html: string, value: string) {
  const option = `<option value="${escapeHtml(value)}">`;
  const at = html.indexOf(option);
  return at < 0 ? html : `${html.slice(0, at)}<option value="${escapeHtml(value)}" selected="">${html.slice(at + option.length)}`;
}

/**
 * A filter select. With JavaScript it applies itself when chosen with the pointer or confirmed with
 * Enter; arrow keys only move through the options (a list reloading on every arrow press is unusable
 * with a keyboard). Without JavaScript, or after arrowing, the bar's button applies it.
 */
export function FilterSelect({
  name,
  label,
  value,
  allLabel,
  options,
  packedOptions,
}: {
  name: string;
  label: string;
  value: string | undefined;
  allLabel: string;
  options?: ReadonlyArray<readonly [string, string]>;
  /** Thousands of choices after `options`: `packOptions()` of app/lib/escape-html, rendered as one HTML string. */
  packedOptions?: string;
}) {
  const submitFilters = useFilterSubmit();
  // Set by a key press, cleared by the pointer: a change that follows a key press waits for Enter.
  const byKeyboard = useRef(false);
  const select = useRef<HTMLSelectElement>(null);
  // A select keeps its first choice after a navigation in the page: it follows the URL's value when
  // that changes — not when the page comes to life, which would undo a choice made before it did.
  useUpdateEffect(() => {
    if (select.current && select.current !== document.activeElement) select.current.value = value ?? "";
  }, [value]);
  const apply = (select: HTMLSelectElement) => select.form && submitFilters(select.form);
  const packedHtml = useMemo(() => (packedOptions === undefined ? undefined : optionsHtml(packedOptions)), [packedOptions]);
  const selectProps: React.SelectHTMLAttributes<HTMLSelectElement> & React.RefAttributes<HTMLSelectElement> = {
    ref: select,
    name,
    defaultValue: value ?? "",
    className: "input",
    onPointerDown: () => {
      byKeyboard.current = false;
    },
    onKeyDown: (e) => {
      if (e.key === "Tab") return;
      if (e.key === "Enter") {
        e.preventDefault();
        byKeyboard.current = false;
        apply(e.currentTarget);
        return;
      }
      byKeyboard.current = true;
    },
    onChange: (e) => {
      if (!byKeyboard.current) apply(e.currentTarget);
    },
  };
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium text-slate-700">{label}</span>
      {packedHtml === undefined ? (
        <select {...selectProps}>
          <option value="">{allLabel}</option>
          {(options ?? []).map(([key, text]) => (
            <option key={key} value={key}>
              {text}
            </option>
          ))}
        </select>
      ) : (
        <select
          {...selectProps}
          dangerouslySetInnerHTML={{
            __html: markSelected(optionsHtml(JSON.stringify([["", allLabel], ...(options ?? [])])) + packedHtml, value ?? ""),
          }}
        />
      )}
    </label>
  );
}

/**
 * "Desde" / "Hasta" day inputs for a list whose URL carries start_date and end_date (end plus one
 * day): they post start_day and end_day, which the loader turns into the canonical URL.
 */
export function DayRangeInputs({ range }: { range: { start_date?: string; end_date?: string } }) {
  const days = dayInputValues(range);
  return (
    <>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium text-slate-700">Desde</span>
        <input type="date" name="start_day" className="input" defaultValue={days.start ?? ""} />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium text-slate-700">Hasta</span>
        <input type="date" name="end_day" className="input" defaultValue={days.end ?? ""} />
      </label>
    </>
  );
}

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
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
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
