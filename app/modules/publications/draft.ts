import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import {
  CHANNELS, DEFAULT_LISTING_TYPE, DISCOUNT_MAX, DISCOUNT_MIN, GALLERY_ALT_MAX, GALLERY_MAX_PER_PRODUCT, LISTING_TYPES, QTY_MIN, STATUSES,
  STORE_OFFICIAL, STORE_SE_RESIDENCIAL, STORE_SQUARE_D, TITLE_MAX, WAREHOUSE_NAMES,
} from "./constants";
import { clampDiscount, clampQty } from "./fees";
import { cleanAlt } from "./gallery-order";

/**
 * The create/edit dialog's form: one Conform form whose lists (linked products, variations and
 * their linked products, gallery) are field lists. Adding, removing and moving rows are Conform's
 * insert/remove/reorder buttons; the other buttons (search a product, predict a category, upload an
 * image, save…) post the whole form with an `intent` (draft-intent.ts) and the server answers with
 * the draft to show again. Without JavaScript every button is a plain submit, so nothing typed is lost.
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
  .record(z.string().regex(/^[A-Z0-9_]{1,60}$/, "Atributo desconocido."), z.string().trim().max(ATTRIBUTE_VALUE_MAX, `Escribe como máximo ${ATTRIBUTE_VALUE_MAX} caracteres.`))
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
  name: z.string().transform((s) => s.slice(0, 200)).default(""),
  sku,
  origin: z.string().max(30).default("upload"),
  /** Stored trimmed and cut at the limit, so a pasted longer text is kept in part rather than refused. */
  alt: z.string().transform((s) => cleanAlt(s, GALLERY_ALT_MAX)).pipe(z.string().max(GALLERY_ALT_MAX)).default(""),
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
  searchTarget: z.string().regex(/^(flat|v\d{1,2})$/, "Elige dónde agregar el producto.").default("flat"),
  librarySearch: text(SEARCH_MAX),
});

/** Spec 1 §4: autosync is on whenever price or stock sync is. */
export const PublicationFormSchema = PublicationFields.transform((form) => ({ ...form, autosync: form.autosync || form.priceSync || form.stockSync }));

export type PublicationFormInput = z.input<typeof PublicationFormSchema>;
export type PublicationFormValue = z.output<typeof PublicationFormSchema>;
/** The dialog's state: the form's value and the publication it belongs to (the URL decides which, never a field). */
export type Draft = PublicationFormValue & { id: string | null };
export type DraftLinked = z.output<typeof LinkedRowSchema>;
export type DraftVariation = z.output<typeof VariationSchema>;
export type DraftImage = z.output<typeof GalleryItemSchema>;

/** Messages for what only a forged or broken post can get wrong (the schema's own messages win). */
const formErrorMap: z.ZodErrorMap = (issue) => {
  if (issue.code === z.ZodIssueCode.too_big && issue.type === "string") return { message: `Escribe como máximo ${issue.maximum} caracteres.` };
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

/** What live totals need (linked rows and warehouses), read even while another field is invalid. */
const LiveFields = PublicationFields.pick({ linked: true, variations: true, warehouses: true });
export function parseLiveFields(formData: FormData) {
  const submission = parseWithZod(formData, { schema: LiveFields });
  return submission.status === "success" ? submission.value : null;
}

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

/** Stored values as the form's choices: an unknown listing type or status shows the default, unknown channels or warehouses none. */
export const knownListingType = (value: string) => ListingTypeSchema.catch(DEFAULT_LISTING_TYPE).parse(value);
export const knownStatus = (value: string) => StatusSchema.catch("active").parse(value);
export const knownChannels = (values: readonly string[]) => values.flatMap((v) => ChannelSchema.safeParse(v).data ?? []);
export const knownWarehouses = (values: readonly string[]) => values.flatMap((v) => WarehouseSchema.safeParse(v).data ?? []);

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
export function pricedLines(draft: Pick<Draft, "linked" | "variations">): DraftLinked[] {
  const list = draft.variations.length ? draft.variations[0].linked : draft.linked;
  return list.filter((l) => l.sku);
}
