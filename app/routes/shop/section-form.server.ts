import type { SubmissionResult } from "@conform-to/react";
import { differ, replyWithLists } from "~/lib/list-reply.server";
import { parseSubmission } from "~/lib/submission";
import { readFormIntent } from "~/lib/dialog-intent";
import type { Actor } from "~/modules/content/records.server";
import {
  SectionDraftSchema,
  SectionIntentSchema,
  addProduct,
  dropUnknown,
  searchKey,
  type SectionAnswer,
} from "~/modules/content/shop-sections";
import { ShopSectionFormSchema } from "~/modules/content/shop-section-form";
import { productInfos, saveShopSection, searchSectionProducts } from "~/modules/content/shop-sections.server";
import type { DialogStep } from "./dialog-answer.server";
import { refuseHugeListIndex } from "~/lib/list-index-guard.server";

/**
 * The shop section dialog's post, read with Conform and answered as the dialog again (route code:
 * the module's commands do the work). Used by the new and the edit routes.
 */

/** What one post of the dialog comes to: saved, the section gone meanwhile, a broken post or unknown button, or the dialog again. */
export type SectionFormStep = DialogStep<SectionAnswer>;

/**
 * Every button of the dialog posts the whole form here. Guardar is judged by the form's schema and
 * writes; a refusal answers 400 with the form as typed. Buscar and Agregar (and, without
 * JavaScript, ↑ ↓ Quitar, which Conform applies to the post) answer 200 with the dialog again: the
 * list as posted, Agregar's product added by the +1 rule, SKUs the catalogue does not know dropped,
 * and the search's hits (kept on screen so several can be added in a row). `id` null creates.
 */
export async function shopSectionFormStep(id: number | null, formData: FormData, actor: Actor): Promise<SectionFormStep> {
  refuseHugeListIndex(formData);
  const intent = readFormIntent(SectionIntentSchema, formData, { type: "search" });
  if (!intent) return { kind: "unknown-intent" };
  if (intent.type === "save") {
    const submission = parseSubmission(formData, ShopSectionFormSchema);
    if (!submission) return { kind: "bad-form" };
    if (submission.status === "success") {
      const saved = await saveShopSection(id, submission.value, actor);
      return saved.ok ? { kind: "saved" } : { kind: "not-found" };
    }
    return { kind: "form", answer: await sectionAnswer(submission), status: 400 };
  }
  const submission = parseSubmission(formData, SectionDraftSchema);
  if (!submission) return { kind: "bad-form" };
  return { kind: "form", answer: await sectionAnswer(submission, intent.type === "add" ? intent.sku : undefined), status: 200 };
}

async function sectionAnswer(submission: { payload: unknown; reply(): SubmissionResult<string[]> }, add?: string): Promise<SectionAnswer> {
  const posted = SectionDraftSchema.parse(submission.payload);
  const wanted = add ? addProduct(posted.products, add) : posted.products;
  const infos = await productInfos(wanted.map((item) => item.id));
  const list = dropUnknown(wanted, new Set(Object.keys(infos)));
  const q = searchKey(posted.q);
  return {
    result: replyWithLists(submission, { products: list }, differ(list, posted.products) ? ["products"] : []),
    products: infos,
    results: q ? await searchSectionProducts(q) : null,
  };
}
