/**
 * One image chosen in a form that also uploads or picks from the "Archivos subidos" library: the
 * state the action answers with when it does not redirect, and the intents of the form's buttons.
 * Used by the blog and promotion dialogs (spec 2: one featured image, remove, library).
 */
import type { Toast } from "~/lib/toast";

export type LibraryChoice = { fileId: string; url: string; name: string };

export type ImagePickState<Image> = {
  /** The image chosen so far (stored, picked or just uploaded); null when none or removed. */
  image: Image | null;
  library: { search: string; images: LibraryChoice[] } | null;
  imageError: { title: string; message: string } | null;
  /** The refusal again as the warning toast (spec 5/8 'Imagen no válida'), new with each answer. */
  toast: Toast | null;
};

export type ImagePickIntent = { kind: "save" } | { kind: "library" } | { kind: "remove-image" } | { kind: "pick"; fileId: string };

/**
 * The `intent` of the button that posted the form; no intent (Enter in a field) saves. Null for a
 * value no button of the form posts: the action refuses it rather than save.
 */
export function parseImagePickIntent(value: FormDataEntryValue | null | undefined): ImagePickIntent | null {
  if (value === null || value === undefined || value === "save") return { kind: "save" };
  if (value === "library" || value === "remove-image") return { kind: value };
  if (typeof value === "string" && value.startsWith("pick:")) return { kind: "pick", fileId: value.slice(5) };
  return null;
}
