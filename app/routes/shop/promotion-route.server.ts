import { paramOr404, readForm } from "~/lib/http.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { CONTENT_CONSTRAINTS } from "~/modules/content/constraints.server";
import { ContentIdSchema } from "~/modules/content/locations";
import { PROMOTIONS_PATH, PROMOTION_MESSAGES, PROMOTION_TEXTS } from "~/modules/content/promotions";
import { deletePromotion, getPromotion, todayInMexico } from "~/modules/content/promotions.server";
import { answerDialogStep, backToListOr404, recordOr404, type DialogDone } from "./dialog-answer.server";
import { promotionFormStep } from "./promotion-form.server";

/**
 * The bodies of the promotion dialog routes (new, edit, delete): `idParam` is the route's URL
 * parameter, null on the new one.
 */

const doneWith = (toast: DialogDone["toast"]): DialogDone => ({
  listPath: PROMOTIONS_PATH,
  notFoundText: PROMOTION_TEXTS.notFoundText,
  toast,
});

const storedPromotion = (idParam: string | undefined) => recordOr404(idParam, getPromotion, PROMOTION_TEXTS.notFoundText);

export async function promotionDialogLoader(request: Request, url: URL, idParam: string | undefined | null) {
  await requireAccess(request, url);
  return {
    promotion: idParam === null ? null : await storedPromotion(idParam),
    today: todayInMexico(),
    constraint: CONTENT_CONSTRAINTS.promotion,
  };
}

/** Every button of the dialog posts here (see promotionFormStep). */
export async function promotionDialogAction(request: Request, url: URL, idParam: string | undefined | null) {
  const actor = await requireAccess(request, url);
  const stored = idParam === null ? null : await storedPromotion(idParam);
  const step = await promotionFormStep(stored?.id ?? null, stored, await readForm(request), actor);
  return answerDialogStep(url, step, doneWith({ title: PROMOTION_TEXTS.saved, message: PROMOTION_MESSAGES.saved }));
}

export async function promotionDeleteLoader(request: Request, url: URL, idParam: string | undefined) {
  await requireAccess(request, url);
  return { promotion: await storedPromotion(idParam) };
}

export async function promotionDeleteAction(request: Request, url: URL, idParam: string | undefined) {
  const actor = await requireAccess(request, url);
  const deleted = await deletePromotion(paramOr404(ContentIdSchema, idParam, PROMOTION_TEXTS.notFoundText), actor);
  return backToListOr404(url, deleted.ok, doneWith({ title: PROMOTION_TEXTS.deleted, message: PROMOTION_MESSAGES.deleted }));
}
