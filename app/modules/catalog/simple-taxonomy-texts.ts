import type { TaxonomyScreenTexts } from "./taxonomy-texts";

/** Sectors' and applications' texts, apart from the form schema (the list loads no zod). */

/**
 * Sectors and applications (spec 2 §2 'Categories, brands, sectors, applications', §3): the same
 * screen twice — a name and its slug. Everything that differs between the two is text, kept here so
 * the list, the dialogs, the server and the tests read one table.
 */
export const SIMPLE_TAXONOMIES = ["sectors", "applications"] as const;

export type SimpleTaxonomy = (typeof SIMPLE_TAXONOMIES)[number];

export type TaxonomyTexts = TaxonomyScreenTexts & {
  /** The object pronoun: "Ningún producto lo usa" / "la usa". */
  it: "lo" | "la";
  /** "sin sector": what a product is left with after a delete. */
  without: string;
};

export const TAXONOMY_TEXTS: Record<SimpleTaxonomy, TaxonomyTexts> = {
  sectors: {
    path: "/product-sectors",
    title: "Sectores",
    param: "sectorId",
    newButton: "Nuevo Sector",
    singular: "Sector",
    newTitle: "Nuevo sector",
    theOne: "el sector",
    it: "lo",
    without: "sin sector",
    nameTaken: "Ya existe un sector con ese nombre.",
    slugTaken: (other) => `Ya existe un sector con un nombre equivalente: «${other}».`,
    created: "Sector creado",
    updated: "Sector actualizado",
    deleted: "Sector eliminado",
    deleteTitle: "Eliminar sector",
    notFoundTitle: "Sector no encontrado",
    notFoundText: "El sector no existe o fue eliminado.",
    empty: "No hay sectores que coincidan con la búsqueda.",
  },
  applications: {
    path: "/product-applications",
    title: "Aplicaciones",
    param: "applicationId",
    newButton: "Nueva Aplicación",
    singular: "Aplicación",
    newTitle: "Nueva aplicación",
    theOne: "la aplicación",
    it: "la",
    without: "sin aplicación",
    nameTaken: "Ya existe una aplicación con ese nombre.",
    slugTaken: (other) => `Ya existe una aplicación con un nombre equivalente: «${other}».`,
    created: "Aplicación creada",
    updated: "Aplicación actualizada",
    deleted: "Aplicación eliminada",
    deleteTitle: "Eliminar aplicación",
    notFoundTitle: "Aplicación no encontrada",
    notFoundText: "La aplicación no existe o fue eliminada.",
    empty: "No hay aplicaciones que coincidan con la búsqueda.",
  },
};
