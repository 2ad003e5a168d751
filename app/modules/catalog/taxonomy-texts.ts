/**
 * What the four taxonomy screens (categories and brands, trees; sectors and applications, flat) say
 * alike: each has a list, a dialog titled "{singular} {id}", a create dialog and a delete
 * confirmation. Each screen's table fills these; pure, usable on the client.
 */
export type TaxonomyScreenTexts = {
  /** The list screen and its URL. */
  path: string;
  title: string;
  /** The route parameter of the edit and delete dialogs (`/product-sectors/$sectorId`). */
  param: string;
  newButton: string;
  /** "Sector {id}", "Categoría {id}": the spec's dialog title. */
  singular: string;
  /** The create dialog title (the spec's "Sector 0" reads as a record that exists; see docs/taxonomies.md). */
  newTitle: string;
  /** Lowercase with its article, for sentences: "el sector", "la aplicación". */
  theOne: string;
  nameTaken: string;
  slugTaken: (other: string) => string;
  created: string;
  updated: string;
  /** The activity log's word for a delete; the toast is titled by `singular` alone (spec 8). */
  deleted: string;
  deleteTitle: string;
  notFoundTitle: string;
  notFoundText: string;
  empty: string;
};

/** Spec 8: the same three messages for the four taxonomies. */
export const TAXONOMY_MESSAGES = {
  created: "Se ha creado exitosamente",
  updated: "Se ha actualizado exitosamente",
  deleted: "Se ha eliminado exitosamente",
} as const;
