import { z } from "zod";

/**
 * List state lives in the URL. Each parameter is parsed on its own: a malformed value falls back to
 * its default and the valid ones are kept, so a hand-edited or stale bookmark never fails.
 */
export function parseQuery<S extends z.ZodRawShape>(source: URL | URLSearchParams, shape: S) {
  const params = source instanceof URL ? source.searchParams : source;
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shape)) {
    const raw = params.get(key);
    const value = raw === null || raw.trim() === "" ? undefined : raw;
    const parsed = (schema as z.ZodTypeAny).safeParse(value);
    out[key] = parsed.success ? parsed.data : (schema as z.ZodTypeAny).safeParse(undefined).data;
  }
  return out as { [K in keyof S]: z.output<S[K]> };
}

const page = () => z.coerce.number().int().min(1).max(100000).catch(1).default(1);
const search = () =>
  z
    .string()
    .max(200)
    .transform((s) => s.trim())
    .optional();
const sortValue = () => z.enum(["asc", "desc"]).optional();
const oneOf = <T extends [string, ...string[]]>(values: T) => z.enum(values).optional();

export const q = {
  page,
  search,
  sortValue,
  /** asc / desc in any case (ASC, Desc…), for the screens whose links send them upper-case. */
  sortValueAnyCase: () =>
    z
      .string()
      .transform((v) => v.toLowerCase())
      .pipe(z.enum(["asc", "desc"]))
      .optional(),
  oneOf,
  bool: () =>
    z
      .enum(["true", "false", "1", "0", "on"])
      .transform((v) => v === "true" || v === "1" || v === "on")
      .optional(),
  /** A list's sort: `sortName` one of the whitelisted columns, `sortValue` asc or desc. */
  sort: <T extends string>(sorts: readonly [T, ...T[]]) => ({ sortName: oneOf([...sorts] as [T, ...T[]]), sortValue: sortValue() }),
  /**
   * The URL parser of a list with a search box and pages: `search`, the list's own parameters (a
   * status filter, a sort) and `page`, each falling back on its own.
   */
  searchList: <S extends z.ZodRawShape>(own: S) => {
    const shape = { search: search(), ...own, page: page() };
    return (source: URL | URLSearchParams) => parseQuery(source, shape);
  },
};

/** The keys of a [key, label] option table, typed for `q.oneOf`. */
export function keysOf<T extends ReadonlyArray<readonly [string, string]>>(list: T) {
  return list.map(([k]) => k) as unknown as [T[number][0], ...T[number][0][]];
}
