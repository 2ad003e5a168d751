/**
 * LIKE / ILIKE patterns from what a user typed: the wildcards they may type (`%`, `_`) and the escape
 * character itself are taken literally, so "50%" finds "50%" and not every row.
 */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%term%`: the pattern of a "contains" search. */
export function containsPattern(term: string): string {
  return `%${escapeLike(term)}%`;
}
