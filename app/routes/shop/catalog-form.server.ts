import type { SubmissionResult } from "@conform-to/react";
import { dialogToast } from "~/routes/shared/catalog/dialog-answer.server";
import { differ, replyWithLists } from "~/lib/list-reply.server";
import { parseSubmission } from "~/lib/submission";
import { readFormIntent } from "~/lib/dialog-intent";
import {
  CatalogDraftSchema,
  CatalogIntentSchema,
  addToSubtitle,
  postedImages,
  withoutUntitledInsert,
  type CatalogAnswer,
  type CatalogDraft,
} from "~/modules/content/catalogs";
import { CatalogFormSchema } from "~/modules/content/catalog-form";
import {
  catalogValues,
  imageInfosOf,
  resolveImages,
  saveCatalog,
  uploadCatalogImage,
  type Catalog,
  type CatalogUpload,
} from "~/modules/content/catalogs.server";
import { dropUnknown, searchKey, type ProductHit } from "~/modules/content/shop-sections";
import { productInfos, searchSectionProducts } from "~/modules/content/shop-sections.server";
import type { DialogStep } from "./dialog-answer.server";
import { refuseHugeListIndex } from "~/lib/list-index-guard.server";

/**
 * The catalogue dialog's post, read with Conform and answered as the dialog again (route code: the
 * module's commands do the work). Used by the new and the edit routes.
 */

const newRev = () => Math.random().toString(36).slice(2, 10);

/** What one post of the dialog comes to: saved, the catalogue gone meanwhile, a broken post or unknown button, or the dialog again. */
export type CatalogFormStep = DialogStep<CatalogAnswer>;

/**
 * Every button of the dialog posts the whole (multipart) form here. A chosen file is uploaded by
 * any post but one removing an image (Subir imagen, or along with Guardar); a refused one keeps the
 * rest as typed. Guardar is judged by the form's schema and writes; a refusal answers 400 with the
 * form as typed. The other buttons (and, without JavaScript, Conform's insert, remove and reorder,
 * which it applies to the post) answer 200 with the dialog again. `stored` null creates.
 */
export async function catalogFormStep(stored: Catalog | null, formData: FormData, actor: { id: number }): Promise<CatalogFormStep> {
  refuseHugeListIndex(formData);
  // Checked before anything is read or uploaded: a button the dialog does not have changes nothing.
  const intent = readFormIntent(CatalogIntentSchema, formData, { type: "refresh" });
  if (!intent) return { kind: "unknown-intent" };
  const file = formData.get("imageUpload");
  const chosen = file instanceof File && file.name !== "" ? file : null;

  if (intent.type === "save") {
    const submission = parseSubmission(formData, CatalogFormSchema);
    if (!submission) return { kind: "bad-form" };
    const posted = CatalogDraftSchema.parse(submission.payload);
    const upload = chosen ? await uploadCatalogImage(chosen, postedImages(posted.images).length, actor) : null;
    if (submission.status === "success" && upload?.ok !== false) {
      const values = await catalogValues(submission.value, upload?.ok ? upload.image : null, stored?.images ?? []);
      const saved = await saveCatalog(stored?.id ?? null, values, actor);
      return saved.ok ? { kind: "saved" } : { kind: "not-found" };
    }
    return { kind: "form", answer: await catalogAnswer(submission, posted, posted, upload), status: uploadRefusalStatus(upload) ?? 400 };
  }

  const submission = parseSubmission(formData, CatalogDraftSchema);
  if (!submission) return { kind: "bad-form" };
  const posted = CatalogDraftSchema.parse(submission.payload);
  const listIntent = submission.reply().intent;
  const inserted = withoutUntitledInsert(posted, listIntent);
  const draft = intent.type === "add" ? addToSubtitle(inserted, intent) : inserted;
  // Removing an image must not add the one still chosen in the same post.
  const removingImage = listIntent?.type === "remove" && listIntent.payload.name === "images";
  const upload = chosen && !removingImage ? await uploadCatalogImage(chosen, postedImages(draft.images).length, actor) : null;
  return { kind: "form", answer: await catalogAnswer(submission, posted, draft, upload), status: uploadRefusalStatus(upload) ?? 200 };
}

/** A refused upload's status: 503 when the file store did not answer, 400 for an image the rules refuse. */
function uploadRefusalStatus(upload: CatalogUpload | null): 400 | 503 | null {
  if (upload?.ok !== false) return null;
  return upload.reason === "unavailable" ? 503 : 400;
}

/**
 * The dialog again: the images that are files of the library (plus an uploaded one), each
 * subtitle's products the catalogue knows, and each subtitle's search hits. The lists that differ
 * from the post travel back in Conform's answer.
 */
async function catalogAnswer(
  submission: { reply(): SubmissionResult<string[]> },
  posted: CatalogDraft,
  draft: CatalogDraft,
  upload: CatalogUpload | null,
): Promise<CatalogAnswer> {
  const library = await resolveImages(postedImages(draft.images), []);
  const shown = [...library, ...(upload?.ok ? [upload.image] : [])];
  const images = shown.map(({ fileId, alt }) => ({ fileId, alt }));
  const infos = await productInfos(draft.subtitles.flatMap((s) => s.products.map((p) => p.id)));
  const known = new Set(Object.keys(infos));
  const subtitles = draft.subtitles.map((s) => ({ ...s, products: dropUnknown(s.products, known) }));
  const terms = [...new Set(subtitles.map((s) => searchKey(s.q)).filter(Boolean))];
  const hits = await Promise.all(terms.map(async (term): Promise<[string, ProductHit[]]> => [term, await searchSectionProducts(term)]));
  const changed = [...(differ(images, posted.images) ? ["images"] : []), ...(differ(subtitles, posted.subtitles) ? ["subtitles"] : [])];
  return {
    result: replyWithLists(submission, { images, subtitles }, changed),
    images: imageInfosOf(shown),
    products: infos,
    results: Object.fromEntries(hits),
    imageError: upload && !upload.ok ? upload.error : null,
    // A refused image is said in the page and by the warning toast (spec 5/8 'Imagen no válida').
    toast: upload && !upload.ok ? dialogToast(upload.error.title, upload.error.message) : null,
    rev: newRev(),
  };
}
