import { z } from "zod";
import { GalleryDraftSchema, PropertyDraftSchema } from "./product-form";
import { COMBO_TEXTS, capitaliseWords, checkComboQty, comboPrice, comboStock, type ComboLine } from "./product-rules";

/**
 * The combo dialog "Publicación {id}" (spec 2 'Combo publication modal', 4 'Combo', 5 'Combo', 9).
 * Like the product dialog it is one Conform form: the component rows, the gallery and the property
 * rows are field lists (remove, move and add rows are Conform intents); search, add a match, upload
 * and save post the whole form. A component row carries only its SKU and quantity: name, price and
 * stock come from the catalogue on every post.
 */
const text = (max: number) => z.string().max(max).optional().default("");
const measure = z.number().min(0).max(100000).optional().default(0);
const ref = z.number().int().min(1).max(2_147_483_647).optional();

export const ComboLineDraftSchema = z.object({
  id: z.string().min(1).max(60),
  qty: z.number().int().min(-1_000_000).max(1_000_000).optional().default(1),
});

export const ComboDraftSchema = z.object({
  version: text(40),
  name: text(300),
  description: text(200_000),
  componentSearch: text(100),
  tall: measure,
  long: measure,
  wide: measure,
  weight: measure,
  isActive: z.boolean().optional().default(false),
  categoryId: ref,
  brandId: ref,
  sectorId: ref,
  applicationId: ref,
  components: z.array(ComboLineDraftSchema).max(100).optional().default([]),
  gallery: z.array(GalleryDraftSchema).max(40).optional().default([]),
  properties: z.array(PropertyDraftSchema).max(200).optional().default([]),
});
export type ComboDraft = z.infer<typeof ComboDraftSchema>;

export function emptyComboDraft(): ComboDraft {
  return ComboDraftSchema.parse({});
}

export const COMBO_DIALOG_TEXTS = {
  newTitle: "Nueva publicación",
  title: (id: string) => `Publicación ${id}`,
  searchLabel: "Busca por nombre o sku",
  notFound: "La publicación no existe o fue eliminada.",
  noMatches: "Ningún producto coincide con la búsqueda.",
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

/** The buttons of the combo dialog that the server handles (list edits are Conform's own intents). */
export const COMBO_INTENTS = ["save", "search", "upload"] as const;

/**
 * What a post carries besides the draft: the button pressed — a typeahead match's button is named
 * `add` and carries its SKU (spec 5: a product already in the combo gets +1) — and the revision of
 * the form it was typed in. Anything unknown saves, as Enter in a text box does.
 */
export const ComboPostSchema = z
  .object({
    intent: z.enum(COMBO_INTENTS).catch("save"),
    add: z.string().trim().min(1).max(60).optional().catch(undefined),
    revision: z.string().max(40).catch("load"),
  })
  .transform(({ intent, add, revision }) => ({
    revision,
    action: add === undefined ? { kind: intent } : { kind: "add" as const, sku: add },
  }));
export type ComboAction = z.output<typeof ComboPostSchema>["action"];

/** A component as the catalogue has it today (the dialog never trusts a posted name, price or stock). */
export type ComponentInfo = Omit<ComboLine, "qty">;

/** The quantity typed in a row as a number; anything that is not one counts as 0 until the server checks it. */
export function typedQty(value: string | undefined): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== "" && Number.isFinite(n) ? n : 0;
}

/** The dialog's rows: each component with the catalogue's name, price and stock; a SKU the catalogue lacks is left out. */
export function comboLinesOf(components: Array<{ id: string; qty: number }>, catalogue: Record<string, ComponentInfo | undefined>): ComboLine[] {
  const lines: ComboLine[] = [];
  for (const c of components) {
    const info = catalogue[c.id];
    if (info) lines.push({ id: info.id, name: info.name, price: info.price, stock: info.stock, qty: c.qty });
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

export type ComboSummary = { price: number; stock: number; limitedBy: string | null };

export function summariseCombo(lines: ComboLine[]): ComboSummary {
  const { stock, limitedBy } = comboStock(lines);
  return { price: comboPrice(lines), stock, limitedBy };
}

/**
 * Spec 5: a combo saves only with a name, at least one component, price and minimum stock above 0,
 * a description, at least one image, a category and a brand (dimensions are optional).
 */
export function comboIsComplete(draft: ComboDraft, summary: ComboSummary, plainDescription: string, lineCount: number) {
  return (
    capitaliseWords(draft.name) !== "" &&
    lineCount > 0 &&
    summary.price > 0 &&
    summary.stock > 0 &&
    plainDescription.trim() !== "" &&
    draft.gallery.length > 0 &&
    draft.categoryId !== undefined &&
    draft.brandId !== undefined
  );
}

export { COMBO_TEXTS };
