import { z } from "zod";
import { capitaliseWords, checkEan, normaliseManufacturerSku, normaliseNewSku } from "./product-rules";
import { PRODUCT_TEXTS, type FieldErrors } from "./product-texts";

export type { FieldErrors } from "./product-texts";
export { NEW_PROPERTY } from "./property-rows";

/**
 * The product dialog's state (spec 2 'Product detail modal', 3 'Product'). The dialog is one form
 * read by Conform with this schema (`gallery[0].alt`, `properties[2].name`). The gallery and the
 * property rows are Conform field lists: their add, remove and move buttons are Conform intents,
 * applied in the browser with JavaScript and by `parseWithZod` on the server without it. The other
 * buttons (upload, data sheet, AI, sync, save) post the whole form with an `intent` of
 * `PRODUCT_INTENTS`, and the server answers with the fields it rewrote (`replyWithLists`), so
 * unsaved input survives every round trip with or without JavaScript. Only the server and the
 * browser's lazy check (app/lib/lazy-validation.ts) import this file: the page draws the dialog
 * without Zod.
 */
/**
 * Spanish messages for what the schemas of the catalogue dialogs refuse (the browser's constraints
 * stop most of it before it is posted): the same text on the client and on the server.
 */
export const catalogErrorMap: z.ZodErrorMap = (issue) => {
  switch (issue.code) {
    case z.ZodIssueCode.too_big:
      if (issue.type === "string") return { message: `Máximo ${issue.maximum} caracteres.` };
      if (issue.type === "array") return { message: `Máximo ${issue.maximum} elementos.` };
      return { message: `Debe ser como máximo ${issue.maximum}.` };
    case z.ZodIssueCode.too_small:
      if (issue.type === "string") return { message: `Mínimo ${issue.minimum} caracteres.` };
      return { message: `Debe ser al menos ${issue.minimum}.` };
    case z.ZodIssueCode.invalid_type:
      if (issue.expected === "integer") return { message: "Escribe un número entero." };
      if (issue.expected === "number") return { message: "Escribe un número." };
      return { message: "Valor no válido." };
    default:
      return { message: "Valor no válido." };
  }
};

/**
 * Each field carries the map itself: the browser checks with the schema alone (the lazy check passes
 * no map), the server passes the same one, so both say the same thing.
 */
export const withMessages = { errorMap: catalogErrorMap };
export const text = (max: number) => z.string(withMessages).max(max).optional().default("");
export const measure = z.number(withMessages).min(0).max(100000).optional().default(0);
export const ref = z.number(withMessages).int().min(1).max(2_147_483_647).optional();
export const flag = z.boolean(withMessages).optional().default(false);

export const GalleryDraftSchema = z.object({
  fileId: z.string(withMessages).uuid(),
  url: text(300),
  name: text(200),
  alt: text(200),
  origin: text(30),
});
export const PropertyDraftSchema = z.object({
  name: text(100),
  value: text(500),
  isSelector: flag,
});

export const ProductDraftSchema = z.object({
  version: text(40),
  sku: text(60),
  manufacturerSku: text(60),
  name: text(300),
  description: text(200_000),
  price: z.number(withMessages).min(0).max(100_000_000).optional().default(0),
  eanUpc: text(14),
  tall: measure,
  long: measure,
  wide: measure,
  weight: measure,
  isActive: flag,
  globalDescription: flag,
  categoryId: ref,
  brandId: ref,
  sectorId: ref,
  applicationId: ref,
  dataSheetId: z.string(withMessages).uuid().optional(),
  dataSheetName: text(200),
  gallery: z.array(GalleryDraftSchema, withMessages).max(40).optional().default([]),
  properties: z.array(PropertyDraftSchema, withMessages).max(200).optional().default([]),
});
export type ProductDraft = z.infer<typeof ProductDraftSchema>;
export type GalleryDraft = z.infer<typeof GalleryDraftSchema>;
export type PropertyDraft = z.infer<typeof PropertyDraftSchema>;

export function emptyDraft(): ProductDraft {
  return ProductDraftSchema.parse({});
}

/** The values a save writes, once the field rules of spec 5 passed. */
export type ProductValues = Omit<ProductDraft, "version" | "dataSheetName" | "eanUpc" | "sku" | "manufacturerSku" | "name"> & {
  sku: string;
  manufacturerSku: string;
  name: string;
  eanUpc: string | null;
};

/**
 * Spec 5 field rules for a save: SKU and manufacturer key required (uppercased, and the SKU without
 * whitespace, on creation; an existing product keeps its own), the name capitalised per word, the
 * EAN/UPC either none (empty or 0) or a valid GTIN, property rows with a name.
 */
export function validateProduct(
  draft: ProductDraft,
  existing: { sku: string; manufacturerSku: string } | null,
): { ok: true; values: ProductValues } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const sku = existing ? existing.sku : normaliseNewSku(draft.sku);
  const manufacturerSku = existing?.manufacturerSku ? existing.manufacturerSku : normaliseManufacturerSku(draft.manufacturerSku);
  const name = capitaliseWords(draft.name);
  if (!sku) errors.sku = [PRODUCT_TEXTS.skuRequired];
  if (!manufacturerSku) errors.manufacturerSku = [PRODUCT_TEXTS.manufacturerRequired];
  if (!name) errors.name = [PRODUCT_TEXTS.nameRequired];
  const ean = checkEan(draft.eanUpc);
  if (ean.kind === "invalid") errors.eanUpc = [ean.message];
  draft.properties.forEach((p, k) => {
    if (!p.name.trim() && p.value.trim()) errors[`properties[${k}].name`] = [PRODUCT_TEXTS.propertyNameRequired];
  });
  if (Object.keys(errors).length) return { ok: false, errors };
  const { version: _v, dataSheetName: _d, ...rest } = draft;
  return {
    ok: true,
    values: {
      ...rest,
      sku,
      manufacturerSku,
      name,
      eanUpc: ean.kind === "valid" ? ean.value : null,
      properties: draft.properties.filter((p) => p.name.trim()).map((p) => ({ ...p, name: p.name.trim(), value: p.value.trim() })),
    },
  };
}

/** The buttons of the product dialog that the server handles (list edits are Conform's own intents). */
export const PRODUCT_INTENTS = ["save", "upload", "sheet-upload", "sheet-remove", "ai", "ai-use", "sync"] as const;
export type ProductIntent = (typeof PRODUCT_INTENTS)[number];

/**
 * What a post carries besides the draft: the button pressed (none saves, as Enter in a text box
 * does; a value no button posts is refused) and the AI text the dialog showed.
 */
export const ProductPostSchema = z.object({
  intent: z
    .enum(PRODUCT_INTENTS)
    .nullish()
    .transform((intent) => intent ?? "save"),
  aiDescription: z.string().max(200_000).catch(""),
});
export type ProductPost = z.infer<typeof ProductPostSchema>;

/** A library pick added to a gallery: at the end, and only once. */
export function addToGallery(gallery: GalleryDraft[], item: GalleryDraft): GalleryDraft[] {
  return gallery.some((g) => g.fileId === item.fileId) ? gallery : [...gallery, item];
}
