/**
 * What the online shop may read, field by field. Every answer of `/api/shop/v1` is built by parsing
 * with these schemas (`.strict()` objects: a field not listed here is an error, never a leak), and the
 * OpenAPI document is generated from them. Adding a field is adding it here, on purpose;
 * `tests/unit/shop-api-fields.test.ts` lists every field and fails on any other.
 */
import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

extendZodWithOpenApi(z);

export const SHOP_API_BASE = "/api/shop/v1";

/** Stock as the shop shows it: never the per-warehouse figures. */
export const STOCK_STATES = ["disponible", "agotado"] as const;

/** Widths (px) of the WebP copies the shop asks for. */
export const MEDIA_WIDTHS = [400, 1200] as const;

const isoDateTime = z.string().datetime({ offset: true }).openapi({ example: "2026-11-28T18:00:00.000Z" });

export const ImageSchema = z
  .object({
    alt: z.string().openapi({ description: "Texto alternativo" }),
    url400: z.string().openapi({ description: "WebP de 400 px de ancho (URL inmutable)" }),
    url1200: z.string().openapi({ description: "WebP de 1200 px de ancho (URL inmutable)" }),
  })
  .strict()
  .openapi("Image");

export const BannerSchema = z
  .object({
    id: z.number().int(),
    name: z.string().openapi({ description: "Título de la imagen" }),
    image: ImageSchema.nullable(),
    coverTitle: z.string(),
    coverSubtitle: z.string(),
    coverContent: z.string(),
    updatedAt: isoDateTime,
  })
  .strict()
  .openapi("Banner");

export const PriceSchema = z
  .object({
    amount: z.number().openapi({
      description: "Precio unitario en pesos, sin IVA, a 2 decimales (los artículos en dólares, al tipo de cambio vigente)",
    }),
    currency: z.literal("MXN"),
  })
  .strict()
  .openapi("Price");

// Shapes are spread, never `.extend()`ed from a registered schema: the document would say
// allOf(ref, {additionalProperties: false}), which no answer can satisfy.
const productSummaryShape = {
  sku: z.string(),
  slug: z.string(),
  name: z.string(),
  manufacturerSku: z.string(),
  brand: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).strict().nullable(),
  category: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).strict().nullable(),
  price: PriceSchema.nullable().openapi({
    description: "null cuando el precio no se puede calcular en pesos (por ejemplo, falta el tipo de cambio del dólar)",
  }),
  stock: z.enum(STOCK_STATES).openapi({
    description: "«disponible» con al menos una pieza, «agotado» sin existencias",
  }),
  image: ImageSchema.nullable(),
  isCombo: z.boolean(),
  updatedAt: isoDateTime,
};
export const ProductSummarySchema = z.object(productSummaryShape).strict().openapi("ProductSummary");

export const ProductDetailSchema = z
  .object({
    ...productSummaryShape,
    description: z.string().openapi({ description: "HTML saneado" }),
    eanUpc: z.string().nullable(),
    claveSat: z.string(),
    dimensions: z
      .object({
        tall: z.number(),
        wide: z.number(),
        long: z.number(),
        weight: z.number(),
      })
      .strict(),
    gallery: z.array(ImageSchema),
    dataSheetUrl: z.string().nullable().openapi({ description: "Ficha técnica en PDF" }),
    properties: z.array(z.object({ name: z.string(), value: z.string() }).strict()),
  })
  .strict()
  .openapi("ProductDetail");

export const SectionProductSchema = z
  .object({ ...productSummaryShape, qty: z.number().int() })
  .strict()
  .openapi("SectionProduct");

export const SectionSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    products: z.array(SectionProductSchema).openapi({
      description: "En el orden de la sección; solo productos habilitados",
    }),
    updatedAt: isoDateTime,
  })
  .strict()
  .openapi("Section");

const blogSummaryShape = {
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  image: ImageSchema.nullable(),
  publishedAt: isoDateTime,
  updatedAt: isoDateTime,
};
export const BlogSummarySchema = z.object(blogSummaryShape).strict().openapi("BlogSummary");

export const BlogDetailSchema = z
  .object({
    ...blogSummaryShape,
    content: z.string().openapi({ description: "HTML saneado" }),
  })
  .strict()
  .openapi("BlogDetail");

export const PromotionSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    link: z.string(),
    image: ImageSchema.nullable(),
    startDate: z.string().nullable().openapi({ description: "AAAA-MM-DD" }),
    endDate: z.string().nullable().openapi({ description: "AAAA-MM-DD" }),
    permalink: z.string(),
    updatedAt: isoDateTime,
  })
  .strict()
  .openapi("Promotion");

export const LocationSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    schedule: z.string(),
    phone: z.string(),
    whatsapp: z.string(),
    address: z.string(),
    url: z.string(),
    geolocation: z.object({ lat: z.number(), lng: z.number() }).strict().nullable(),
    updatedAt: isoDateTime,
  })
  .strict()
  .openapi("Location");

export const CatalogSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    images: z.array(ImageSchema),
    subtitles: z.array(z.object({ title: z.string(), products: z.array(SectionProductSchema) }).strict()),
    updatedAt: isoDateTime,
  })
  .strict()
  .openapi("Catalog");

const treeNode = {
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  parentId: z.number().int().nullable().openapi({ description: "Nodo padre; null en la raíz" }),
  image: ImageSchema.nullable(),
  cover: ImageSchema.nullable(),
  updatedAt: isoDateTime,
};
export const CategorySchema = z.object(treeNode).strict().openapi("Category");
export const BrandSchema = z
  .object({
    ...treeNode,
    productImage: ImageSchema.nullable(),
    isFeatured: z.boolean(),
  })
  .strict()
  .openapi("Brand");

export const MetaSchema = z
  .object({
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .strict()
  .openapi("PageMeta");

export const ErrorSchema = z
  .object({
    error: z.object({ message: z.string(), field: z.string().optional() }).strict(),
  })
  .strict()
  .openapi("Error");

export const pageOfSchema = <T extends z.ZodTypeAny>(item: T) => z.object({ data: z.array(item), meta: MetaSchema }).strict();
export const oneSchema = <T extends z.ZodTypeAny>(item: T) => z.object({ data: item }).strict();

export type ShopImage = z.infer<typeof ImageSchema>;
export type ProductSummary = z.infer<typeof ProductSummarySchema>;
export type ProductDetail = z.infer<typeof ProductDetailSchema>;
export type SectionProduct = z.infer<typeof SectionProductSchema>;
