import { CONTENT_MESSAGES } from "./content-messages";
import { SHOP_SECTION_LIMITS } from "./shop-section-texts";

/** The catalogues' paths, limits and texts, apart from the form schemas (the list loads no zod). */

export const CATALOGS_PATH = "/catalogs";
export const CATALOGS_PAGE_SIZE = 15;
export const CATALOG_LIMITS = { title: 150, subtitle: 150, alt: 250, subtitles: 50, images: 30 } as const;

/** Spec 5: at least 1800x600, kept with a 1200x400 WebP copy next to the original. */
export const CATALOG_IMAGE = { minWidth: 1800, minHeight: 600, variants: [{ name: "1200", width: 1200, height: 400 }] } as const;

export const CATALOG_TEXTS = {
  title: "Catálogos",
  newButton: "Nuevo catálogo",
  newTitle: "Nuevo catálogo",
  singular: "Catálogo",
  // Spec 8: the save toast's title and text.
  saved: CONTENT_MESSAGES.savedTitle,
  savedMessage: CONTENT_MESSAGES.saved,
  // Spec 8 writes the toast's title this way; it is kept as given.
  deleted: "Cátalogo",
  deletedMessage: CONTENT_MESSAGES.deleted,
  deleteTitle: "Eliminar catálogo",
  notFoundTitle: "Catálogo no encontrado",
  notFoundText: "El catálogo no existe o fue eliminado.",
  empty: "No hay catálogos que coincidan con la búsqueda.",
  imageInvalid: `Lo sentimos, la imagen no cumple con las dimensiones mínimas (${CATALOG_IMAGE.minWidth}x${CATALOG_IMAGE.minHeight})`,
  imageExists: (name: string) => `Error al guardar, la imagen ${name} ya existe.`,
  needsTitle: "Escribe el título para poder agregar subtítulos y productos.",
  noSubtitles: "El catálogo no tiene subtítulos.",
  noProducts: "Sin productos. Búscalos abajo y agrégalos.",
  noResults: "Ningún producto activo coincide con la búsqueda.",
  noImages: "Sin imágenes.",
  searchLabel: "Busca por nombre o sku",
  titleRequired: "Ingresa el título del catálogo",
  titleTooLong: `Título: máximo ${CATALOG_LIMITS.title} caracteres`,
  subtitleRequired: "Ingresa el texto del subtítulo",
  subtitleTooLong: `Subtítulo: máximo ${CATALOG_LIMITS.subtitle} caracteres`,
  altTooLong: `Texto alternativo: máximo ${CATALOG_LIMITS.alt} caracteres`,
  qtyInvalid: "Cantidad: ingresa un número entero mayor o igual a 1",
  imageUnknown: "La imagen no está en la biblioteca de archivos.",
  tooManyImagesTitle: "Imagen no agregada",
  tooManyImages: `Un catálogo tiene como máximo ${CATALOG_LIMITS.images} imágenes.`,
  tooManySubtitles: `Un catálogo tiene como máximo ${CATALOG_LIMITS.subtitles} subtítulos.`,
  searchTooLong: `Búsqueda: máximo ${SHOP_SECTION_LIMITS.search} caracteres`,
} as const;

export type CatalogRow = { id: number; title: string; subtitleCount: number; productCount: number };
