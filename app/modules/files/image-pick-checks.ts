import { parse, type Submission } from "@conform-to/react";
import { parseImagePickIntent } from "./image-pick";

type Checks = { onValidate?: (context: { formData: FormData }) => Submission<unknown, string[], unknown> };

/**
 * A dialog with an image section (promotions, blog posts) judges only Guardar in the browser, as its
 * action does (app/routes/shop/image-pick-step.server.ts): the image buttons (Quitar imagen, Buscar
 * en la biblioteca, a thumbnail) post the form as it is typed, so their submit must go through
 * whatever the fields hold. Conform checks every submit, `formNoValidate` or not: for those buttons
 * the answer is the form's values as typed, unjudged, which is what the draft schema of the action
 * answers too. Takes the lazily loaded checks of `useLazyValidation`, before and after they arrive.
 */
export function judgingOnlySave<V extends Checks>(checks: V): V {
  const judge = checks.onValidate;
  if (!judge) return checks;
  return {
    ...checks,
    onValidate: (context: { formData: FormData }) =>
      parseImagePickIntent(context.formData.get("intent"))?.kind === "save"
        ? judge(context)
        : parse(context.formData, { resolve: (payload) => ({ value: payload }) }),
  } as V;
}
