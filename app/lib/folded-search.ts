import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { containsPattern } from "./like-pattern";

/**
 * Accent- and case-insensitive substring search, the same on both sides: the column is lowercased and
 * its Spanish accented letters folded in SQL, the term in JavaScript ("energia" finds "Energía").
 */
export const SEARCH_FOLD = { from: "áàäâãéèëêíìïîóòöôõúùüûñç", to: "aaaaaeeeeiiiiooooouuuunc" } as const;

/** The term as the SQL compares it: lowercased, accents folded, `%` and `_` taken literally. */
export function searchPattern(term: string) {
  const folded = [...term.toLowerCase()].map((c) => SEARCH_FOLD.to[SEARCH_FOLD.from.indexOf(c)] ?? c).join("");
  return containsPattern(folded);
}

/** `column` contains `term`, folded. */
export function foldedContains(column: SQLWrapper, term: string): SQL {
  return sql`translate(lower(${column}), ${SEARCH_FOLD.from}, ${SEARCH_FOLD.to}) like ${searchPattern(term)}`;
}
