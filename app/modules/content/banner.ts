import { z } from "zod";

/** Home banner rules (spec 2 §3 'Banner home', §5 'Banner'). */
export const BANNER_TEXT_MAX = 255;
export const BANNER_MIN_WIDTH = 3000;
export const BANNER_MIN_HEIGHT = 2000;

export const BANNER_TEXTS = {
  imageInvalid: `Lo sentimos, la imagen no cumple con las dimensiones mínimas (${BANNER_MIN_WIDTH}x${BANNER_MIN_HEIGHT})`,
  imageExists: (name: string) =>
    `Error al guardar, la imagen ${name} ya existe. Es necesario cambiar el nombre de la imagen desde tu computadora y volver a intentarlo.`,
  imageRequired: "Sube la imagen de la portada.",
  savedTitle: "Portada actualizada",
  saved: "Información agregada/actualizada exitosamente",
} as const;

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
