import { CONTENT_MESSAGES } from "./content-messages";

/** The shop sections' paths, limits and texts, apart from the form schemas (the list loads no zod). */

export const SHOP_SECTIONS_PATH = "/ecommerce";
/** How many catalogue matches the dialog's product search shows. */
export const SHOP_SECTION_SEARCH_LIMIT = 40;
export const SHOP_SECTION_LIMITS = { title: 120, qty: 9999, search: 80 } as const;

export const SHOP_SECTION_TEXTS = {
  title: "Ecommerce - Secciones",
  newButton: "Nueva sección",
  newTitle: "Nueva sección",
  singular: "Sección",
  // Spec 8: the save toast's title and text.
  saved: CONTENT_MESSAGES.savedTitle,
  savedMessage: CONTENT_MESSAGES.saved,
  activated: "Sección activada",
  deactivated: "Sección desactivada",
  toggleFailed: "No se pudo cambiar la sección",
  toggleInvalid: "La solicitud no es válida; recarga la página e inténtalo de nuevo.",
  notFoundTitle: "Sección no encontrada",
  notFoundText: "La sección no existe.",
  empty: "Todavía no hay secciones.",
  showInShop: "Mostrar en la tienda",
  searchLabel: "Busca por nombre o sku",
  noProducts: "La sección no tiene productos. Búscalos abajo y agrégalos.",
  noResults: "Ningún producto activo coincide con la búsqueda.",
  titleRequired: "Ingresa el título de la sección",
  titleTooLong: `Título: máximo ${SHOP_SECTION_LIMITS.title} caracteres`,
  qtyInvalid: "Cantidad: ingresa un número entero mayor o igual a 1",
} as const;

export type ShopSectionRow = { id: number; title: string; status: boolean; productCount: number };
