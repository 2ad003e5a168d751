import { z } from "zod";
import { parseQuery, q } from "~/lib/query";
import {
  SHOP_SECTION_LIMITS,
  applyProductAction,
  productActionFrom,
  readPostedList,
  type ProductAction,
  type ProductHit,
  type SectionItem,
  type SectionProductRow,
} from "./shop-sections";

/**
 * Product catalogues (spec 2 §2 'Catalogs', §3 'Catalog', §5): texts, the list's URL, and the rules
 * that rebuild a catalogue being edited from one post (its images with alt text, its subtitles each
 * with a product list). The product list rules are the shop sections' own. Pure: used by the dialog,
 * the actions and the unit tests.
 */
export const CATALOGS_PATH = "/catalogs";
export const CATALOGS_PAGE_SIZE = 15;
export const CATALOG_LIMITS = { title: 150, subtitle: 150, alt: 250, subtitles: 50, images: 30 } as const;

/** Spec 5: at least 1800x600, kept with a 1200x400 WebP copy next to the original. */
export const CATALOG_IMAGE = { minWidth: 1800, minHeight: 600, variants: [{ name: "1200", width: 1200, height: 400 }] } as const;

export const CATALOG_TEXTS = {
  title: "Catálogos",
  newButton: "Nuevo catálogo",
  newTitle: "Nuevo catálogo",
  singular: "Catálogo",
  saved: "Catálogo guardado",
  savedMessage: "Información agregada/actualizada exitosamente",
  // Spec 8 writes the toast's title this way; it is kept as given.
  deleted: "Cátalogo",
  deletedMessage: "Se ha eliminado exitosamente",
  deleteTitle: "Eliminar catálogo",
  notFoundTitle: "Catálogo no encontrado",
  notFoundText: "El catálogo no existe o fue eliminado.",
  empty: "No hay catálogos que coincidan con la búsqueda.",
  imageInvalid: `Lo sentimos, la imagen no cumple con las dimensiones mínimas (${CATALOG_IMAGE.minWidth}x${CATALOG_IMAGE.minHeight})`,
  imageExists: (name: string) => `Error al guardar, la imagen ${name} ya existe.`,
  needsTitle: "Escribe el título para poder agregar subtítulos y productos.",
  noSubtitles: "El catálogo no tiene subtítulos.",
  noProducts: "Sin productos. Búscalos abajo y agrégalos.",
  noResults: "Ningún producto activo coincide con la búsqueda.",
  noImages: "Sin imágenes.",
  searchLabel: "Busca por nombre o sku",
  titleRequired: "Ingresa el título del catálogo",
  titleTooLong: `Título: máximo ${CATALOG_LIMITS.title} caracteres`,
  subtitleRequired: "Ingresa el texto del subtítulo",
  subtitleTooLong: `Subtítulo: máximo ${CATALOG_LIMITS.subtitle} caracteres`,
  altTooLong: `Texto alternativo: máximo ${CATALOG_LIMITS.alt} caracteres`,
  qtyInvalid: "Cantidad: ingresa un número entero mayor o igual a 1",
} as const;

export const CATALOG_SORTS = ["id", "title"] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

const ListQueryShape = {
  search: q.search(),
  sortName: q.oneOf([...CATALOG_SORTS]),
  sortValue: q.sortValue(),
  page: q.page(),
};
export type CatalogListQuery = ReturnType<typeof parseCatalogListQuery>;

export function parseCatalogListQuery(source: Request | URL | URLSearchParams) {
  return parseQuery(source, ListQueryShape);
}

export type CatalogRow = { id: number; title: string; subtitleCount: number; productCount: number };
export type CatalogListData = { rows: CatalogRow[]; total: number; page: number; pageSize: number; query: CatalogListQuery };

export type CatalogImage = { fileId: string; url: string; name: string; origin: string; alt: string };
export type CatalogSubtitle = { title: string; products: SectionItem[] };

type FormLike = { get(name: string): unknown; getAll(name: string): unknown[] };

const text = (value: unknown) => (typeof value === "string" ? value : "");
const index = (value: unknown) => (typeof value === "string" && /^\d{1,4}$/.test(value) ? Number(value) : null);

/** A catalogue as one post carries it: everything the dialog holds travels in the form. */
export type CatalogDraft = {
  title: string;
  images: Array<{ fileId: string; alt: string }>;
  subtitles: Array<CatalogSubtitle & { q: string }>;
  newSubtitle: string;
  /** Some quantity was not a whole number ≥ 1 (read as 1; Guardar refuses it). */
  badQty: boolean;
};

/**
 * Reads the post: `imageFileId`/`imageAlt` pairs, `subtitleTitle` in order, and per subtitle `s`
 * its `product.s`/`qty.s` pairs and its search `q.s`.
 */
export function readCatalogDraft(form: FormLike): CatalogDraft {
  const alts = form.getAll("imageAlt");
  const images = form
    .getAll("imageFileId")
    .map((id, i) => ({ fileId: text(id).trim(), alt: text(alts[i]).trim() }))
    .filter((img) => /^[0-9a-f-]{36}$/i.test(img.fileId))
    .filter((img, i, all) => all.findIndex((o) => o.fileId === img.fileId) === i)
    .slice(0, CATALOG_LIMITS.images);
  let badQty = false;
  const subtitles = form
    .getAll("subtitleTitle")
    .slice(0, CATALOG_LIMITS.subtitles)
    .map((title, s) => {
      const list = readPostedList(form.getAll(`product.${s}`), form.getAll(`qty.${s}`));
      if (list.badQty) badQty = true;
      return { title: text(title), products: list.items, q: text(form.get(`q.${s}`)).trim().slice(0, SHOP_SECTION_LIMITS.search) };
    });
  return { title: text(form.get("title")), images, subtitles, newSubtitle: text(form.get("newSubtitle")), badQty };
}

/** The button a post came from. */
export type CatalogAction =
  | { type: "save" }
  | { type: "add-subtitle" }
  | { type: "remove-subtitle"; index: number }
  | { type: "remove-image"; index: number }
  | { type: "product"; subtitle: number; action: ProductAction }
  | { type: "refresh" };

export function catalogActionFrom(form: FormLike, subtitleCount: number): CatalogAction {
  const intent = text(form.get("intent"));
  if (intent === "save") return { type: "save" };
  if (intent === "add-subtitle") return { type: "add-subtitle" };
  const removeSubtitle = index(form.get("removeSubtitle"));
  if (removeSubtitle !== null) return { type: "remove-subtitle", index: removeSubtitle };
  const removeImage = index(form.get("removeImage"));
  if (removeImage !== null) return { type: "remove-image", index: removeImage };
  for (let s = 0; s < subtitleCount; s++) {
    const action = productActionFrom({ get: (name: string) => form.get(`${name}.${s}`) });
    if (action) return { type: "product", subtitle: s, action };
  }
  return { type: "refresh" };
}

/** Adding (a subtitle or a product) needs a title first (spec 5); the other buttons always work. */
export function isAddAction(action: CatalogAction): boolean {
  return action.type === "add-subtitle" || (action.type === "product" && action.action.type === "add");
}

/**
 * The draft after one button. Adds are ignored while the title is blank; a blank new subtitle adds
 * nothing; indexes out of range change nothing. Removing an image drops it with its resized copies
 * (they belong to its file).
 */
export function applyCatalogAction(draft: CatalogDraft, action: CatalogAction): CatalogDraft {
  const out: CatalogDraft = {
    ...draft,
    images: draft.images.map((img) => ({ ...img })),
    subtitles: draft.subtitles.map((s) => ({ ...s, products: s.products.map((p) => ({ ...p })) })),
  };
  if (isAddAction(action) && !draft.title.trim()) return out;
  switch (action.type) {
    case "add-subtitle": {
      const title = draft.newSubtitle.trim().slice(0, CATALOG_LIMITS.subtitle);
      if (!title || out.subtitles.length >= CATALOG_LIMITS.subtitles) return out;
      out.subtitles.push({ title, products: [], q: "" });
      out.newSubtitle = "";
      return out;
    }
    case "remove-subtitle":
      if (action.index < out.subtitles.length) out.subtitles.splice(action.index, 1);
      return out;
    case "remove-image":
      if (action.index < out.images.length) out.images.splice(action.index, 1);
      return out;
    case "product": {
      const target = out.subtitles[action.subtitle];
      if (target) target.products = applyProductAction(target.products, action.action);
      return out;
    }
    default:
      return out;
  }
}

export const countProducts = (subtitles: ReadonlyArray<{ products: readonly unknown[] }>) => subtitles.reduce((n, s) => n + s.products.length, 0);

export const CatalogTitleSchema = z
  .string({ required_error: CATALOG_TEXTS.titleRequired })
  .trim()
  .min(1, CATALOG_TEXTS.titleRequired)
  .max(CATALOG_LIMITS.title, CATALOG_TEXTS.titleTooLong);

export const CatalogSubtitlesSchema = z
  .array(
    z.object({
      title: z.string().trim().min(1, CATALOG_TEXTS.subtitleRequired).max(CATALOG_LIMITS.subtitle, CATALOG_TEXTS.subtitleTooLong),
      products: z.array(z.object({ id: z.string().min(1).max(64), qty: z.number().int().min(1).max(SHOP_SECTION_LIMITS.qty) })),
    }),
  )
  .max(CATALOG_LIMITS.subtitles);

export const CatalogAltSchema = z.string().max(CATALOG_LIMITS.alt, CATALOG_TEXTS.altTooLong);

/** What the dialog draws, from the loader or rebuilt by a post. */
export type CatalogFormState = {
  title: string;
  images: CatalogImage[];
  subtitles: Array<{ title: string; products: SectionProductRow[]; q: string; results: ProductHit[] | null }>;
  newSubtitle: string;
  errors: { title?: string[]; subtitles?: string[]; images?: string[] };
  imageError: { title: string; message: string } | null;
  /** Changes with every answer so the inputs take the server's values again. */
  rev: string;
};
