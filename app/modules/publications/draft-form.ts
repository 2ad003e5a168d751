import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import {
  CHANNELS,
  DEFAULT_LISTING_TYPE,
  DISCOUNT_MAX,
  DISCOUNT_MIN,
  GALLERY_ALT_MAX,
  GALLERY_MAX_PER_PRODUCT,
  LISTING_TYPES,
  QTY_MIN,
  STATUSES,
  TITLE_MAX,
  WAREHOUSE_NAMES,
} from "./constants";
import {
  ATTRIBUTE_VALUE_MAX,
  CATEGORY_ID_MAX,
  DESCRIPTION_MAX,
  GALLERY_MAX,
  LINKED_MAX,
  SEARCH_MAX,
  SKU_MAX,
  STORE_CHOICES,
  VARIATION_NAME_MAX,
  VARIATIONS_MAX,
  type PublicationFormValue,
} from "./draft";
import { clampDiscount, clampQty } from "./fees";
import { cleanAlt } from "./gallery-order";

/*
 * The editor's form schema (draft.ts describes the form), the one the action validates with. The
 * page never imports this file: the loader sends its native constraints (constraints.server.ts) and
 * the browser fetches it after the page to check fields as they are left (app/lib/lazy-validation.ts),
 * so the editor's script carries no Zod.
 */

/** z.enum wants a non-empty tuple; the constants are plain lists. */
function oneOf<T extends string>(list: readonly T[]): [T, ...T[]] {
  const [first, ...rest] = list;
  if (first === undefined) throw new Error("Una lista de opciones no puede estar vacía.");
  return [first, ...rest];
}

const ListingTypeSchema = z.enum(oneOf(LISTING_TYPES.map(([key]) => key)));
const StatusSchema = z.enum(oneOf(STATUSES.map(([key]) => key)));
const ChannelSchema = z.enum(oneOf(CHANNELS.map(([key]) => key)));
const WarehouseSchema = z.enum(oneOf(WAREHOUSE_NAMES));

const sku = z.string().trim().toUpperCase().max(SKU_MAX, `El SKU admite ${SKU_MAX} caracteres como máximo.`).default("");
const text = (max: number) => z.string().max(max, `Escribe como máximo ${max} caracteres.`).default("");
const flag = z.boolean().default(false);

/** Category attribute values by attribute id (BRAND, COLOR…): a fixed set per category, not a list. */
const AttributeValues = z
  .record(
    z.string().regex(/^[A-Z0-9_]{1,60}$/, "Atributo desconocido."),
    z.string().trim().max(ATTRIBUTE_VALUE_MAX, `Escribe como máximo ${ATTRIBUTE_VALUE_MAX} caracteres.`),
  )
  .default({});

/** One linked product. Spec 1 §5: a discount above 10 becomes 10 (minimum 0), a quantity below 1 becomes 1. */
export const LinkedRowSchema = z.object({
  sku,
  qty: z.number().transform(clampQty).pipe(z.number().int().min(QTY_MIN)).default(QTY_MIN),
  discount: z.number().transform(clampDiscount).pipe(z.number().min(DISCOUNT_MIN).max(DISCOUNT_MAX)).default(DISCOUNT_MIN),
});

export const VariationSchema = z.object({
  /** The stored variation's id; none for a variation added in this dialog. */
  id: z.number().int().positive().optional(),
  name: z.string().trim().max(VARIATION_NAME_MAX, `Escribe como máximo ${VARIATION_NAME_MAX} caracteres.`).default(""),
  attributes: AttributeValues,
  linked: z.array(LinkedRowSchema).max(LINKED_MAX, `Una variación admite ${LINKED_MAX} productos vinculados como máximo.`),
});

/** A gallery image; its place in the list is its order (gallery-order.ts). Only files of our own library. */
export const GalleryItemSchema = z.object({
  fileId: z.string().regex(/^[0-9a-f-]{36}$/i, "La imagen no pertenece a la biblioteca."),
  url: z.string().regex(/^\/files\/[0-9a-f-]{36}$/i, "La imagen no pertenece a la biblioteca."),
  name: z
    .string()
    .transform((s) => s.slice(0, 200))
    .default(""),
  sku,
  origin: z.string().max(30).default("upload"),
  /** Stored trimmed and cut at the limit, so a pasted longer text is kept in part rather than refused. */
  alt: z
    .string()
    .transform((s) => cleanAlt(s, GALLERY_ALT_MAX))
    .pipe(z.string().max(GALLERY_ALT_MAX))
    .default(""),
});

/** At most 8 images per linked product (spec 1 §2); uploads and picks stop there, so only a forged form gets here. */
function perProductLimit(gallery: ReadonlyArray<{ sku: string }>, ctx: z.RefinementCtx) {
  const counts = new Map<string, number>();
  for (const g of gallery) counts.set(g.sku, (counts.get(g.sku) ?? 0) + 1);
  if ([...counts.values()].some((n) => n > GALLERY_MAX_PER_PRODUCT)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Cada producto vinculado admite ${GALLERY_MAX_PER_PRODUCT} imágenes.` });
  }
}

/** The whole dialog form. Empty fields the save rules ask for (validation.ts) are optional here, so no `required`. */
export const PublicationFields = z.object({
  /** The version the dialog was opened with (stale edits are refused on save). */
  version: z.number().int().min(0).default(0),
  title: z
    .string()
    .max(TITLE_MAX, `El título admite ${TITLE_MAX} caracteres como máximo.`)
    .transform((s) => s.replace(/\s+/g, " ").trimStart())
    .default(""),
  special: flag,
  categoryId: z.string().trim().toUpperCase().max(CATEGORY_ID_MAX, `El ID de categoría admite ${CATEGORY_ID_MAX} caracteres.`).default(""),
  listingType: ListingTypeSchema.default(DEFAULT_LISTING_TYPE),
  store: z.enum(STORE_CHOICES).optional(),
  attributes: AttributeValues,
  autosync: flag,
  priceSync: flag,
  stockSync: flag,
  warehouses: z.array(WarehouseSchema).default([]),
  channels: z.array(ChannelSchema).default([]),
  premium: flag,
  status: StatusSchema.default("active"),
  linked: z.array(LinkedRowSchema).max(LINKED_MAX, `Una publicación admite ${LINKED_MAX} productos vinculados como máximo.`),
  variations: z.array(VariationSchema).max(VARIATIONS_MAX, `Una publicación admite ${VARIATIONS_MAX} variaciones como máximo.`),
  gallery: z.array(GalleryItemSchema).max(GALLERY_MAX).superRefine(perProductLimit),
  description: z.object({ intro: text(DESCRIPTION_MAX.intro), body: text(DESCRIPTION_MAX.body), closing: text(DESCRIPTION_MAX.closing) }),
  productSearch: text(SEARCH_MAX),
  /** Where "Agregar" puts a found product: the flat list or variation j ("v<j>"). */
  searchTarget: z
    .string()
    .regex(/^(flat|v\d{1,2})$/, "Elige dónde agregar el producto.")
    .default("flat"),
  librarySearch: text(SEARCH_MAX),
});

/** Spec 1 §4: autosync is on whenever price or stock sync is. */
export const PublicationFormSchema = PublicationFields.transform((form) => ({
  ...form,
  autosync: form.autosync || form.priceSync || form.stockSync,
}));

/** Messages for what only a forged or broken post can get wrong (the schema's own messages win). */
export const formErrorMap: z.ZodErrorMap = (issue) => {
  if (issue.code === z.ZodIssueCode.too_big && issue.type === "string")
    return { message: `Escribe como máximo ${issue.maximum} caracteres.` };
  if (issue.code === z.ZodIssueCode.too_big && issue.type === "array") return { message: `Admite como máximo ${issue.maximum} elementos.` };
  if (issue.code === z.ZodIssueCode.invalid_enum_value) return { message: "Elige una de las opciones." };
  return { message: "Valor no válido." };
};

/**
 * Parses the posted dialog (browser and server alike). `value` is the typed form also when the post
 * was a list button (insert/remove/reorder/update): Conform applies the button to the fields and
 * validates them, but keeps the value to itself then, and the server needs it to show costs and
 * products of the changed lists.
 */
export function parseDraftForm(formData: FormData | URLSearchParams) {
  let value: PublicationFormValue | undefined;
  const submission = parseWithZod(formData, {
    schema: PublicationFormSchema.transform((parsed) => {
      value = parsed;
      return parsed;
    }),
    errorMap: formErrorMap,
  });
  return { submission, value };
}

/** Stored values as the form's choices: an unknown listing type or status shows the default, unknown channels or warehouses none. */
export const knownListingType = (value: string) => ListingTypeSchema.catch(DEFAULT_LISTING_TYPE).parse(value);
export const knownStatus = (value: string) => StatusSchema.catch("active").parse(value);
export const knownChannels = (values: readonly string[]) => values.flatMap((v) => ChannelSchema.safeParse(v).data ?? []);
export const knownWarehouses = (values: readonly string[]) => values.flatMap((v) => WarehouseSchema.safeParse(v).data ?? []);
