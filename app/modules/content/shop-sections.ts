import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { intentObject } from "~/lib/posted-intent";
import { SHOP_SECTION_LIMITS, SHOP_SECTION_TEXTS } from "./shop-section-texts";
import { draftItemsOf, type ProductHit, type ProductInfo } from "./product-list";

/**
 * The shop's home sections (spec 2 §2 'E-commerce sections', §3 'Shop section', §4): texts, the
 * schemas of the dialog's posts but Guardar's (shop-section-form.ts) and the product-list rules (a
 * catalogue's subtitles use the same ones; those the dialogs run while drawing are in
 * product-list.ts, re-exported here). Pure: used by the dialog, the actions and the unit tests.
 */
export * from "./shop-section-texts";
export * from "./product-list";

// ---------------------------------------------------------------------------------------------------
// Product lists (a section's, a catalogue subtitle's)

/** A SKU as the lists keep it: trimmed and upper-cased, like the catalogue's ids. */
export const SkuSchema = z.string().trim().toUpperCase().min(1).max(64);

const qtyInvalid = SHOP_SECTION_TEXTS.qtyInvalid;
/** A quantity: a whole number from 1 to 9999. */
export const QtySchema = z
  .number({ required_error: qtyInvalid, invalid_type_error: qtyInvalid })
  .int(qtyInvalid)
  .min(1, qtyInvalid)
  .max(SHOP_SECTION_LIMITS.qty, qtyInvalid);

export const ProductItemSchema = z.object({ id: SkuSchema, qty: QtySchema });
export type SectionItem = z.infer<typeof ProductItemSchema>;

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

/** A product list as Guardar accepts it: in display order, a repeated SKU merged into its first row. */
export const ProductListSchema = z.array(ProductItemSchema).default([]).transform(mergeDuplicates);

/** A form value as typed; a missing or malformed one reads as empty. */
export const TypedText = z.string().catch("");

/**
 * A posted list as it was typed, for the buttons that do not save. A missing row is an empty one
 * (Conform leaves a row whose fields are all empty out of its values, and draws it all the same);
 * a row that is not an object is dropped (only a forged post has one).
 */
// An arrow that only builds a schema, so the build can drop what a screen does not use (decision 0028).
export const rowsOf = <Row extends z.ZodTypeAny>(row: Row) =>
  z.unknown().transform((value): Array<z.output<Row>> => {
    if (!Array.isArray(value)) return [];
    return value.flatMap((item: unknown) => {
      const read = row.safeParse(item ?? {});
      return read.success ? [read.data] : [];
    });
  });

/** A posted product list as typed (the rows `draftItemsOf` reads). */
export const DraftListSchema = z.unknown().transform(draftItemsOf);

/** Keeps only the SKUs the catalogue knows, in order. */
export function dropUnknown<Item extends { id: string }>(list: Item[], known: ReadonlySet<string>): Item[] {
  return list.filter((item) => known.has(item.id));
}

// ---------------------------------------------------------------------------------------------------
// The section dialog

/** The dialog as typed, for Buscar and Agregar (only Guardar is judged). */
export const SectionDraftSchema = z.object({ q: TypedText, products: DraftListSchema });
export type SectionDraft = z.infer<typeof SectionDraftSchema>;

/**
 * The dialog's buttons that are not list-shape changes (↑, ↓ and Quitar are Conform's reorder and
 * remove): Guardar (`save`, the only write), Buscar (`search`, also what Enter presses) and Agregar
 * on a search hit (`{"type":"add","sku":…}`). Anything else is no button of the dialog (read with
 * `readFormIntent`: a 400).
 */
export const SectionIntentSchema = z.preprocess(
  intentObject,
  z.discriminatedUnion("type", [
    z.object({ type: z.literal("save") }),
    z.object({ type: z.literal("search") }),
    z.object({ type: z.literal("add"), sku: SkuSchema }),
  ]),
);
export type SectionIntent = z.infer<typeof SectionIntentSchema>;

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

/** The dialog as the loader opens it: the section's values and what the catalogue says of its SKUs. */
export type SectionLoaded = {
  values: { title: string; status: boolean; products: SectionItem[] };
  products: Record<string, ProductInfo>;
};

/** The dialog drawn again after a post: Conform's answer, the listed SKUs' descriptions, the search's hits. */
export type SectionAnswer = {
  result: SubmissionResult<string[]>;
  products: Record<string, ProductInfo>;
  /** null: no search made; []: a search without matches. */
  results: ProductHit[] | null;
};
