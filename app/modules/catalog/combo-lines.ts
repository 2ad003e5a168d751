import { COMBO_TEXTS, checkComboQty, comboPrice, comboStock, type ComboLine } from "./product-rules";

/*
 * What the combo dialog works out and shows in the page (its texts, the rows with today's catalogue,
 * price and stock), apart from the form's schema (combo-form.ts): the browser fetches the schema only
 * to check the fields (app/lib/lazy-validation.ts), so no page loads Zod to draw the dialog.
 */

export const COMBO_DIALOG_TEXTS = {
  newTitle: "Nueva publicación",
  title: (id: string) => `Publicación ${id}`,
  searchLabel: "Busca por nombre o sku",
  notFound: "La publicación no existe o fue eliminada.",
  noMatches: "Ningún producto coincide con la búsqueda.",
  nameFirst: "Escribe el nombre de la publicación antes de agregar productos.",
  productGone: "El producto elegido ya no existe.",
  comboNotComponent: "Un combo no puede ser componente de otro combo.",
  readOnly: "Los componentes de una publicación guardada no se pueden cambiar.",
  saved: "Producto Guardado! Obteniendo información...",
  savedTitle: "Publicación guardada",
  stale: "Otra persona guardó esta publicación mientras la editabas. Cierra y vuelve a abrirla para ver sus cambios.",
} as const;

/** Spec 9: the combo typeahead answers from 1 character with 40 matches. */
export const COMBO_SEARCH_MIN = 1;
export const COMBO_SEARCH_LIMIT = 40;

/** A component as the catalogue has it today (the dialog never trusts a posted name, price or stock). */
export type ComponentInfo = Omit<ComboLine, "qty">;

/** The quantity typed in a row as a number; anything that is not one counts as 0 until the server checks it. */
export function typedQty(value: string | undefined): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== "" && Number.isFinite(n) ? n : 0;
}

/** The dialog's rows: each component with the catalogue's name, price and stock; a SKU the catalogue lacks is left out. */
export function comboLinesOf(
  components: Array<{ id: string; qty: number }>,
  catalogue: Record<string, ComponentInfo | undefined>,
): ComboLine[] {
  const lines: ComboLine[] = [];
  for (const c of components) {
    const info = catalogue[c.id];
    if (info)
      lines.push({
        id: info.id,
        name: info.name,
        price: info.price,
        ...(info.priceNote !== undefined ? { priceNote: info.priceNote } : {}),
        stock: info.stock,
        qty: c.qty,
      });
  }
  return lines;
}

export type QtyProblem = { index: number; title: string; message: string };

/**
 * Spec 5: each quantity must be above 0 and not above the component's stock; a refused quantity is
 * reset to 1 and the problem reported with the spec's title and message.
 */
export function checkComboLines(lines: ComboLine[]): { lines: ComboLine[]; problems: QtyProblem[] } {
  const problems: QtyProblem[] = [];
  const checked = lines.map((line, index) => {
    const result = checkComboQty(line.qty, line.stock);
    if (result.ok) return { ...line, qty: result.qty };
    problems.push({ index, title: result.title, message: result.message });
    return { ...line, qty: result.qty };
  });
  return { lines: checked, problems };
}

/** `price` null: a component has no price in pesos; `priceProblem` says why (decision 0038). */
export type ComboSummary = { price: number | null; priceProblem: string | null; stock: number; limitedBy: string | null };

export function summariseCombo(lines: ComboLine[]): ComboSummary {
  const { stock, limitedBy } = comboStock(lines);
  const unpriced = lines.find((l) => l.price === null);
  return {
    price: comboPrice(lines),
    priceProblem: unpriced ? `${unpriced.id}: ${unpriced.priceNote ?? ""}`.trim() : null,
    stock,
    limitedBy,
  };
}

export { COMBO_TEXTS };
