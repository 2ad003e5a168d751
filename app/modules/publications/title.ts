import { SPECIAL_TITLE_MAX, TITLE_MAX } from "./constants";

/** 40 characters for special own posts (they carry the prefix), 55 otherwise (spec 1 §5). */
export function titleLimit(special: boolean, ownPost = true): number {
  return special && ownPost ? SPECIAL_TITLE_MAX : TITLE_MAX;
}

export function remainingCharacters(title: string, special: boolean, ownPost = true): number {
  return titleLimit(special, ownPost) - title.length;
}

/** The company's special label put before the title of special own posts. */
export function specialTitlePrefix(brand: string): string {
  return `${brand.trim()} | `;
}

/** The title sent to the marketplace. */
export function marketplaceTitle(title: string, special: boolean, brand: string, ownPost = true): string {
  const clean = title.trim().replace(/\s+/g, " ");
  return special && ownPost ? `${specialTitlePrefix(brand)}${clean}` : clean;
}
