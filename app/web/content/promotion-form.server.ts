import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import {
  PROMOTION_TEXTS,
  PromotionFormSchema,
  parsePromotionIntent,
  promotionSchemaFor,
  type Promotion,
  type PromotionDialogState,
} from "~/modules/content/promotions";
import { libraryPromotionImage, listPromotionLibrary, savePromotion, storedOrLibraryImage, uploadPromotionImage } from "~/modules/content/promotions.server";

import type { DialogStep } from "./dialog-answer.server";

/**
 * The promotion dialog's post, read with Conform and answered as the dialog again (route code: the
 * module's commands do the work). Used by the new and the edit routes.
 */

export type PromotionAnswer = { result: SubmissionResult<string[]> } & PromotionDialogState;
/** What one post of the dialog comes to: saved, the record gone meanwhile, or the dialog drawn again. */
export type PromotionStep = DialogStep<PromotionAnswer>;

/**
 * Every button of the dialog posts the whole (multipart) form. Guardar uploads the chosen file
 * first — so a field error does not lose an image that was fine, and an image that is refused does
 * not lose the typed fields — then validates and saves. The library buttons only answer with the
 * form as it was and the new image choice. `id` null creates.
 */
export async function promotionFormStep(id: number | null, stored: Promotion | null, form: FormData, actor: { id: number }): Promise<PromotionStep> {
  const intent = parsePromotionIntent(form.get("intent"));
  const state: PromotionDialogState = {
    image: await storedOrLibraryImage(String(form.get("imageFileId") ?? "").trim(), stored?.image ?? null),
    library: null,
    imageError: null,
  };
  const answer = (status: 200 | 400, fieldErrors?: Record<string, string[]>): PromotionStep => {
    // The form comes back holding the image as decided here, never the posted file.
    form.delete("imageUpload");
    form.set("imageFileId", state.image?.fileId ?? "");
    const submission = parseWithZod(form, { schema: promotionSchemaFor(form.get("intent")) });
    return { kind: "form", status, answer: { result: submission.reply(fieldErrors ? { fieldErrors } : undefined), ...state } };
  };

  switch (intent.kind) {
    case "remove-image":
      state.image = null;
      return answer(200);
    case "library": {
      const search = String(form.get("librarySearch") ?? "").trim().slice(0, 100);
      state.library = { search, images: await listPromotionLibrary(search) };
      return answer(200);
    }
    case "pick": {
      const found = await libraryPromotionImage(intent.fileId);
      if (found) state.image = found;
      else state.imageError = { title: PROMOTION_TEXTS.imageMissingTitle, message: PROMOTION_TEXTS.imageMissing };
      return answer(found ? 200 : 400);
    }
    case "save":
      break;
  }

  const file = form.get("imageUpload");
  if (file instanceof File && file.name !== "") {
    const uploaded = await uploadPromotionImage(file, actor);
    if (uploaded.ok) state.image = uploaded.image;
    else state.imageError = { title: uploaded.title, message: uploaded.message };
  }
  form.delete("imageUpload");
  form.set("imageFileId", state.image?.fileId ?? "");
  const submission = parseWithZod(form, { schema: PromotionFormSchema });
  if (submission.status !== "success" || state.imageError) {
    return answer(400, state.imageError ? { imageUpload: [state.imageError.message] } : undefined);
  }
  const saved = await savePromotion(id, submission.value, state.image, actor);
  return saved.ok ? { kind: "saved" } : { kind: "not-found" };
}
