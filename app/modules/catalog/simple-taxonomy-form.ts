import { z } from "zod";
import { TAXONOMY_NAME_MAX } from "./simple-taxonomy";
import { taxonomySlug } from "./taxonomy-slug";

/*
 * The dialogs' form, apart from the list's module: the browser fetches it only when a dialog checks
 * its fields (app/lib/lazy-validation.ts), so no page loads Zod to draw the form.
 */

/** The one field of both dialogs; the slug is derived from it, so a name must yield one. */
export const TaxonomyFormSchema = z.object({
  name: z
    .string({ required_error: "Ingresa el nombre" })
    .trim()
    .min(1, "Ingresa el nombre")
    .max(TAXONOMY_NAME_MAX, `Nombre: máximo ${TAXONOMY_NAME_MAX} caracteres`)
    .refine((name) => name === "" || taxonomySlug(name) !== "", "El nombre debe tener al menos una letra o un número"),
});
export type TaxonomyInput = z.output<typeof TaxonomyFormSchema>;
