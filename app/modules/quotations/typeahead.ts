/**
 * The typeaheads' rules (spec §5 "typeahead queries need more than one character", §9 debounce
 * 600 ms): shared by the comboboxes in the browser and by the routes that answer them, so a query
 * the browser would not send is not searched either.
 */
export const TYPEAHEAD_WAIT_MS = 600;

/** The text to search for, or null while it is one character or less. */
export function typeaheadQuery(raw: string | null | undefined): string | null {
  const text = (raw ?? "").trim();
  return text.length > 1 ? text : null;
}

/** What every typeahead route answers: the matches, and a message when there are none or the search failed. */
export type TypeaheadAnswer<T> = { matches: T[]; message: string | null };
