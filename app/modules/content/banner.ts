import { CONTENT_MESSAGES } from "./content-messages";

/** Home banner rules (spec 2 §3 'Banner home', §5 'Banner'); the form's schema is in banner-form.ts. */

export const BANNER_TEXT_MAX = 255;
export const BANNER_MIN_WIDTH = 3000;
export const BANNER_MIN_HEIGHT = 2000;

export const BANNER_TEXTS = {
  imageInvalid: `Lo sentimos, la imagen no cumple con las dimensiones mínimas (${BANNER_MIN_WIDTH}x${BANNER_MIN_HEIGHT})`,
  imageExists: (name: string) =>
    `Error al guardar, la imagen ${name} ya existe. Es necesario cambiar el nombre de la imagen desde tu computadora y volver a intentarlo.`,
  imageRequired: "Sube la imagen de la portada.",
  // Spec 8: the save toast's title and text.
  savedTitle: CONTENT_MESSAGES.savedTitle,
  saved: CONTENT_MESSAGES.saved,
} as const;
