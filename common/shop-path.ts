/**
 * Addresses in the shop: the slug of a promotion's permalink, and the two kinds of link a content
 * screen accepts (an absolute http(s) URL, or a path inside the shop). Pure, shared by the forms,
 * the actions and the tests.
 */

/** Letters that Unicode decomposition does not reduce to a base letter plus an accent. */
const LETTERS: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", đ: "d", ł: "l" };
const LETTER_RE = new RegExp(`[${Object.keys(LETTERS).join("")}]`, "g");

/** Lowercase, accents removed, every run of other characters one hyphen, none at either end. */
export function shopSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(LETTER_RE, (c) => LETTERS[c])
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export const PROMOTIONS_SHOP_PATH = "/promociones";

/** The promotion's page in the shop, recomputed from the title on every save. */
export function promotionPermalink(title: string): string {
  return `${PROMOTIONS_SHOP_PATH}/${shopSlug(title)}`;
}

/** An absolute web address (a maps link, an external landing page). */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/**
 * A page of the shop itself ("/categorias/iluminacion"). "//host" is refused: browsers read it as
 * another site.
 */
export function isSitePath(value: string): boolean {
  return /^\/(?![/\\])[^\s]*$/.test(value);
}
