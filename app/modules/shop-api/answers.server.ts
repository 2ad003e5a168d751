/**
 * One answer per endpoint, without HTTP: the parsed query in, the allow-listed body out, or a refusal
 * in the shared vocabulary (`invalid` with the field named, `missing`).
 */
import {
  blogDetail, listBanners, listBlogs, listBrands, listCatalogs, listCategories, listLocations, listProducts, listPromotions,
  listSections, productDetail,
} from "./content.server";
import { parseListQuery, type ListName, type ListQuery } from "./queries";

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
} as const;

export type ShopAnswer =
  | { ok: true; body: unknown }
  | { ok: false; reason: "invalid"; field: string; message: string }
  | { ok: false; reason: "missing"; message: string };

type Runners = { [N in ListName]: (q: ListQuery<N>, now: Date) => Promise<unknown> };
const RUNNERS: Runners = {
  banners: (q) => listBanners(q),
  sections: (q) => listSections(q),
  blogs: (q, now) => listBlogs(q, now),
  promotions: (q, now) => listPromotions(q, now),
  locations: (q) => listLocations(q),
  catalogs: (q) => listCatalogs(q),
  products: (q) => listProducts(q),
  categories: (q) => listCategories(q),
  brands: (q) => listBrands(q),
};

export async function answerList(name: ListName, params: URLSearchParams, now: Date): Promise<ShopAnswer> {
  const parsed = parseListQuery(name, params);
  if (!parsed.ok) return { ok: false, reason: "invalid", field: parsed.field, message: parsed.message };
  const run = RUNNERS[name] as (q: ListQuery<typeof name>, now: Date) => Promise<unknown>;
  return { ok: true, body: await run(parsed.query, now) };
}

const KEY_MAX = 200;

export async function answerDetail(name: "blog" | "product", key: string, now: Date): Promise<ShopAnswer> {
  const missing = { ok: false as const, reason: "missing" as const, message: name === "blog" ? SHOP_TEXTS.blogMissing : SHOP_TEXTS.productMissing };
  if (key.length === 0 || key.length > KEY_MAX || key.includes("\0")) return missing;
  const body = name === "blog" ? await blogDetail(key, now) : await productDetail(key);
  return body ? { ok: true, body } : missing;
}
