/**
 * The slug of a taxonomy item (sector, application, and later categories and brands), from its name
 * (spec 2 §5 'Taxonomy slug'): trimmed, lowercased, accents transliterated, separators hyphenated,
 * anything else that is not a-z or 0-9 removed, spaces to hyphens, one hyphen at a time and none at
 * either end. Pure, so the form can tell before saving that a name gives no slug at all.
 */

/** Letters that Unicode decomposition does not reduce to a base letter plus an accent. */
const LETTERS: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", đ: "d", ð: "d", ł: "l", þ: "th", ı: "i" };
const LETTER_RE = new RegExp(`[${Object.keys(LETTERS).join("")}]`, "g");

/** Characters that separate words in a name ("Cables/Alambres", "Baja_tension", "2.5", "A, B", "A&B"); ⁄ is the fraction slash. */
const SEPARATORS = /[/\\_.,&⁄]/g;

export function taxonomySlug(name: string): string {
  return (
    name
      .trim()
      .toLowerCase()
      .replace(LETTER_RE, (c) => LETTERS[c])
      // NFKD also unfolds ligatures and full-width or superscript digits (ﬁ → fi, ² → 2).
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .replace(SEPARATORS, "-")
      .replace(/\s+/g, "-")
      .replace(/[^a-z0-9-]/g, "")
      .replace(/-{2,}/g, "-")
      .replace(/^-|-$/g, "")
  );
}
