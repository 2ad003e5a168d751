import type { z } from "zod";
import {
  DEFAULT_LISTING_TYPE,
  DISCOUNT_MIN,
  QTY_MIN,
  STORE_OFFICIAL,
  STORE_SE_RESIDENCIAL,
  STORE_SQUARE_D,
  WAREHOUSE_NAMES,
} from "./constants";
import type { GalleryItemSchema, LinkedRowSchema, PublicationFormSchema, VariationSchema } from "./draft-form";

/**
 * The create/edit dialog's form: one Conform form whose lists (linked products, variations and
 * their linked products, gallery) are field lists. Adding, removing and moving rows are Conform's
 * insert/remove/reorder buttons; the other buttons (search a product, predict a category, upload an
 * image, save…) post the whole form with an `intent` (draft-intent.ts) and the server answers with
 * the draft to show again. Without JavaScript every button is a plain submit, so nothing typed is lost.
 * The schema is in draft-form.ts, which the page does not import: this file carries no Zod.
 */

export const STORE_CHOICES = ["meli1", STORE_OFFICIAL, STORE_SE_RESIDENCIAL, STORE_SQUARE_D] as const;
export type StoreChoice = (typeof STORE_CHOICES)[number];

/** Limits of the posted lists (the spec gives none but 8 images per product; these bound a request). */
export const LINKED_MAX = 60;
export const VARIATIONS_MAX = 30;
export const GALLERY_MAX = 200;
export const SKU_MAX = 40;
export const CATEGORY_ID_MAX = 30;
export const ATTRIBUTE_VALUE_MAX = 200;
export const VARIATION_NAME_MAX = 120;
export const SEARCH_MAX = 100;
export const DESCRIPTION_MAX = { intro: 5000, body: 20000, closing: 5000 } as const;

export type PublicationFormInput = z.input<typeof PublicationFormSchema>;
export type PublicationFormValue = z.output<typeof PublicationFormSchema>;
/** The dialog's state: the form's value and the publication it belongs to (the URL decides which, never a field). */
export type Draft = PublicationFormValue & { id: string | null };
export type DraftLinked = z.output<typeof LinkedRowSchema>;
export type DraftVariation = z.output<typeof VariationSchema>;
export type DraftImage = z.output<typeof GalleryItemSchema>;

// ---------------------------------------------------------------------------------------------------
// Defaults

export const emptyLinked = (): DraftLinked => ({ sku: "", qty: QTY_MIN, discount: DISCOUNT_MIN });

/** Section 3 defaults: no sync, own post, Clásica, one empty linked-product row. */
export function newDraft(): Draft {
  return {
    id: null,
    version: 0,
    title: "",
    special: false,
    categoryId: "",
    listingType: DEFAULT_LISTING_TYPE,
    store: undefined,
    attributes: {},
    autosync: false,
    priceSync: false,
    stockSync: false,
    warehouses: [],
    channels: [],
    premium: false,
    status: "active",
    linked: [emptyLinked()],
    variations: [],
    gallery: [],
    description: { intro: "", body: "", closing: "" },
    productSearch: "",
    searchTarget: "flat",
    librarySearch: "",
  };
}

/** The form's starting value for a draft (the publication id is not a field). */
export function formDefaults({ id: _publication, ...value }: Draft): PublicationFormValue {
  return value;
}

export function storeChoiceFor(mlStore: string | null | undefined): StoreChoice {
  const s = (mlStore ?? "").trim();
  return s === STORE_OFFICIAL || s === STORE_SE_RESIDENCIAL || s === STORE_SQUARE_D ? s : "meli1";
}

/** The stored store id and the account marker for a store choice. */
export function storeColumns(choice: StoreChoice | undefined, brand: string): { mlStore: string | null; officialStore: string } {
  if (choice === STORE_OFFICIAL) return { mlStore: STORE_OFFICIAL, officialStore: brand };
  if (choice === STORE_SE_RESIDENCIAL || choice === STORE_SQUARE_D) return { mlStore: choice, officialStore: "" };
  return { mlStore: null, officialStore: "" };
}

/** The warehouses "Todos"/"Ninguno" select: all 18 or none. */
export function allWarehouses(all: boolean): string[] {
  return all ? [...WAREHOUSE_NAMES] : [];
}

/** Every SKU the draft links (flat and per variation), upper-case, without repeats. */
export function draftSkus(draft: Pick<Draft, "linked" | "variations">): string[] {
  const all = [...draft.linked, ...draft.variations.flatMap((v) => v.linked)].map((l) => l.sku).filter(Boolean);
  return [...new Set(all)];
}

/** The rows that count for cost and stock: the flat rows, or the first variation's. */
export function pricedLines(draft: Pick<Draft, "linked"> & { variations: ReadonlyArray<{ linked: DraftLinked[] }> }): DraftLinked[] {
  const list = draft.variations.length ? draft.variations[0].linked : draft.linked;
  return list.filter((l) => l.sku);
}
