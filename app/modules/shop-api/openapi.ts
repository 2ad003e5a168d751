/**
 * The OpenAPI 3.1 document of the shop API, generated from the same Zod schemas that build the
 * answers (schemas.ts) and read the query strings (queries.ts).
 */
import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { DETAIL_ENDPOINTS, LIST_ENDPOINTS, listQueryOf } from "./endpoints";
import { ErrorSchema, MEDIA_WIDTHS, SHOP_API_BASE, oneSchema, pageOfSchema } from "./schemas";

const json = (schema: z.ZodTypeAny, description: string) => ({ description, content: { "application/json": { schema } } });

const cachingHeaders = {
  ETag: { description: "Huella del cuerpo; repítela en If-None-Match para recibir 304", schema: { type: "string" as const } },
  "Last-Modified": { description: "Última edición de los registros de la respuesta", schema: { type: "string" as const } },
  "Cache-Control": { description: "public, max-age=60, stale-while-revalidate=300", schema: { type: "string" as const } },
};

const commonErrors = {
  304: { description: "Sin cambios desde el ETag enviado en If-None-Match" },
  405: json(ErrorSchema, "Método no permitido (Allow: GET, HEAD, OPTIONS)"),
  429: json(ErrorSchema, "Demasiadas solicitudes; Retry-After indica los segundos de espera"),
};

let cached: object | undefined;

export function shopOpenApiDocument(): object {
  if (cached) return cached;
  const registry = new OpenAPIRegistry();
  for (const e of LIST_ENDPOINTS) {
    const page = registry.register(`${e.name[0].toUpperCase()}${e.name.slice(1)}Page`, pageOfSchema(e.item));
    registry.registerPath({
      method: "get",
      path: e.path,
      operationId: `list_${e.name}`,
      summary: e.summary,
      request: { query: listQueryOf(e.name) },
      responses: {
        200: { ...json(page, "Una página"), headers: cachingHeaders },
        400: json(ErrorSchema, "Parámetro inválido: error.field lo nombra"),
        ...commonErrors,
      },
    });
  }
  for (const e of DETAIL_ENDPOINTS) {
    registry.registerPath({
      method: "get",
      path: e.path,
      operationId: `get_${e.name}`,
      summary: e.summary,
      request: { params: z.object({ [e.param]: z.string().openapi({ description: e.paramDescription }) }) },
      responses: {
        200: { ...json(oneSchema(e.item), "El registro"), headers: cachingHeaders },
        404: json(ErrorSchema, "No existe o no está publicado"),
        ...commonErrors,
      },
    });
  }
  registry.registerPath({
    method: "get",
    path: "/media/{fileId}/{name}",
    operationId: "get_media",
    summary: `Imagen en WebP (${MEDIA_WIDTHS.join(" o ")} px de ancho) o ficha técnica en PDF de un registro publicado. Cache-Control: public, max-age=31536000, immutable.`,
    request: {
      params: z.object({
        fileId: z.string().uuid().openapi({ description: "Identificador del archivo (su contenido no cambia nunca)" }),
        name: z.enum(["400.webp", "1200.webp", "ficha.pdf"]),
      }),
    },
    responses: {
      200: {
        description: "El archivo",
        content: {
          "image/webp": { schema: { type: "string", format: "binary" } },
          "application/pdf": { schema: { type: "string", format: "binary" } },
        },
      },
      404: json(ErrorSchema, "No existe, o su registro no está publicado"),
      ...commonErrors,
    },
  });
  cached = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "API de contenido de la tienda",
      version: "1.0.0",
      description:
        "Lo que la tienda en línea lee de este sistema: portadas, secciones, blogs, promociones, sucursales, catálogos, productos, categorías y marcas. Solo lectura, sin sesión; CORS para los orígenes de la tienda. Precios en pesos sin IVA; existencias como «disponible»/«agotado».",
    },
    servers: [{ url: SHOP_API_BASE }],
  });
  return cached;
}
