import { Form, Link, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { dayInputValues } from "~/lib/day-range";

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
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-3" preventScrollReset>
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
          Limpiar filtros
        </Link>
      ) : null}
    </Form>
  );
}

/** A search input that submits its form after a 600 ms pause when JavaScript is on. */
export function SearchInput({ name = "search", defaultValue, placeholder, label = "Buscar", debounceMs = 600 }: {
  name?: string;
  defaultValue?: string;
  placeholder?: string;
  label?: string;
  debounceMs?: number;
}) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const { search } = useLocation();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  // A pending pause must not undo what came after it: a Buscar press, "Limpiar filtros" or any other
  // navigation cancels it, and the box then shows the URL's search (unless the user is typing in it).
  useEffect(() => {
    const form = input.current?.form;
    const cancel = () => clearTimeout(timer.current);
    form?.addEventListener("submit", cancel);
    return () => form?.removeEventListener("submit", cancel);
  }, []);
  useEffect(() => {
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
        type="search"
        name={name}
        defaultValue={defaultValue}
        placeholder={placeholder}
        className="input"
        aria-busy={navigation.state === "loading"}
        onChange={(e) => {
          const form = e.currentTarget.form;
          clearTimeout(timer.current);
          timer.current = setTimeout(() => form && submit(form, { replace: true, preventScrollReset: true }), debounceMs);
        }}
      />
    </label>
  );
}

/** A filter select; with JavaScript it applies itself on change, without it the bar's button does. */
export function FilterSelect({
  name,
  label,
  value,
  allLabel,
  options,
}: {
  name: string;
  label: string;
  value: string | undefined;
  allLabel: string;
  options: ReadonlyArray<readonly [string, string]>;
}) {
  const submit = useSubmit();
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium text-slate-700">{label}</span>
      <select
        name={name}
        defaultValue={value ?? ""}
        className="input"
        onChange={(e) => e.currentTarget.form && submit(e.currentTarget.form, { replace: true, preventScrollReset: true })}
      >
        <option value="">{allLabel}</option>
        {options.map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
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
        <input type="date" name="start_day" className="input" defaultValue={days.start} />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium text-slate-700">Hasta</span>
        <input type="date" name="end_day" className="input" defaultValue={days.end} />
      </label>
    </>
  );
}
