import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { listLibraryImages } from "~/modules/files/files.server";
import { parseImagePickIntent, type ImagePickState } from "~/modules/files/image-pick";
import type { DialogStep } from "./dialog-answer.server";
import { dialogToast } from "~/routes/shared/catalog/dialog-answer.server";
import { refuseNestedNames } from "~/lib/list-index-guard.server";

/**
 * The post of a dialog whose form holds one image (promotions, blog posts), read with Conform and
 * answered as the dialog again (route code: the module's commands do the work).
 */

type Refusal = { title: string; message: string };
/** An upload refused by the rules, or not kept because the file store did not answer (`unavailable`: a 503). */
type UploadRefusal = Refusal & { reason: "invalid" | "conflict" | "unavailable" };
export type ImagePickAnswer<Image> = { result: SubmissionResult<string[]> } & ImagePickState<Image>;

export type ImagePickDialog<Image extends { fileId: string }, Schema extends z.ZodTypeAny> = {
  /** The image of the record the dialog was opened on (null creates or has none). */
  stored: Image | null;
  /** Guardar's schema, and the one the dialog is answered with for a button's intent. */
  schema: Schema;
  schemaFor: (intent: FormDataEntryValue | null) => z.ZodTypeAny;
  /** An image of the files library as the record holds it; null when it is no longer there. */
  fromLibrary: (fileId: string) => Promise<Image | null>;
  upload: (file: File) => Promise<{ ok: true; image: Image } | ({ ok: false } & UploadRefusal)>;
  /** The refusal shown when a picked library image is gone. */
  pickedMissing: Refusal;
  /** The write; `warning` is said along with the saved toast (something was taken out on the way). */
  save: (value: z.infer<Schema>, image: Image | null) => Promise<{ ok: boolean; warning?: string | null }>;
};

/**
 * Every button of the dialog posts the whole (multipart) form. Guardar uploads the chosen file
 * first — so a field error does not lose an image that was fine, and an image that is refused does
 * not lose the typed fields — then validates and saves. The library buttons only answer with the
 * form as it was and the new image choice.
 */
export async function imagePickStep<Image extends { fileId: string }, Schema extends z.ZodTypeAny>(
  form: FormData,
  dialog: ImagePickDialog<Image, Schema>,
): Promise<DialogStep<ImagePickAnswer<Image>>> {
  refuseNestedNames(form);
  const intent = parseImagePickIntent(form.get("intent"));
  if (!intent) return { kind: "unknown-intent" };
  const state: ImagePickState<Image> = { image: await heldImage(form, dialog), library: null, imageError: null, toast: null };
  // The form comes back holding the image as decided here, never the posted file.
  const holdChosenImage = () => {
    form.delete("imageUpload");
    form.set("imageFileId", state.image?.fileId ?? "");
  };
  const answer = (status: 200 | 400 | 503, fieldErrors?: Record<string, string[]>) => {
    holdChosenImage();
    // A refused image is said in the page and by the toast, as in the catalogue's dialogs.
    state.toast = state.imageError ? dialogToast(state.imageError.title, state.imageError.message) : null;
    const submission = parseWithZod(form, { schema: dialog.schemaFor(form.get("intent")) });
    return { kind: "form" as const, status, answer: { result: submission.reply(fieldErrors ? { fieldErrors } : undefined), ...state } };
  };

  switch (intent.kind) {
    case "remove-image":
      state.image = null;
      return answer(200);
    case "library": {
      const search = String(form.get("librarySearch") ?? "")
        .trim()
        .slice(0, 100);
      state.library = { search, images: await listLibraryImages(search) };
      return answer(200);
    }
    case "pick": {
      const found = await dialog.fromLibrary(intent.fileId);
      if (found) state.image = found;
      else state.imageError = dialog.pickedMissing;
      return answer(found ? 200 : 400);
    }
    case "save":
      break;
  }

  const file = form.get("imageUpload");
  let storeDown = false;
  if (file instanceof File && file.name !== "") {
    const uploaded = await dialog.upload(file);
    if (uploaded.ok) state.image = uploaded.image;
    else {
      state.imageError = { title: uploaded.title, message: uploaded.message };
      storeDown = uploaded.reason === "unavailable";
    }
  }
  holdChosenImage();
  const submission = parseWithZod(form, { schema: dialog.schema });
  if (submission.status !== "success" || state.imageError) {
    return answer(storeDown ? 503 : 400, state.imageError ? { imageUpload: [state.imageError.message] } : undefined);
  }
  const saved = await dialog.save(submission.value, state.image);
  return saved.ok ? { kind: "saved", warning: saved.warning ?? null } : { kind: "not-found" };
}

/** The image the form holds (its hidden `imageFileId`): the stored one as stored; any other must still be in the library. */
function heldImage<Image extends { fileId: string }>(
  form: FormData,
  dialog: { stored: Image | null; fromLibrary: (fileId: string) => Promise<Image | null> },
) {
  const fileId = String(form.get("imageFileId") ?? "").trim();
  if (!fileId) return null;
  if (dialog.stored?.fileId === fileId) return dialog.stored;
  return dialog.fromLibrary(fileId);
}
