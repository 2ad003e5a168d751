/**
 * The shop API's endpoints: path, what they answer and with which allow-list schema. The router,
 * the OpenAPI document and the docs page all read this one table.
 */
import type { z } from "zod";
import { LIST_QUERY_SCHEMAS, type ListName } from "./queries";
import {
  BannerSchema,
  BlogDetailSchema,
  BlogSummarySchema,
  BrandSchema,
  CatalogSchema,
  CategorySchema,
  LocationSchema,
  ProductDetailSchema,
  ProductSummarySchema,
  PromotionSchema,
  SectionSchema,
} from "./schemas";

export type ListEndpoint = { kind: "list"; name: ListName; path: string; summary: string; item: z.ZodTypeAny };
export type DetailEndpoint = {
  kind: "detail";
  name: "blog" | "product";
  path: string;
  param: string;
  paramDescription: string;
  summary: string;
  item: z.ZodTypeAny;
};

export const LIST_ENDPOINTS: readonly ListEndpoint[] = [
  {
    kind: "list",
    name: "banners",
    path: "/banners",
    summary: "Portadas del inicio, la más reciente primero (la que se edita en Ecommerce - Portada).",
    item: BannerSchema,
  },
  {
    kind: "list",
    name: "sections",
    path: "/sections",
    summary: "Secciones activas del inicio, en orden, con sus productos habilitados en su orden.",
    item: SectionSchema,
  },
  {
    kind: "list",
    name: "blogs",
    path: "/blogs",
    summary: "Entradas publicadas cuya fecha de publicación ya llegó (las programadas aparecen a su hora).",
    item: BlogSummarySchema,
  },
  {
    kind: "list",
    name: "promotions",
    path: "/promotions",
    summary: "Promociones visibles y vigentes hoy (Ciudad de México).",
    item: PromotionSchema,
  },
  { kind: "list", name: "locations", path: "/locations", summary: "Sucursales activas.", item: LocationSchema },
  {
    kind: "list",
    name: "catalogs",
    path: "/catalogs",
    summary: "Catálogos con sus imágenes y subtítulos (solo productos habilitados).",
    item: CatalogSchema,
  },
  {
    kind: "list",
    name: "products",
    path: "/products",
    summary: "Productos habilitados para e-commerce; filtros por categoría, marca y búsqueda (SKU, nombre).",
    item: ProductSummarySchema,
  },
  {
    kind: "list",
    name: "categories",
    path: "/categories",
    summary: "Árbol de categorías, plano: cada nodo con su parentId.",
    item: CategorySchema,
  },
  { kind: "list", name: "brands", path: "/brands", summary: "Árbol de marcas, plano: cada nodo con su parentId.", item: BrandSchema },
];

export const DETAIL_ENDPOINTS: readonly DetailEndpoint[] = [
  {
    kind: "detail",
    name: "blog",
    path: "/blogs/{slug}",
    param: "slug",
    paramDescription: "Slug de la entrada",
    summary: "Una entrada publicada, con su contenido.",
    item: BlogDetailSchema,
  },
  {
    kind: "detail",
    name: "product",
    path: "/products/{key}",
    param: "key",
    paramDescription: "Slug o SKU (sin distinguir mayúsculas)",
    summary: "Un producto habilitado, con galería, ficha técnica y propiedades.",
    item: ProductDetailSchema,
  },
];

export const listQueryOf = (name: ListName) => LIST_QUERY_SCHEMAS[name];
