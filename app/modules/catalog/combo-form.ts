import { z } from "zod";
import type { ComboSummary } from "./combo-lines";
import { GalleryDraftSchema, PropertyDraftSchema, flag, measure, ref, text, withMessages } from "./product-form";
import { capitaliseWords } from "./product-rules";

export {
  COMBO_DIALOG_TEXTS,
  COMBO_SEARCH_LIMIT,
  COMBO_SEARCH_MIN,
  COMBO_TEXTS,
  checkComboLines,
  comboLinesOf,
  summariseCombo,
  typedQty,
  type ComboSummary,
  type ComponentInfo,
  type QtyProblem,
} from "./combo-lines";

/**
 * The combo dialog "Publicación {id}" (spec 2 'Combo publication modal', 4 'Combo', 5 'Combo', 9).
 * Like the product dialog it is one Conform form: the component rows, the gallery and the property
 * rows are field lists (remove, move and add rows are Conform intents); search, add a match, upload
 * and save post the whole form. Only the server and the browser's lazy check import this file. A component row carries only its SKU and quantity: name, price and
 * stock come from the catalogue on every post.
 */

export const ComboLineDraftSchema = z.object({
  id: z.string(withMessages).min(1).max(60),
  qty: z.number(withMessages).int().min(-1_000_000).max(1_000_000).optional().default(1),
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
  isActive: flag,
  categoryId: ref,
  brandId: ref,
  sectorId: ref,
  applicationId: ref,
  components: z.array(ComboLineDraftSchema, withMessages).max(100).optional().default([]),
  gallery: z.array(GalleryDraftSchema, withMessages).max(40).optional().default([]),
  properties: z.array(PropertyDraftSchema, withMessages).max(200).optional().default([]),
});
export type ComboDraft = z.infer<typeof ComboDraftSchema>;

export function emptyComboDraft(): ComboDraft {
  return ComboDraftSchema.parse({});
}

/** The buttons of the combo dialog that the server handles (list edits are Conform's own intents). */
export const COMBO_INTENTS = ["save", "search", "upload"] as const;

/**
 * What a post carries besides the draft: the button pressed — a typeahead match's button is named
 * `add` and carries its SKU (spec 5: a product already in the combo gets +1). No intent saves, as
 * Enter in a text box does; a value no button posts is refused.
 */
export const ComboPostSchema = z
  .object({
    intent: z
      .enum(COMBO_INTENTS)
      .nullish()
      .transform((intent) => intent ?? "save"),
    add: z.string().trim().min(1).max(60).optional().catch(undefined),
  })
  .transform(({ intent, add }) => ({
    action: add === undefined ? { kind: intent } : { kind: "add" as const, sku: add },
  }));
export type ComboAction = z.output<typeof ComboPostSchema>["action"];

/**
 * Spec 5: a combo saves only with a name, at least one component, price and minimum stock above 0,
 * a description, at least one image, a category and a brand (dimensions are optional).
 */
export function comboIsComplete(draft: ComboDraft, summary: ComboSummary, plainDescription: string, lineCount: number) {
  return (
    capitaliseWords(draft.name) !== "" &&
    lineCount > 0 &&
    summary.price !== null &&
    summary.price > 0 &&
    summary.stock > 0 &&
    plainDescription.trim() !== "" &&
    draft.gallery.length > 0 &&
    draft.categoryId !== undefined &&
    draft.brandId !== undefined
  );
}
