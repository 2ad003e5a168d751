import { ACTIVE_STATUSES, CONTENT_MESSAGES } from "./content-messages";

/** The promotions list's paths, texts and option tables, apart from the form schema (the list loads no zod). */

export const PROMOTIONS_PATH = "/promotions";

export const PROMOTIONS_PAGE_SIZE = 20;

export const PROMOTION_TEXTS = {
  title: "Promociones",
  newButton: "Nueva Promoción",
  newTitle: "Nueva promoción",
  singular: "Promoción",
  // Spec 8: the save toast's title is the old app's "Obteniendo información"; a delete's is the noun alone.
  saved: CONTENT_MESSAGES.savedTitle,
  deleted: "Promoción",
  deleteTitle: "Eliminar promoción",
  notFoundTitle: "Promoción no encontrada",
  notFoundText: "La promoción no existe o fue eliminada.",
  empty: "No hay promociones que coincidan con los filtros.",
  imageMissingTitle: "Imagen no encontrada",
  imageMissing: "La imagen ya no existe en la biblioteca.",
} as const;

export const PROMOTION_MESSAGES = CONTENT_MESSAGES;

/** Spec 4: the promotion's `visible` flag reads Activa / Inactiva. */
export const PROMOTION_STATUSES = ACTIVE_STATUSES;

export type PromotionStatus = (typeof PROMOTION_STATUSES)[number][0];

/** "2025-03-07" → "07/03/2025" (spec 9: dates shown DD/MM/YYYY). */
export function formatDay(value: string | null | undefined): string {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : "—";
}

/** "07/03/2025 – 21/03/2025": the list's Vigencia column. */
export function formatValidity(start: string | null | undefined, end: string | null | undefined): string {
  if (!start && !end) return "—";
  return `${formatDay(start)} – ${formatDay(end)}`;
}
