import { z } from "zod";
import { GALLERY_MAX_PER_PRODUCT } from "./constants";
import { CATEGORY_ID_MAX, emptyLinked, SEARCH_MAX, SKU_MAX, type Draft, type DraftImage, type DraftLinked } from "./draft";
import { postedIntent } from "./editor-buttons";

/**
 * The dialog's buttons that are not a change of a list's shape (those are Conform's insert, remove
 * and reorder buttons): each posts the form with `intent`, a word, or a JSON object when the
 * button carries data (which product, which image).
 */
const skuOf = z.string().trim().toUpperCase().max(SKU_MAX);
const categoryIdOf = z.string().trim().toUpperCase().min(1).max(CATEGORY_ID_MAX);

export const EditorIntentSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("save") }),
  z.object({ type: z.literal("recalc") }),
  z.object({ type: z.literal("premium") }),
  z.object({ type: z.literal("sync-price") }),
  z.object({ type: z.literal("load-category") }),
  z.object({ type: z.literal("predict") }),
  z.object({ type: z.literal("set-category"), categoryId: categoryIdOf }),
  // The category picker: open a level of the tree (null: its top), or filter the level shown.
  z.object({ type: z.literal("browse-category"), parent: categoryIdOf.nullable() }),
  z.object({ type: z.literal("filter-categories"), parent: categoryIdOf.nullable() }),
  z.object({ type: z.literal("search-products") }),
  z.object({ type: z.literal("add-product"), sku: skuOf.min(1) }),
  z.object({ type: z.literal("add-variation") }),
  z.object({ type: z.literal("upload"), sku: skuOf }),
  z.object({ type: z.literal("library"), sku: skuOf }),
  z.object({ type: z.literal("pick-image"), sku: skuOf, fileId: z.string().regex(/^[0-9a-f-]{36}$/i) }),
]);
export type EditorIntent = z.infer<typeof EditorIntentSchema>;

/** Reads a posted `intent` (editor-buttons.ts); null for one that is no button of the editor. */
export function readEditorIntent(raw: FormDataEntryValue | null): EditorIntent | null {
  const candidate = postedIntent(raw);
  if (candidate === undefined) return null;
  const parsed = EditorIntentSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

/** The picker's filter (CATEGORY_SEARCH_FIELD, editor-buttons.ts): posted with the form, not one of its fields. */
const CategorySearchSchema = z.string().trim().max(SEARCH_MAX, `Escribe como máximo ${SEARCH_MAX} caracteres.`);

/** The picker's filter as posted: "" when absent; a refusal message when it is too long. */
export function readCategorySearch(raw: FormDataEntryValue | null): { ok: true; search: string } | { ok: false; message: string } {
  if (raw === null) return { ok: true, search: "" };
  const parsed = CategorySearchSchema.safeParse(typeof raw === "string" ? raw : "");
  return parsed.success
    ? { ok: true, search: parsed.data.replace(/\s+/g, " ") }
    : { ok: false, message: parsed.error.issues[0]?.message ?? "Filtro no válido." };
}

// ---------------------------------------------------------------------------------------------------
// What those buttons do to the draft (pure; the server applies them to the posted, typed form)

/** The linked-product list a target names: "flat" or "v<j>" (a variation). */
export function linkedOf(draft: Pick<Draft, "linked" | "variations">, target: string): DraftLinked[] | null {
  if (target === "flat") return draft.linked;
  const m = /^v(\d+)$/.exec(target);
  return m ? (draft.variations[Number(m[1])]?.linked ?? null) : null;
}

function withLinked(draft: Draft, target: string, update: (list: DraftLinked[]) => DraftLinked[]): Draft {
  if (target === "flat") return { ...draft, linked: update(draft.linked) };
  const m = /^v(\d+)$/.exec(target);
  if (!m) return draft;
  const j = Number(m[1]);
  if (!draft.variations[j]) return draft;
  return { ...draft, variations: draft.variations.map((v, k) => (k === j ? { ...v, linked: update(v.linked) } : v)) };
}

/**
 * "Agregar {sku}" from the product search: a product already in the target list stays as it is;
 * otherwise it fills the first row without a product, or comes in as a new row (qty 1, no discount).
 */
export function addProduct(draft: Draft, target: string, sku: string): Draft {
  const clean = sku.trim().toUpperCase();
  if (!clean) return draft;
  return withLinked(draft, target, (list) => {
    if (list.some((l) => l.sku === clean)) return list;
    const blank = list.findIndex((l) => l.sku === "");
    if (blank >= 0) return list.map((l, i) => (i === blank ? { ...l, sku: clean } : l));
    return [...list, { ...emptyLinked(), sku: clean }];
  });
}

/**
 * "Agregar variación" when there is none yet: a publication with variations sells through them, so
 * its flat rows with a product move into the first variation (or it gets one empty row), and found
 * products go there too (the flat list is gone). Later variations are a plain insert into the list
 * (a Conform button).
 */
export function addVariation(draft: Draft): Draft {
  const first = draft.variations.length === 0;
  const moved = first ? draft.linked.filter((l) => l.sku) : [];
  return {
    ...draft,
    linked: first ? [] : draft.linked,
    searchTarget: first ? "v0" : draft.searchTarget,
    variations: [...draft.variations, { name: "", attributes: {}, linked: moved.length ? moved : [emptyLinked()] }],
  };
}

/** The images of one linked product (SKU; "" is the publication's own). */
export function imagesOf(gallery: readonly Pick<DraftImage, "sku">[], sku: string): number {
  return gallery.filter((g) => g.sku === sku).length;
}

/** Whether one more image fits a linked product's gallery (spec 1 §2: up to 8 per product). */
export function canAddImage(gallery: readonly Pick<DraftImage, "sku">[], sku: string): boolean {
  return imagesOf(gallery, sku) < GALLERY_MAX_PER_PRODUCT;
}

/**
 * Adds an uploaded or picked image to a product's gallery, last. A full gallery is refused; picking
 * an image the product already shows changes nothing.
 */
export function addImage(draft: Draft, image: DraftImage): { ok: true; draft: Draft } | { ok: false } {
  if (!canAddImage(draft.gallery, image.sku)) return { ok: false };
  if (draft.gallery.some((g) => g.sku === image.sku && g.fileId === image.fileId)) return { ok: true, draft };
  return { ok: true, draft: { ...draft, gallery: [...draft.gallery, image] } };
}
