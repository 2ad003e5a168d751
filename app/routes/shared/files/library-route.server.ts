import { z } from "zod";
import { redirectPastLastPage } from "~/lib/list.server";
import { parseQuery, q } from "~/lib/query";
import { listLibrary } from "~/modules/files/library.server";
import type { LibraryKind } from "~/modules/files/rules";

const Shape = {
  fileSearch: z
    .string()
    .max(100)
    .transform((s) => s.trim())
    .optional(),
  filePage: q.page(),
  for: z.string().max(20).optional(),
};

/**
 * One page of "Archivos subidos" for a dialog: `for` says what the opener wants (an image slot or a
 * data sheet), which decides the kind listed. The opener's own query rides along untouched; a page
 * past the end goes to the last one.
 */
export async function libraryPage(url: URL, kindFor: (target: string | undefined) => LibraryKind | undefined) {
  const query = parseQuery(url, Shape);
  const kind = kindFor(query.for);
  const page = await listLibrary({ search: query.fileSearch, kind, page: query.filePage });
  redirectPastLastPage(url, page, query.filePage, "filePage");
  const keep = [...url.searchParams.entries()].filter(([k]) => k !== "fileSearch" && k !== "filePage" && k !== "pick");
  return { ...page, search: query.fileSearch ?? "", target: query.for ?? "", keep };
}
