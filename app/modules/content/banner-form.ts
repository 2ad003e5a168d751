import { z } from "zod";
import { BANNER_TEXT_MAX } from "./banner";

/*
 * The banner's form, apart from its texts: the browser fetches it only when the page checks its
 * fields (app/lib/lazy-validation.ts), so the page loads no Zod to draw the form.
 */

const text = (label: string) =>
  z
    .string()
    .trim()
    .max(BANNER_TEXT_MAX, `${label}: máximo ${BANNER_TEXT_MAX} caracteres.`)
    .optional()
    .transform((v) => v ?? "");

/** The text fields; the image travels as a file next to them and is checked by the command. */
export const BannerSchema = z.object({
  name: text("Título de la imagen"),
  coverTitle: text("Título de portada"),
  coverSubtitle: text("Subtítulo de portada"),
  coverContent: text("Contenido de portada"),
});
export type BannerInput = z.output<typeof BannerSchema>;
