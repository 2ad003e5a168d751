import { ACTIVE_STATUSES, CONTENT_MESSAGES } from "./content-messages";

/** The locations list's paths, texts and option tables, apart from the form schema (the list loads no zod). */

export const LOCATIONS_PATH = "/locations";

export const LOCATIONS_PAGE_SIZE = 20;

export const LOCATION_TEXTS = {
  title: "Ubicaciones",
  newButton: "Nueva Ubicación",
  newTitle: "Nueva ubicación",
  singular: "Ubicación",
  // Spec 8: the save toast's title.
  saved: CONTENT_MESSAGES.savedTitle,
  deleted: "Ubicación eliminada",
  deleteTitle: "Eliminar ubicación",
  notFoundTitle: "Ubicación no encontrada",
  notFoundText: "La ubicación no existe o fue eliminada.",
  empty: "No hay ubicaciones que coincidan con los filtros.",
} as const;

export const LOCATION_MESSAGES = CONTENT_MESSAGES;

export const LOCATION_STATUSES = ACTIVE_STATUSES;

export type LocationStatus = (typeof LOCATION_STATUSES)[number][0];
