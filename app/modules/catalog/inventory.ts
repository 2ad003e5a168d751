import type { PriceView } from "~/modules/pricing/price";
import { z } from "zod";
import { parseQuery, q } from "~/lib/query";

/**
 * Inventario v3 (spec 2 §2 'Inventory v3', §7 'Products', §9): the list's URL, texts and row shape.
 * Pure: shared by the loader, the page and the tests.
 */
export const INVENTORY_PATH = "/web-inventory";
export const INVENTORY_PAGE_SIZE = 20;
/** Spec 9: product typeaheads answer with 40 matches. */
export const TYPEAHEAD_LIMIT = 40;
/** Completeness is out of this many points (docs/catalogue.md). */
export const COMPLETENESS_MAX = 8;

export const INVENTORY_TEXTS = {
  title: "Inventario v3",
  newProduct: "Nuevo Producto",
  newCombo: "Nueva publicación",
  empty: "No hay productos que coincidan con los filtros.",
  notFound: "El producto no existe o fue eliminado.",
  allBrands: "Todas las marcas",
  allCategories: "Todas las categorías",
  incompleteOnly: "Solo incompletos",
} as const;

export const INVENTORY_SORTS = ["id", "manufacturer_sku", "stock", "name", "completeness"] as const;
export type InventorySort = (typeof INVENTORY_SORTS)[number];

const id = z.coerce.number().int().min(0).max(2_147_483_647).optional();

const ListQueryShape = {
  page: q.page(),
  search: q.search(),
  sortName: q.oneOf([...INVENTORY_SORTS]),
  sortValue: q.sortValueAnyCase(),
  brand: id,
  category: id,
  incomplete: q.bool(),
};
export type InventoryListQuery = ReturnType<typeof parseInventoryQuery>;

export function parseInventoryQuery(source: URL | URLSearchParams) {
  return parseQuery(source, ListQueryShape);
}

export type InventoryRow = {
  id: string;
  manufacturerSku: string;
  name: string;
  descripcion1: string | null;
  stockTotal: number;
} & PriceView & {
    isCombo: boolean;
    thumb: string | null;
    completeness: number;
  };

/** Spec 2: the description column shows the name, plus descripcion1 when it differs. */
export function rowDescription(row: Pick<InventoryRow, "name" | "descripcion1">) {
  const extra = row.descripcion1?.trim();
  return extra && extra.toLowerCase() !== row.name.trim().toLowerCase() ? `${row.name} — ${extra}` : row.name;
}

/** A row's dialog from the list, keeping the list's query: a combo opens "Publicación {id}", any other product its own dialog. */
export function productPath(row: { id: string; isCombo: boolean }, search = "") {
  return `${INVENTORY_PATH}/${row.isCombo ? "combos/" : ""}${encodeURIComponent(row.id)}${search}`;
}
