import type { Intent, SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { intentObject } from "~/lib/posted-intent";
import type { ListPageData } from "~/lib/list-url";
import type { Toast } from "~/lib/toast";
import { q } from "~/lib/query";
import { CATALOG_LIMITS, type CatalogRow } from "./catalogs-texts";
import {
  DraftListSchema,
  SkuSchema,
  TypedText,
  addProduct,
  rowsOf,
  type ProductHit,
  type ProductInfo,
  type SectionItem,
} from "./shop-sections";

/**
 * Product catalogues (spec 2 §2 'Catalogs', §3 'Catalog', §5): texts, the list's URL, the dialog's
 * schemas but Guardar's (catalog-form.ts) and the rules for the buttons that are not list-shape
 * changes (images with alt text, subtitles each with a product list). The product-list rules are the
 * shop sections' own. Pure: used by the dialog, the actions and the unit tests.
 */
export * from "./catalogs-texts";

export const CATALOG_SORTS = ["id", "title"] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

export const parseCatalogListQuery = q.searchList(q.sort(CATALOG_SORTS));
export type CatalogListQuery = ReturnType<typeof parseCatalogListQuery>;

export type CatalogListData = ListPageData<CatalogRow, CatalogListQuery>;

export type CatalogImage = { fileId: string; url: string; name: string; origin: string; alt: string };
export type CatalogSubtitle = { title: string; products: SectionItem[] };

export const countProducts = (subtitles: ReadonlyArray<{ products: readonly unknown[] }>) =>
  subtitles.reduce((n, s) => n + s.products.length, 0);

/** A file of the library, as the form names it. */
export const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The dialog as typed, for the buttons that do not save (only Guardar is judged). */
export const CatalogDraftSchema = z.object({
  title: TypedText,
  images: rowsOf(z.object({ fileId: TypedText.transform((id) => id.trim()), alt: TypedText })),
  subtitles: rowsOf(z.object({ title: TypedText, q: TypedText, products: DraftListSchema })),
});
export type CatalogDraft = z.infer<typeof CatalogDraftSchema>;

/**
 * The dialog's buttons that are not list-shape changes (adding or removing a subtitle or an image
 * and moving or removing a product are Conform's insert, remove and reorder): Guardar (`save`, the
 * only write), Subir imagen (`upload`), a subtitle's Buscar (`search`), Enter in a field
 * (`refresh`), and Agregar on a search hit (`{"type":"add","subtitle":i,"sku":…}`). Anything else
 * is no button of the dialog (read with `readFormIntent`: a 400).
 */
export const CatalogIntentSchema = z.preprocess(
  intentObject,
  z.discriminatedUnion("type", [
    z.object({ type: z.literal("save") }),
    z.object({ type: z.literal("upload") }),
    z.object({ type: z.literal("search") }),
    z.object({ type: z.literal("refresh") }),
    z.object({
      type: z.literal("add"),
      subtitle: z
        .number()
        .int()
        .min(0)
        .max(CATALOG_LIMITS.subtitles - 1),
      sku: SkuSchema,
    }),
  ]),
);
export type CatalogIntent = z.infer<typeof CatalogIntentSchema>;
export type CatalogAdd = Pick<Extract<CatalogIntent, { type: "add" }>, "subtitle" | "sku">;

/**
 * The draft after Agregar: the +1 rule on that subtitle's list. Adding needs a title first
 * (spec 5: the add buttons are disabled while it is empty), so an add posted without one changes
 * nothing; an add for a subtitle that is not there changes nothing either.
 */
export function addToSubtitle(draft: CatalogDraft, add: CatalogAdd): CatalogDraft {
  if (!draft.title.trim() || add.subtitle >= draft.subtitles.length) return draft;
  return {
    ...draft,
    subtitles: draft.subtitles.map((s, i) => (i === add.subtitle ? { ...s, products: addProduct(s.products, add.sku) } : s)),
  };
}

/**
 * A subtitle inserted while the title is empty (only a post made without the disabled button's
 * check can do it) is taken back out, and the subtitles stop at their limit.
 */
export function withoutUntitledInsert(draft: CatalogDraft, intent: Intent | null | undefined): CatalogDraft {
  const inserted = intent?.type === "insert" && intent.payload.name === "subtitles";
  let subtitles = draft.subtitles;
  if (inserted && !draft.title.trim()) {
    const at = typeof intent.payload.index === "number" ? intent.payload.index : subtitles.length - 1;
    subtitles = subtitles.filter((_, i) => i !== at);
  }
  return { ...draft, subtitles: subtitles.slice(0, CATALOG_LIMITS.subtitles) };
}

/** The posted images that can be files of the library: well-formed ids, each once, up to the limit. */
export function postedImages(images: CatalogDraft["images"]): CatalogDraft["images"] {
  return images
    .filter((img) => FILE_ID.test(img.fileId))
    .filter((img, i, all) => all.findIndex((other) => other.fileId === img.fileId) === i)
    .slice(0, CATALOG_LIMITS.images);
}

/** What an image row shows besides its alt text. */
export type ImageInfo = { url: string; name: string };

/** The dialog as the loader opens it. */
export type CatalogLoaded = {
  values: {
    title: string;
    images: Array<{ fileId: string; alt: string }>;
    subtitles: Array<{ title: string; q: string; products: SectionItem[] }>;
  };
  images: Record<string, ImageInfo>;
  products: Record<string, ProductInfo>;
};

/** The dialog drawn again after a post. */
export type CatalogAnswer = {
  result: SubmissionResult<string[]>;
  images: Record<string, ImageInfo>;
  products: Record<string, ProductInfo>;
  /** Each subtitle's search hits, under the search's key (so they follow the subtitle when the list changes). */
  results: Record<string, ProductHit[]>;
  imageError: { title: string; message: string } | null;
  toast: Toast | null;
  /** New with every answer: the file input starts empty again. */
  rev: string;
};
