import { getIntegrations, isIntegrationError } from "@server/integrations";
import { visibleCategories, type CategoryNode } from "./category-picker";

/** A level of the category picker as the editor shows it (over the form, rendered by the server). */
export type CategoryPickerView = {
  /** The category whose subcategories are listed; null for the top of the tree. */
  parent: string | null;
  /** The breadcrumb: from the top of the tree to `parent`. */
  path: CategoryNode[];
  /** What the filter lets through, at most the typeahead limit. */
  options: CategoryNode[];
  /** How many categories match the filter (all of the level without one). */
  matched: number;
  /** How many categories the level has. */
  total: number;
  search: string;
  /** Why the level could not be read (the marketplace failed, the category is gone). */
  error: string | null;
};

/** The step a click in the picker leads to: another level, or a final category (chosen). */
export type CategoryStep = { kind: "level"; picker: CategoryPickerView } | { kind: "final"; categoryId: string };

export const PICKER_UNKNOWN_CATEGORY = "La categoría ya no existe en Mercado Libre; elige otra.";

const failed = (parent: string | null, path: CategoryNode[], search: string, error: string): CategoryStep => ({
  kind: "level",
  picker: { parent, path, options: [], matched: 0, total: 0, search, error },
});

/**
 * One level of the marketplace's tree: the top categories (no parent) or a category's subcategories.
 * A category with none is final, the only kind a listing takes: opening it chooses it.
 */
export async function browseCategories(parent: string | null, search = ""): Promise<CategoryStep> {
  const { marketplace } = getIntegrations();
  try {
    if (parent === null) {
      const roots = await marketplace.listRootCategories();
      const { shown, matched } = visibleCategories(roots, search);
      return { kind: "level", picker: { parent: null, path: [], options: shown, matched, total: roots.length, search, error: null } };
    }
    const detail = await marketplace.getCategoryDetail(parent);
    if (!detail) {
      const top = await browseCategories(null);
      return top.kind === "level" ? { kind: "level", picker: { ...top.picker, error: PICKER_UNKNOWN_CATEGORY } } : top;
    }
    if (detail.children.length === 0) return { kind: "final", categoryId: detail.id };
    const { shown, matched } = visibleCategories(detail.children, search);
    return {
      kind: "level",
      picker: { parent: detail.id, path: detail.pathFromRoot, options: shown, matched, total: detail.children.length, search, error: null },
    };
  } catch (error) {
    if (!isIntegrationError(error)) throw error;
    return failed(parent, [], search, error.message);
  }
}
