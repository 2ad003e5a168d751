/** The locations list's paths, texts and option tables, apart from the form schema (the list loads no zod). */

export const LOCATIONS_PATH = "/locations";

export const LOCATIONS_PAGE_SIZE = 20;

export const LOCATION_TEXTS = {
  title: "Ubicaciones",
  newButton: "Nueva Ubicación",
  newTitle: "Nueva ubicación",
  singular: "Ubicación",
  // Spec 8: the save toast's title.
  saved: "Obteniendo información",
  deleted: "Ubicación eliminada",
  deleteTitle: "Eliminar ubicación",
  notFoundTitle: "Ubicación no encontrada",
  notFoundText: "La ubicación no existe o fue eliminada.",
  empty: "No hay ubicaciones que coincidan con los filtros.",
} as const;

/** Spec 8: the toast texts of every content save and delete. */
export const LOCATION_MESSAGES = {
  saved: "Información agregada/actualizada exitosamente",
  deleted: "Se ha eliminado exitosamente",
} as const;

export const LOCATION_STATUSES = [
  ["active", "Activa"],
  ["inactive", "Inactiva"],
] as const;

export type LocationStatus = (typeof LOCATION_STATUSES)[number][0];
