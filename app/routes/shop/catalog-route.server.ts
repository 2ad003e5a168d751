import { readForm } from "~/lib/http.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { CONTENT_CONSTRAINTS } from "~/modules/content/constraints.server";
import { CATALOGS_PATH, CATALOG_TEXTS } from "~/modules/content/catalogs";
import { catalogLoaded, emptyCatalog, getCatalog } from "~/modules/content/catalogs.server";
import { catalogFormStep } from "./catalog-form.server";
import { answerDialogStep, recordOr404, type DialogDone } from "./dialog-answer.server";

/**
 * The bodies of the new and edit catalogue routes: `idParam` is the edit route's URL parameter,
 * null on the new one.
 */

const SAVED: DialogDone = {
  listPath: CATALOGS_PATH,
  notFoundText: CATALOG_TEXTS.notFoundText,
  toast: { title: CATALOG_TEXTS.saved, message: CATALOG_TEXTS.savedMessage },
};

const storedCatalog = (idParam: string | undefined) => recordOr404(idParam, getCatalog, CATALOG_TEXTS.notFoundText);

export async function catalogDialogLoader(request: Request, url: URL, idParam: string | undefined | null) {
  await requireAccess(request, url);
  if (idParam === null) return { catalog: null, loaded: emptyCatalog(), constraint: CONTENT_CONSTRAINTS.catalog };
  const catalog = await storedCatalog(idParam);
  return { catalog: { id: catalog.id }, loaded: await catalogLoaded(catalog), constraint: CONTENT_CONSTRAINTS.catalog };
}

/** Every button of the dialog posts here (see catalogFormStep). */
export async function catalogDialogAction(request: Request, url: URL, idParam: string | undefined | null) {
  const actor = await requireAccess(request, url);
  const stored = idParam === null ? null : await storedCatalog(idParam);
  const step = await catalogFormStep(stored, await readForm(request), actor);
  return answerDialogStep(url, step, SAVED);
}
