/**
 * A blog post's slug (spec 5): made from its title, with a suffix when another post has it. Used by
 * the blog's dialog and commands, the first import and the demo data.
 */

/** Characters the spec's slug rule removes (spec 5: *+~.¬=|°,?/%&$#()'"!:@). */
const SLUG_REMOVED = /[*+~.¬=|°,?/%&$#()'"!:@]/g;

/**
 * Spec 5: the title lowercased, the listed characters removed, spaces to hyphens. Runs of spaces
 * (and the spaces left where a removed character stood between two) make one hyphen, and none is
 * left at either end, so "Luz LED: guía" → "luz-led-guía".
 */
export function blogSlug(title: string): string {
  return title
    .toLowerCase()
    .replace(SLUG_REMOVED, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * The first free slug: the base itself, else base-2, base-3… (a clash gets a suffix; nothing is
 * overwritten). `taken` holds the slugs other posts already use.
 */
export function freeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
