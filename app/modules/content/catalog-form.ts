import { z } from "zod";
import { CATALOG_LIMITS, CATALOG_TEXTS, FILE_ID } from "./catalogs";
import { ProductListSchema, SHOP_SECTION_LIMITS } from "./shop-sections";

/*
 * The catalogue dialog's form, apart from the list's module: the browser fetches it only when the
 * dialog checks its fields (app/lib/lazy-validation.ts), so the page loads no Zod to draw the form.
 */

export const CatalogTitleSchema = z
  .string({ required_error: CATALOG_TEXTS.titleRequired })
  .trim()
  .min(1, CATALOG_TEXTS.titleRequired)
  .max(CATALOG_LIMITS.title, CATALOG_TEXTS.titleTooLong);

/**
 * What Guardar accepts: the title, the images (a file of the library each, with its alt text) and
 * the subtitles, each with its text and product list. A subtitle's search box travels with the form
 * but is not saved.
 */
export const CatalogFormSchema = z.object({
  title: CatalogTitleSchema,
  images: z
    .array(
      z.object({
        fileId: z.string({ required_error: CATALOG_TEXTS.imageUnknown }).regex(FILE_ID, CATALOG_TEXTS.imageUnknown),
        alt: z.string().trim().max(CATALOG_LIMITS.alt, CATALOG_TEXTS.altTooLong).default(""),
      }),
    )
    .max(CATALOG_LIMITS.images, CATALOG_TEXTS.tooManyImages)
    .default([]),
  subtitles: z
    .array(
      z.object({
        title: z
          .string({ required_error: CATALOG_TEXTS.subtitleRequired })
          .trim()
          .min(1, CATALOG_TEXTS.subtitleRequired)
          .max(CATALOG_LIMITS.subtitle, CATALOG_TEXTS.subtitleTooLong),
        products: ProductListSchema,
        q: z.string().max(SHOP_SECTION_LIMITS.search, CATALOG_TEXTS.searchTooLong).optional(),
      }),
    )
    .max(CATALOG_LIMITS.subtitles, CATALOG_TEXTS.tooManySubtitles)
    .default([]),
});
export type CatalogInput = z.output<typeof CatalogFormSchema>;
