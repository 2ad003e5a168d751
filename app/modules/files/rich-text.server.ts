import { sanitizeRichTextWithFiles, storedFilesIn, type StoredFileRefs } from "~/lib/sanitize-html.server";
import { libraryFilesAmong } from "./library.server";

/**
 * Rich text as it is saved (product and combo descriptions, blog posts): sanitised, and every link
 * or image pointing at a stored file (`/files/<id>`) checked against the library in one query for
 * the whole text. A reference to any other stored file (a buyer's attachment, an assistant's
 * document, an id that is gone) is taken out; `removedFileLinks` says so, for the user's warning.
 */
export async function cleanRichText(
  html: string,
  lookup: (ids: readonly string[]) => Promise<StoredFileRefs> = libraryFilesAmong,
): Promise<{ html: string; removedFileLinks: boolean }> {
  const ids = storedFilesIn(html);
  const allowed = ids.length ? await lookup(ids) : { files: new Set<string>(), images: new Set<string>() };
  const clean = sanitizeRichTextWithFiles(html, allowed);
  return { html: clean.html, removedFileLinks: clean.removed > 0 };
}
