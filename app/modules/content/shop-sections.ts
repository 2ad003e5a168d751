import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { SHOP_SECTION_LIMITS, SHOP_SECTION_TEXTS } from "./shop-section-texts";

/**
 * The shop's home sections (spec 2 §2 'E-commerce sections', §3 'Shop section', §4): texts, the
 * dialog's schemas and the product-list rules (a catalogue's subtitles use the same ones). Pure:
 * used by the dialog, the actions and the unit tests.
 */
export * from "./shop-section-texts";

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

/** A list row as typed: the SKU (a hidden input) and the quantity exactly as written. */
export const DraftItemSchema = z.object({ id: TypedText.transform((id) => id.trim().toUpperCase()), qty: TypedText });
export type DraftItem = z.infer<typeof DraftItemSchema>;
export const DraftListSchema = rowsOf(DraftItemSchema).transform((items) => items.filter((item) => item.id !== ""));

/** A quantity as typed: a whole number from 1 to 9999, or null. */
export function parseQty(value: string): number | null {
  const text = value.trim();
  if (!/^\d{1,4}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= SHOP_SECTION_LIMITS.qty ? n : null;
}

/**
 * Agregar on a search hit: a SKU already listed gets +1 (a quantity that is not a valid number
 * counts as 1, capped at 9999), a new one goes last with quantity 1. Used by the server (a post
 * without JavaScript) and by the browser (with it), so both add the same way.
 */
export function addProduct(list: DraftItem[], sku: string): DraftItem[] {
  const id = sku.trim().toUpperCase();
  if (!id) return list.map((item) => ({ ...item }));
  if (!list.some((item) => item.id === id)) return [...list.map((item) => ({ ...item })), { id, qty: "1" }];
  return list.map((item) => (item.id === id ? { id, qty: String(Math.min(SHOP_SECTION_LIMITS.qty, (parseQty(item.qty) ?? 1) + 1)) } : { ...item }));
}

/** Keeps only the SKUs the catalogue knows, in order. */
export function dropUnknown<Item extends { id: string }>(list: Item[], known: ReadonlySet<string>): Item[] {
  return list.filter((item) => known.has(item.id));
}

/** The key a search's results are kept under: the term as the search reads it. */
export const searchKey = (term: string) => term.trim().toUpperCase().slice(0, SHOP_SECTION_LIMITS.search);

// ---------------------------------------------------------------------------------------------------
// The section dialog

/** What Guardar accepts. The search box travels with the form but is not saved. */
export const ShopSectionFormSchema = z.object({
  title: z
    .string({ required_error: SHOP_SECTION_TEXTS.titleRequired })
    .trim()
    .min(1, SHOP_SECTION_TEXTS.titleRequired)
    .max(SHOP_SECTION_LIMITS.title, SHOP_SECTION_TEXTS.titleTooLong),
  status: z.boolean().optional().default(false),
  products: ProductListSchema,
  q: z.string().max(SHOP_SECTION_LIMITS.search).optional(),
});
export type ShopSectionInput = z.output<typeof ShopSectionFormSchema>;

/** The dialog as typed, for Buscar and Agregar (only Guardar is judged). */
export const SectionDraftSchema = z.object({ q: TypedText, products: DraftListSchema });
export type SectionDraft = z.infer<typeof SectionDraftSchema>;

/**
 * A posted `intent`, as the intent schemas read it: a word names a button (`save`), a JSON object
 * a button that carries data (`{"type":"add","sku":"QO120"}`); anything else reads as nothing.
 */
export function intentObject(raw: unknown): unknown {
  if (typeof raw !== "string" || raw.length > 300) return undefined;
  if (!raw.startsWith("{")) return { type: raw };
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** The `intent` value of a button: its word, or the whole object when it carries data. */
export const intentValue = <Intent extends { type: string }>(intent: Intent) => (Object.keys(intent).length === 1 ? intent.type : JSON.stringify(intent));

/**
 * The dialog's buttons that are not list-shape changes (↑, ↓ and Quitar are Conform's reorder and
 * remove): Guardar (`save`, the only write), Buscar (`search`, also what Enter presses) and Agregar
 * on a search hit (`{"type":"add","sku":…}`). Anything else is a search.
 */
export const SectionIntentSchema = z
  .preprocess(
    intentObject,
    z.discriminatedUnion("type", [
      z.object({ type: z.literal("save") }),
      z.object({ type: z.literal("search") }),
      z.object({ type: z.literal("add"), sku: SkuSchema }),
    ]),
  )
  .catch({ type: "search" });
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

/** What the catalogue says of a listed SKU today (never copied into the section). */
export type ProductInfo = { name: string; price: number; stockTotal: number; isActive: boolean };
export type ProductHit = { id: string; name: string; price: number; stockTotal: number };

/** A search hit as a list row's description (the search only finds active products). */
export const infoOfHits = (hits: readonly ProductHit[] | null | undefined): Record<string, ProductInfo> =>
  Object.fromEntries((hits ?? []).map((hit) => [hit.id, { name: hit.name, price: hit.price, stockTotal: hit.stockTotal, isActive: true }]));

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
