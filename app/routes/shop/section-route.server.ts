import { readForm } from "~/lib/http.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { CONTENT_CONSTRAINTS } from "~/modules/content/constraints.server";
import { SHOP_SECTIONS_PATH, SHOP_SECTION_TEXTS } from "~/modules/content/shop-sections";
import { emptySection, getShopSection, sectionLoaded } from "~/modules/content/shop-sections.server";
import { answerDialogStep, recordOr404, type DialogDone } from "./dialog-answer.server";
import { shopSectionFormStep } from "./section-form.server";

/**
 * The bodies of the new and edit shop section routes: `idParam` is the edit route's URL parameter,
 * null on the new one.
 */

const SAVED: DialogDone = {
  listPath: SHOP_SECTIONS_PATH,
  notFoundText: SHOP_SECTION_TEXTS.notFoundText,
  toast: { title: SHOP_SECTION_TEXTS.saved, message: SHOP_SECTION_TEXTS.savedMessage },
};

const storedSection = (idParam: string | undefined) => recordOr404(idParam, getShopSection, SHOP_SECTION_TEXTS.notFoundText);

export async function sectionDialogLoader(request: Request, url: URL, idParam: string | undefined | null) {
  await requireAccess(request, url);
  if (idParam === null) return { section: null, loaded: emptySection(), constraint: CONTENT_CONSTRAINTS.shopSection };
  const section = await storedSection(idParam);
  return { section: { id: section.id }, loaded: await sectionLoaded(section), constraint: CONTENT_CONSTRAINTS.shopSection };
}

/** Every button of the dialog posts here (see shopSectionFormStep). */
export async function sectionDialogAction(request: Request, url: URL, idParam: string | undefined | null) {
  const actor = await requireAccess(request, url);
  const id = idParam === null ? null : (await storedSection(idParam)).id;
  const step = await shopSectionFormStep(id, await readForm(request), actor);
  return answerDialogStep(url, step, SAVED);
}
