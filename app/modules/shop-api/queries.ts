/**
 * The query string of each list of the shop's API: page, page size (at most the screen's own, spec 2
 * §9), sort, order, search and the filters. Unlike the back office's screens (which fall back on a
 * bad value), a program asked for something wrong: it gets a 400 naming the field.
 */
import { z } from "zod";

export const SEARCH_MAX = 100;
export const PAGE_MAX = 10_000;

export const SHOP_QUERY_TEXTS = {
  page: `La página debe ser un número entero entre 1 y ${PAGE_MAX}.`,
  pageSize: (max: number) => `El tamaño de página debe ser un número entero entre 1 y ${max}.`,
  sort: (allowed: readonly string[]) => `Orden desconocido; usa uno de: ${allowed.join(", ")}.`,
  order: "El sentido del orden debe ser asc o desc.",
  search: `La búsqueda admite como máximo ${SEARCH_MAX} caracteres.`,
  id: "Debe ser un número entero positivo.",
  repeated: "El parámetro aparece más de una vez.",
} as const;

type ListSpec<S extends string, F extends string> = {
  pageSize: number;
  sorts: readonly [S, ...S[]];
  defaultSort: S;
  defaultOrder: "asc" | "desc";
  search: boolean;
  /** Integer id filters (category, brand). */
  filters: readonly F[];
};

const intIn = (min: number, max: number, message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));

/** The Zod shape of one list's query string; also what the OpenAPI document lists as its parameters. */
export function listQuerySchema<S extends string, F extends string>(spec: ListSpec<S, F>) {
  const filters = Object.fromEntries(spec.filters.map((f) => [f, intIn(1, 2 ** 31 - 1, SHOP_QUERY_TEXTS.id).optional()])) as Record<
    F,
    z.ZodOptional<z.ZodPipeline<z.ZodEffects<z.ZodString, number, string>, z.ZodNumber>>
  >;
  return z.object({
    page: intIn(1, PAGE_MAX, SHOP_QUERY_TEXTS.page).default("1"),
    pageSize: intIn(1, spec.pageSize, SHOP_QUERY_TEXTS.pageSize(spec.pageSize)).default(String(spec.pageSize)),
    sort: z.enum(spec.sorts, { errorMap: () => ({ message: SHOP_QUERY_TEXTS.sort(spec.sorts) }) }).default(spec.defaultSort),
    order: z.enum(["asc", "desc"], { errorMap: () => ({ message: SHOP_QUERY_TEXTS.order }) }).default(spec.defaultOrder),
    ...(spec.search
      ? {
          search: z
            .string()
            .max(SEARCH_MAX, SHOP_QUERY_TEXTS.search)
            .transform((s) => s.trim())
            .optional(),
        }
      : {}),
    ...filters,
  });
}

export const LIST_SPECS = {
  banners: { pageSize: 200, sorts: ["recent"], defaultSort: "recent", defaultOrder: "desc", search: false, filters: [] },
  sections: { pageSize: 50, sorts: ["position"], defaultSort: "position", defaultOrder: "asc", search: false, filters: [] },
  blogs: { pageSize: 10, sorts: ["publishedAt", "title"], defaultSort: "publishedAt", defaultOrder: "desc", search: true, filters: [] },
  promotions: { pageSize: 20, sorts: ["id", "title", "startDate"], defaultSort: "id", defaultOrder: "desc", search: true, filters: [] },
  locations: { pageSize: 20, sorts: ["name", "id"], defaultSort: "name", defaultOrder: "asc", search: true, filters: [] },
  catalogs: { pageSize: 15, sorts: ["id", "title"], defaultSort: "id", defaultOrder: "desc", search: true, filters: [] },
  products: {
    pageSize: 20,
    sorts: ["name", "price", "sku", "updatedAt"],
    defaultSort: "name",
    defaultOrder: "asc",
    search: true,
    filters: ["category", "brand"],
  },
  categories: { pageSize: 200, sorts: ["name", "id"], defaultSort: "name", defaultOrder: "asc", search: true, filters: [] },
  brands: { pageSize: 200, sorts: ["name", "id"], defaultSort: "name", defaultOrder: "asc", search: true, filters: [] },
} as const;

export type ListName = keyof typeof LIST_SPECS;

export const LIST_QUERY_SCHEMAS = {
  banners: listQuerySchema(LIST_SPECS.banners),
  sections: listQuerySchema(LIST_SPECS.sections),
  blogs: listQuerySchema(LIST_SPECS.blogs),
  promotions: listQuerySchema(LIST_SPECS.promotions),
  locations: listQuerySchema(LIST_SPECS.locations),
  catalogs: listQuerySchema(LIST_SPECS.catalogs),
  products: listQuerySchema(LIST_SPECS.products),
  categories: listQuerySchema(LIST_SPECS.categories),
  brands: listQuerySchema(LIST_SPECS.brands),
};

export type ListQuery<N extends ListName> = Omit<z.output<(typeof LIST_QUERY_SCHEMAS)[N]>, "search"> & {
  search?: string;
  category?: number;
  brand?: number;
};

export type QueryRefusal = { ok: false; field: string; message: string };

/**
 * The query string read against one list's schema: each parameter once, unknown ones ignored (a
 * CDN or analytics tag may add its own); the first problem is named.
 */
export function parseListQuery<N extends ListName>(name: N, params: URLSearchParams): { ok: true; query: ListQuery<N> } | QueryRefusal {
  const schema = LIST_QUERY_SCHEMAS[name];
  const known = Object.keys(schema.shape);
  const raw: Record<string, string> = {};
  for (const key of known) {
    const values = params.getAll(key);
    if (values.length > 1) return { ok: false, field: key, message: SHOP_QUERY_TEXTS.repeated };
    if (values.length === 1) raw[key] = values[0];
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, field: String(issue.path[0] ?? "query"), message: issue.message };
  }
  return { ok: true, query: parsed.data as ListQuery<N> };
}
