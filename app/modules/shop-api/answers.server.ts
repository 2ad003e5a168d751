/**
 * One answer per endpoint, without HTTP: the parsed query in, the allow-listed body out, or a refusal
 * in the shared vocabulary (`invalid` with the field named, `missing`); and, read before the body,
 * the version of what the answer shows (the router's ETag).
 */
import {
  blogDetail,
  listBanners,
  listBlogs,
  listBrands,
  listCatalogs,
  listCategories,
  listLocations,
  listProducts,
  listPromotions,
  listSections,
  productDetail,
} from "./content.server";
import { parseListQuery, type ListName, type ListQuery } from "./queries";
import { contentVersion } from "./versions.server";

export const SHOP_TEXTS = {
  blogMissing: "No existe una entrada publicada con ese slug.",
  productMissing: "No existe un producto disponible con ese slug o SKU.",
  pathMissing: "No existe ese recurso en la API de la tienda.",
  mediaMissing: "El archivo no existe o no está publicado.",
  method: "La API de la tienda solo permite consultar (GET, HEAD, OPTIONS).",
  throttled: (seconds: number) => `Demasiadas solicitudes desde tu dirección. Intenta de nuevo en ${seconds} s.`,
  queryTooLong: "La consulta es demasiado larga.",
  origin: "Origen no permitido.",
  failed: "No se pudo atender la solicitud. Intenta de nuevo más tarde.",
  busy: "La tienda recibe demasiadas solicitudes en este momento. Intenta de nuevo en 1 s.",
} as const;

export type ShopAnswer =
  | { ok: true; body: unknown }
  | { ok: false; reason: "invalid"; field: string; message: string }
  | { ok: false; reason: "missing"; message: string };

/** `version`: what the answer reads, as `contentVersion` gave it (a list may keep figures by it). */
type Runners = { [N in ListName]: (q: ListQuery<N>, now: Date, version?: string) => Promise<unknown> };
const RUNNERS: Runners = {
  banners: (q) => listBanners(q),
  sections: (q) => listSections(q),
  blogs: (q, now) => listBlogs(q, now),
  promotions: (q, now) => listPromotions(q, now),
  locations: (q) => listLocations(q),
  catalogs: (q) => listCatalogs(q),
  products: (q, _now, version) => listProducts(q, version),
  categories: (q) => listCategories(q),
  brands: (q) => listBrands(q),
};

/** A request the API can answer: the endpoint and its parsed query (a list) or key (a detail). */
export type ShopRequest =
  { kind: "list"; name: ListName; query: ListQuery<ListName> } | { kind: "detail"; name: "blog" | "product"; key: string };

type Refusal = Extract<ShopAnswer, { ok: false }>;

/** A list's query string read against its schema, or the 400 naming the field. */
export function readList(name: ListName, params: URLSearchParams): { ok: true; request: ShopRequest } | Refusal {
  const parsed = parseListQuery(name, params);
  if (!parsed.ok) return { ok: false, reason: "invalid", field: parsed.field, message: parsed.message };
  return { ok: true, request: { kind: "list", name, query: parsed.query } };
}

const KEY_MAX = 200;

const missingOf = (name: "blog" | "product"): Refusal => ({
  ok: false,
  reason: "missing",
  message: name === "blog" ? SHOP_TEXTS.blogMissing : SHOP_TEXTS.productMissing,
});

/** A detail's key (slug, or a product's SKU), or the 404 a key no record can have gets. */
export function readDetail(name: "blog" | "product", key: string): { ok: true; request: ShopRequest } | Refusal {
  if (key.length === 0 || key.length > KEY_MAX || key.includes("\0")) return missingOf(name);
  return { ok: true, request: { kind: "detail", name, key } };
}

/**
 * What the answer to `request` depends on, read without its records (versions.server.ts): `content`
 * the same string while nothing the endpoint shows can have changed, `tag` that and the parsed query
 * or the key (one answer's version).
 */
export async function versionOf(request: ShopRequest, now: Date): Promise<{ content: string; tag: string }> {
  const content = await contentVersion(request.name, now);
  const asked = request.kind === "list" ? JSON.stringify(request.query) : request.key;
  return { content, tag: `${content}|${asked}` };
}

/**
 * The answer's body (every one parsed by its allow-list schema), or the 404 of a detail; `content`
 * the version read before it (versionOf), which a list may key figures by (none: everything read).
 */
export async function answerOf(request: ShopRequest, now: Date, content?: string): Promise<ShopAnswer> {
  if (request.kind === "list") {
    const run = RUNNERS[request.name] as (q: ListQuery<ListName>, now: Date, version?: string) => Promise<unknown>;
    return { ok: true, body: await run(request.query, now, content) };
  }
  const body = request.name === "blog" ? await blogDetail(request.key, now) : await productDetail(request.key);
  return body ? { ok: true, body } : missingOf(request.name);
}
