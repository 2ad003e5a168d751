import { useFetcher } from "react-router";
import { useCombobox } from "downshift";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useIsomorphicLayoutEffect } from "~/lib/layout-effect";
import { cn } from "~/lib/cn";
import { TYPEAHEAD_WAIT_MS, typeaheadQuery, type TypeaheadAnswer } from "~/modules/quotations/typeahead";

/** What the server's search field held when React took over: its text and whether it had the focus. */
export type Carried = { value: string; focused: boolean };

/**
 * The server's search form until React runs, then the combobox. What was typed into the form's
 * search field before that moment (a slow script on a shared machine) is handed to the combobox
 * with the focus, instead of being swept away with the form.
 */
export function SearchSwap({ server, client }: { server: ReactNode; client: (carried: Carried) => ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [carried, setCarried] = useState<Carried | null>(null);
  // A layout effect: its update renders at once, in the same task, so no key can fall between the
  // reading of the field and its replacement.
  useIsomorphicLayoutEffect(() => {
    const input = box.current?.querySelector<HTMLInputElement>('input[type="search"]');
    setCarried({ value: input?.value ?? "", focused: !!input && input === document.activeElement });
  }, []);
  return (
    <div ref={box} className="contents">
      {carried ? client(carried) : server}
    </div>
  );
}

type Props<T> = {
  label: string;
  placeholder?: string;
  /** The URL that answers a query (a `TypeaheadAnswer<T>`); the query is already longer than one character. */
  source: (query: string) => string;
  itemKey: (item: T) => string;
  /** The option's text (screen readers read the rendered option; this names it for Downshift). */
  itemToString: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** Runs once per pick; the field is emptied for the next search. */
  onPick: (item: T) => void;
  emptyMessage: string;
  /** A warning's title before the empty message (spec 8: a client not found reads "Lo sentimos."). */
  emptyTitle?: string;
  /**
   * "overlay" floats the options over the page; "inline" lets them push what follows down, for a
   * field inside a box that scrolls sideways (an overlay would be clipped there).
   */
  menu?: "overlay" | "inline";
  /** The text and focus of the form field this combobox replaced (SearchSwap). */
  carried?: Carried;
};

/**
 * An accessible combobox (Downshift, ARIA 1.2 pattern) that asks `source` for matches after a
 * 600 ms pause and only for more than one character. Picking is explicit — Enter on the highlighted
 * option or a click — and every pick counts, the same option twice included (the field holds no
 * selection: it is a way to choose, the screen shows what was chosen).
 */
export function SearchCombobox<T>({
  label,
  placeholder,
  source,
  itemKey,
  itemToString,
  renderItem,
  onPick,
  emptyMessage,
  emptyTitle,
  menu = "overlay",
  carried,
}: Props<T>) {
  const fetcher = useFetcher<TypeaheadAnswer<T>>();
  // The query sent last (null after a pick or below two characters, so older matches are not shown
  // again) and whether a search is waiting out its pause.
  const [asked, setAsked] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const answer = asked !== null ? fetcher.data : undefined;
  const items = answer?.matches ?? [];
  const loading = waiting || (asked !== null && fetcher.state === "loading");

  const schedule = (next: string | null) => {
    clearTimeout(timer.current);
    setWaiting(next !== null);
    if (next === null) setAsked(null);
    else
      timer.current = setTimeout(() => {
        setWaiting(false);
        setAsked(next);
        fetcher.load(source(next));
      }, TYPEAHEAD_WAIT_MS);
  };
  const { stateChangeTypes: types } = useCombobox;
  // The field's text stays Downshift's own state (updated as the key is handled): a copy kept in
  // React state reaches the input one render late and drops keys typed in between.
  const combobox = useCombobox<T>({
    items,
    initialInputValue: carried?.value ?? "",
    initialIsOpen: Boolean(carried?.focused),
    selectedItem: null,
    itemToString: (item) => (item ? itemToString(item) : ""),
    stateReducer: (state, { type, changes }) => {
      // Leaving the field with an option highlighted chooses nothing.
      if (type === types.InputBlur) return { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue };
      // A pick empties the field for the next search.
      if (type === types.ItemClick || type === types.InputKeyDownEnter) return { ...changes, inputValue: "" };
      return changes;
    },
    onInputValueChange: ({ inputValue }) => schedule(typeaheadQuery(inputValue)),
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem !== null && selectedItem !== undefined) onPick(selectedItem);
    },
  });

  // Typing that began before React ran goes on where it was: the focus, the caret at the end, its search.
  const input = useRef<HTMLInputElement>(null);
  // Before the browser takes the next key: the field it replaced had the focus until this render.
  useIsomorphicLayoutEffect(() => {
    if (!carried?.focused || !input.current) return;
    const end = input.current.value.length;
    input.current.focus();
    input.current.setSelectionRange(end, end);
    schedule(typeaheadQuery(input.current.value));
    // Once, for the field it replaced.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const open = combobox.isOpen && items.length > 0;
  const none = combobox.isOpen && !loading && answer !== undefined && items.length === 0;
  return (
    <div className={cn("min-w-0", menu === "overlay" && "relative")}>
      <label {...combobox.getLabelProps()} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input {...combobox.getInputProps({ ref: input })} className="input" placeholder={placeholder} />
      <ul
        {...combobox.getMenuProps()}
        className={cn(
          "mt-1 max-h-72 w-full overflow-y-auto rounded-md border border-slate-200 bg-white",
          menu === "overlay" && "absolute z-30 shadow-lg",
          !open && "hidden",
        )}
      >
        {open
          ? items.map((item, index) => (
              <li
                key={itemKey(item)}
                {...combobox.getItemProps({ item, index })}
                className={cn("cursor-pointer px-3 py-1.5 text-sm", combobox.highlightedIndex === index && "bg-brand-50")}
              >
                {renderItem(item)}
              </li>
            ))
          : null}
      </ul>
      {/* Always present, so screen readers hear the count or the message when it changes. */}
      <p role="status" className={cn("mt-1 text-sm", none ? "text-amber-700" : "sr-only")}>
        {none && emptyTitle ? <strong className="mr-1">{emptyTitle}</strong> : null}
        {none
          ? (answer?.message ?? emptyMessage)
          : open
            ? `${items.length} ${items.length === 1 ? "resultado" : "resultados"}`
            : loading
              ? "Buscando…"
              : ""}
      </p>
    </div>
  );
}
