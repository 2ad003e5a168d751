import { describe, expect, it } from "vitest";
import { openerUrl } from "~/modules/files/rules";

/*
 * Spec 2 'Archivos subidos': the library opens over the dialog that asked for a file; picking one is a
 * link back to that dialog with the file chosen, closing is a link back without it. The dialog's own
 * query (the list's filters, what the pick is for) goes back with it; the library's search and page do not.
 */
describe("the links from the files library back to the dialog that opened it", () => {
  const opener = "/web-inventory/ABC123";
  const id = "0d4f6a2e-1b2c-4d5e-8f90-123456789abc";
  it.each<[string, string, string | undefined, string]>([
    [
      "a pick keeps the list's query and what it is for",
      "?page=2&for=gallery&fileSearch=foco&filePage=3",
      id,
      `${opener}?page=2&for=gallery&pick=${id}`,
    ],
    ["a pick replaces an earlier one", `?for=sheet&pick=old`, id, `${opener}?for=sheet&pick=${id}`],
    ["closing keeps the list's query only", "?page=2&for=gallery&fileSearch=foco&filePage=3", undefined, `${opener}?page=2`],
    ["closing with nothing to keep is the bare dialog", "?for=gallery&fileSearch=foco", undefined, opener],
    ["closing from a library opened with no query", "", undefined, opener],
  ])("%s", (_name, search, pick, expected) => {
    expect(openerUrl(opener, search, pick)).toBe(expected);
  });
});
