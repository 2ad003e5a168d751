import { z } from "zod";
import { capitaliseWords, checkEan, normaliseManufacturerSku, normaliseNewSku } from "./product-rules";

/**
 * The product dialog's state (spec 2 'Product detail modal', 3 'Product'). The dialog is one form:
 * every button (upload, move an image, add a property row, generate with AI, save) posts it whole,
 * and the server answers with the draft to render again, so unsaved input survives every round trip
 * with or without JavaScript. List fields use Conform's names (`gallery[0].alt`) and are read by
 * `parseWithZod` with this schema.
 */
const text = (max: number) => z.string().max(max).optional().default("");
const measure = z.number().min(0).max(100000).optional().default(0);
const ref = z.number().int().min(1).max(2_147_483_647).optional();

export const GalleryDraftSchema = z.object({
  fileId: z.string().uuid(),
  url: text(300),
  name: text(200),
  alt: text(200),
  origin: text(30),
});
export const PropertyDraftSchema = z.object({
  name: text(100),
  value: text(500),
  isSelector: z.boolean().optional().default(false),
});

export const ProductDraftSchema = z.object({
  version: text(40),
  sku: text(60),
  manufacturerSku: text(60),
  name: text(300),
  description: text(200_000),
  price: z.number().min(0).max(100_000_000).optional().default(0),
  eanUpc: text(20),
  tall: measure,
  long: measure,
  wide: measure,
  weight: measure,
  isActive: z.boolean().optional().default(false),
  globalDescription: z.boolean().optional().default(false),
  categoryId: ref,
  brandId: ref,
  sectorId: ref,
  applicationId: ref,
  dataSheetId: z.string().uuid().optional(),
  dataSheetName: text(200),
  gallery: z.array(GalleryDraftSchema).max(40).optional().default([]),
  properties: z.array(PropertyDraftSchema).max(200).optional().default([]),
});
export type ProductDraft = z.infer<typeof ProductDraftSchema>;
export type GalleryDraft = z.infer<typeof GalleryDraftSchema>;
export type PropertyDraft = z.infer<typeof PropertyDraftSchema>;

export function emptyDraft(): ProductDraft {
  return ProductDraftSchema.parse({});
}

export const PRODUCT_TEXTS = {
  newTitle: "Nuevo producto",
  skuRequired: "SKU es necesario",
  manufacturerRequired: "Clave de Fabricante es necesario",
  nameRequired: "El nombre es necesario",
  skuTaken: "Error al guardar, El SKU del producto ya existe.",
  eanTaken: (id: string) => `Error al guardar, el código de barras ya existe en el producto ${id}`,
  stale: "Otra persona guardó este producto mientras lo editabas. Cierra y vuelve a abrirlo para ver sus cambios.",
  savedTitle: "Producto Guardado!",
  saved: "Producto Guardado! Obteniendo información...",
  notSavedTitle: "No se guardó el producto",
  fixFields: "Revisa los campos marcados.",
  duplicateTitle: "Lo sentimos.",
  syncOk: "Producto sincronizado correctamente!",
  syncFailed: "Lo sentimos, ha ocurrido un error al sincronizar el producto.",
  imageGone: "Una imagen de la galería ya no existe en la biblioteca; se quitó de la lista.",
  sheetMissing: "La ficha técnica elegida ya no existe en la biblioteca.",
  propertyNameRequired: "Escribe el nombre de la propiedad",
  aiTitleError: "Error al generar.",
  aiFailed: "No se ha podido realizar la descripcion.",
  aiFailedText: "Error al crear la descripción debido a que el documento no esta guardado",
  aiNon200: "No es posible generar la descripcion",
  aiNoProperties:
    "No se han podido generar las propiedades de este producto debido a que no se ha podido obtener información de la ficha técnica proporcionada.",
  aiNeedsSheet: "Guarda una ficha técnica (PDF) para generar la descripción.",
  copiedTitle: "Copia",
  copied: "La descripción de IA se ha copiado",
} as const;

export type FieldErrors = Partial<Record<string, string[]>>;

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
export function validateProduct(draft: ProductDraft, existing: { sku: string; manufacturerSku: string } | null):
  | { ok: true; values: ProductValues }
  | { ok: false; errors: FieldErrors } {
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

export type ProductIntent =
  | { kind: "save" }
  | { kind: "upload" }
  | { kind: "sheet-upload" }
  | { kind: "sheet-remove" }
  | { kind: "image-remove"; index: number }
  | { kind: "image-move"; from: number; to: number }
  | { kind: "property-add" }
  | { kind: "property-remove"; index: number }
  | { kind: "ai" }
  | { kind: "ai-use" }
  | { kind: "sync" };

/** The `intent` of the button that posted the form; anything unknown is a save. */
export function parseProductIntent(raw: FormDataEntryValue | null): ProductIntent {
  const value = typeof raw === "string" ? raw : "save";
  const [verb, a, b] = value.split(":");
  const n = (s: string | undefined) => (s !== undefined && /^\d{1,3}$/.test(s) ? Number(s) : -1);
  switch (verb) {
    case "upload":
    case "sheet-upload":
    case "sheet-remove":
    case "property-add":
    case "ai":
    case "ai-use":
    case "sync":
      return { kind: verb };
    case "image-remove":
      return n(a) >= 0 ? { kind: "image-remove", index: n(a) } : { kind: "save" };
    case "property-remove":
      return n(a) >= 0 ? { kind: "property-remove", index: n(a) } : { kind: "save" };
    case "image-move":
      return n(a) >= 0 && n(b) >= 0 ? { kind: "image-move", from: n(a), to: n(b) } : { kind: "save" };
    default:
      return { kind: "save" };
  }
}

/** Moves one list entry to another place; out-of-range moves leave the list as it was. */
export function moveItem<T>(list: T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** The gallery and property edits that the product and the combo dialogs share (buttons that work without JavaScript). */
export type ListEditIntent =
  | { kind: "image-remove"; index: number }
  | { kind: "image-move"; from: number; to: number }
  | { kind: "property-add" }
  | { kind: "property-remove"; index: number };

/** The draft after one gallery or property edit; an index out of range changes nothing. */
export function applyListEdit<D extends { gallery: unknown[]; properties: Array<{ name: string; value: string; isSelector: boolean }> }>(
  draft: D,
  intent: ListEditIntent,
): D {
  switch (intent.kind) {
    case "image-remove":
      return { ...draft, gallery: draft.gallery.filter((_, k) => k !== intent.index) };
    case "image-move":
      return { ...draft, gallery: moveItem(draft.gallery, intent.from, intent.to) };
    case "property-add":
      return { ...draft, properties: [...draft.properties, { name: "", value: "", isSelector: false }] };
    case "property-remove":
      return { ...draft, properties: draft.properties.filter((_, k) => k !== intent.index) };
  }
}
