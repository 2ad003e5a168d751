import { z } from "zod";
import { ProductListSchema, SHOP_SECTION_LIMITS, SHOP_SECTION_TEXTS } from "./shop-sections";

/*
 * The section dialog's form, apart from the list's module: the browser fetches it only when the
 * dialog checks its fields (app/lib/lazy-validation.ts), so the page loads no Zod to draw the form.
 */

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
