import { z } from "zod";

/**
 * The shop's home sections (spec 2 §2 'E-commerce sections', §3 'Shop section', §4): texts, schemas
 * and the rules that rebuild a section's product list from a post. Pure: used by the dialog, the
 * actions and the unit tests.
 */
export const SHOP_SECTIONS_PATH = "/ecommerce";
/** How many catalogue matches the dialog's product search shows. */
export const SHOP_SECTION_SEARCH_LIMIT = 40;
export const SHOP_SECTION_LIMITS = { title: 120, qty: 9999, search: 80 } as const;

export const SHOP_SECTION_TEXTS = {
  title: "Ecommerce - Secciones",
  newButton: "Nueva sección",
  newTitle: "Nueva sección",
  singular: "Sección",
  saved: "Sección guardada",
  savedMessage: "Información agregada/actualizada exitosamente",
  activated: "Sección activada",
  deactivated: "Sección desactivada",
  toggleFailed: "No se pudo cambiar la sección",
  toggleInvalid: "La solicitud no es válida; recarga la página e inténtalo de nuevo.",
  notFoundTitle: "Sección no encontrada",
  notFoundText: "La sección no existe.",
  empty: "Todavía no hay secciones.",
  showInShop: "Mostrar en la tienda",
  searchLabel: "Busca por nombre o sku",
  noProducts: "La sección no tiene productos. Búscalos abajo y agrégalos.",
  noResults: "Ningún producto activo coincide con la búsqueda.",
  qtyInvalid: "Cantidad: ingresa un número entero mayor o igual a 1",
} as const;

export type SectionItem = { id: string; qty: number };

/** What one post asks of the list, besides carrying it (the buttons of the dialog). */
export type ProductAction =
  | { type: "add"; sku: string }
  | { type: "remove"; index: number }
  | { type: "up"; index: number }
  | { type: "down"; index: number };

const cleanSku = (value: unknown) => (typeof value === "string" ? value.trim().toUpperCase() : "");

/** A quantity as typed: a whole number from 1 up, or null. */
export function parseQty(value: unknown): number | null {
  const text = typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";
  if (!/^\d{1,4}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= SHOP_SECTION_LIMITS.qty ? n : null;
}

/**
 * The list as posted: `product` and `qty` pairs in order. Blank SKUs are skipped; a quantity that is
 * not a whole number ≥ 1 is reported (the save refuses it) and read as 1 for everything else.
 */
export function readPostedList(products: unknown[], qtys: unknown[]): { items: SectionItem[]; badQty: boolean } {
  const items: SectionItem[] = [];
  let badQty = false;
  products.forEach((raw, i) => {
    const id = cleanSku(raw);
    if (!id) return;
    const qty = parseQty(qtys[i]);
    if (qty === null) badQty = true;
    items.push({ id, qty: qty ?? 1 });
  });
  return { items: mergeDuplicates(items), badQty };
}

/** One row per SKU, where it first appears; a repeated SKU adds its quantity (capped). */
export function mergeDuplicates(items: SectionItem[]): SectionItem[] {
  const out: SectionItem[] = [];
  for (const item of items) {
    const found = out.find((o) => o.id === item.id);
    if (found) found.qty = Math.min(SHOP_SECTION_LIMITS.qty, found.qty + item.qty);
    else out.push({ ...item });
  }
  return out;
}

/** Reads the button that was pressed: Agregar (`add`), Quitar (`remove`), ↑ (`up`), ↓ (`down`). */
export function productActionFrom(form: { get(name: string): unknown }): ProductAction | null {
  const add = cleanSku(form.get("add"));
  if (add) return { type: "add", sku: add };
  for (const type of ["remove", "up", "down"] as const) {
    const raw = form.get(type);
    if (typeof raw === "string" && /^\d{1,4}$/.test(raw)) return { type, index: Number(raw) };
  }
  return null;
}

/**
 * The list after one action. Adding a SKU already present raises its quantity by 1; an index out of
 * range, or moving the first row up or the last down, leaves the list as it was.
 */
export function applyProductAction(list: SectionItem[], action: ProductAction | null): SectionItem[] {
  const out = list.map((item) => ({ ...item }));
  if (!action) return out;
  switch (action.type) {
    case "add": {
      const sku = cleanSku(action.sku);
      if (!sku) return out;
      const found = out.find((item) => item.id === sku);
      if (found) found.qty = Math.min(SHOP_SECTION_LIMITS.qty, found.qty + 1);
      else out.push({ id: sku, qty: 1 });
      return out;
    }
    case "remove":
      if (action.index < 0 || action.index >= out.length) return out;
      out.splice(action.index, 1);
      return out;
    case "up":
    case "down": {
      const to = action.type === "up" ? action.index - 1 : action.index + 1;
      if (action.index < 0 || action.index >= out.length || to < 0 || to >= out.length) return out;
      [out[action.index], out[to]] = [out[to], out[action.index]];
      return out;
    }
  }
}

/** Keeps only the SKUs the catalogue knows, in order. */
export function dropUnknown(list: SectionItem[], known: ReadonlySet<string>): SectionItem[] {
  return list.filter((item) => known.has(item.id));
}

/** The dialog's own fields; the product list is read apart (repeated `product`/`qty` inputs). */
export const ShopSectionFormSchema = z.object({
  title: z
    .string({ required_error: "Ingresa el título de la sección" })
    .trim()
    .min(1, "Ingresa el título de la sección")
    .max(SHOP_SECTION_LIMITS.title, `Título: máximo ${SHOP_SECTION_LIMITS.title} caracteres`),
  status: z.boolean().optional().default(false),
});
export type ShopSectionInput = z.output<typeof ShopSectionFormSchema>;

export const SectionProductsSchema = z.array(
  z.object({ id: z.string().min(1).max(64), qty: z.number().int().min(1).max(SHOP_SECTION_LIMITS.qty) }),
);

/** The list's switch: only the id and the new status travel (spec 2 §4). */
export const SectionToggleSchema = z.object({
  intent: z.literal("toggle"),
  id: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(z.number().int().positive().max(2_147_483_647)),
  status: z.enum(["true", "false"]).transform((v) => v === "true"),
});

export type ShopSectionRow = { id: number; title: string; status: boolean; productCount: number };

/** A row of the dialog's list: the stored SKU and quantity with what the catalogue says of it today. */
export type SectionProductRow = SectionItem & { name: string; price: number; stockTotal: number; isActive: boolean };
export type ProductHit = { id: string; name: string; price: number; stockTotal: number };

/** Everything the dialog draws, from the loader or rebuilt by a post. */
export type SectionFormState = {
  title: string;
  status: boolean;
  products: SectionProductRow[];
  q: string;
  /** null: no search made; []: a search without matches. */
  results: ProductHit[] | null;
  errors: { title?: string[]; products?: string[] };
  /** Changes with every answer so the inputs take the server's values again. */
  rev: string;
};
