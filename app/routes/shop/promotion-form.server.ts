import { PROMOTION_TEXTS, type Promotion } from "~/modules/content/promotions";
import { PromotionFormSchema, promotionSchemaFor } from "~/modules/content/promotion-form";
import { libraryPromotionImage, savePromotion, uploadPromotionImage } from "~/modules/content/promotions.server";
import { imagePickStep } from "./image-pick-step.server";

/**
 * The promotion dialog's post (see imagePickStep), used by the new and the edit routes: the
 * module's commands find, upload and save. `id` null creates.
 */
export function promotionFormStep(id: number | null, stored: Promotion | null, form: FormData, actor: { id: number }) {
  return imagePickStep(form, {
    stored: stored?.image ?? null,
    schema: PromotionFormSchema,
    schemaFor: promotionSchemaFor,
    fromLibrary: libraryPromotionImage,
    upload: (file) => uploadPromotionImage(file, actor),
    pickedMissing: { title: PROMOTION_TEXTS.imageMissingTitle, message: PROMOTION_TEXTS.imageMissing },
    save: (value, image) => savePromotion(id, value, image, actor),
  });
}
