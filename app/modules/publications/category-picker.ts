import { CATEGORY_TYPEAHEAD_LIMIT } from "./constants";

/*
 * The editor's category picker (spec 1 §2: "category (picker, or a predictor that suggests
 * categories from the title in a modal)"): the marketplace's tree, one level at a time. Pure rules;
 * the server reads the levels (category-picker.server.ts).
 */

export type CategoryNode = { id: string; name: string };

/** Lower case without accents: how a typed filter meets a category name. */
export function foldCategoryText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The categories of a level the picker shows: those whose name holds every word typed (no accents,
 * any case), at most `limit` of them (spec 2 §9: 20 for marketplace categories), in the marketplace's
 * order; `matched` says how many there were.
 */
export function visibleCategories<T extends CategoryNode>(
  options: readonly T[],
  search: string,
  limit = CATEGORY_TYPEAHEAD_LIMIT,
): { shown: T[]; matched: number } {
  const words = foldCategoryText(search).split(" ").filter(Boolean);
  const matching = words.length ? options.filter((o) => words.every((w) => foldCategoryText(o.name).includes(w))) : [...options];
  return { shown: matching.slice(0, limit), matched: matching.length };
}

/**
 * Where "Elegir categoría" opens: the level that holds the current category (so a neighbour is one
 * click away), or the top of the tree when there is none or it sits at the top.
 */
export function pickerStart(path: readonly CategoryNode[] | null | undefined): string | null {
  return path && path.length >= 2 ? path[path.length - 2].id : null;
}
