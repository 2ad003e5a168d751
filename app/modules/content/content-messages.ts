/** Spec 8: the toast texts of every content save and delete (branches, promotions, catalogues, sections, the banner). */
export const CONTENT_MESSAGES = {
  savedTitle: "Obteniendo información",
  saved: "Información agregada/actualizada exitosamente",
  deleted: "Se ha eliminado exitosamente",
} as const;

/** A record's on/off flag as its list filters and shows it: Activa / Inactiva. */
export const ACTIVE_STATUSES = [
  ["active", "Activa"],
  ["inactive", "Inactiva"],
] as const;
