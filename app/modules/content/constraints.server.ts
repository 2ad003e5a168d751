import { constraintsOf } from "~/lib/constraints";
import { BannerSchema } from "./banner-form";
import { CatalogFormSchema } from "./catalog-form";
import { LocationFormSchema } from "./location-form";
import { PromotionFormSchema } from "./promotion-form";
import { ShopSectionFormSchema } from "./shop-section-form";

/**
 * The content dialogs' native constraints, read on the server from the schemas their actions
 * validate with: the dialogs load no Zod to draw their forms (their checks arrive after the page,
 * app/lib/lazy-validation.ts), so the loaders send these.
 */
export const CONTENT_CONSTRAINTS = {
  banner: constraintsOf(BannerSchema),
  catalog: constraintsOf(CatalogFormSchema),
  location: constraintsOf(LocationFormSchema),
  promotion: constraintsOf(PromotionFormSchema),
  shopSection: constraintsOf(ShopSectionFormSchema),
};
