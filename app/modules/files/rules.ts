/**
 * The shared files library (spec 2 'Archivos subidos', 3 'File entry origins', 5 image sizes, 7
 * 'Files', 9 'Files page size'): limits and texts every screen that takes a file uses.
 */
export const FILES_PAGE_SIZE = 18;
export const IMAGE_MAX_BYTES = 15 * 1024 * 1024;
/** A decoded image above this many pixels is refused before it is decompressed (a decompression bomb). */
export const IMAGE_MAX_PIXELS = 50_000_000;
export const PDF_MAX_BYTES = 20 * 1024 * 1024;
export const PDF_MIME = "application/pdf";

/** Spec 3: how an entry came to a record — uploaded there, or picked from the library. */
export const ORIGIN_UPLOAD = "upload";
export const ORIGIN_LIBRARY = "directus";
/** A file sent or received in a conversation: it belongs to Messages, never to the library. */
export const ORIGIN_MESSAGE = "message";
/** A document uploaded to an assistant: it belongs to Asistentes IA, never to the library. */
export const ORIGIN_ASSISTANT = "assistant";
/**
 * The files "Archivos subidos" is made of: what the library's own editors store (product, catalogue
 * and content images, data sheets) and the bundled pictures. Only these are listed or may be picked;
 * a conversation's attachment or an assistant's document stays with the screen it came from.
 */
export const LIBRARY_ORIGINS: readonly string[] = [ORIGIN_UPLOAD, ORIGIN_LIBRARY];

export const FILE_TEXTS = {
  title: "Archivos subidos",
  imageExistsTitle: "Imagen ya existente",
  imageExists: (name: string) => `Error al guardar, la imagen ${name} ya existe.`,
  /** Spec 5 'Product (non-combo)': the product dialog's duplicate image text names no file. */
  productImageExists: "Error al guardar, la imagen ya existe.",
  imageInvalidTitle: "Imagen no válida",
  imageInvalid: (w: number, h: number) => `Lo sentimos, la imagen no cumple con las dimensiones mínimas (${w}x${h})`,
  imageUnreadable: "El archivo no es una imagen válida o está dañado.",
  imageTooLarge: "La imagen es demasiado grande (máximo 15 MB y 50 megapíxeles).",
  documentExistsTitle: "Documento ya existente",
  documentExists: (name: string) => `Error al guardar, el archivo ${name} ya existe.`,
  documentInvalidTitle: "Documento no válido",
  documentInvalid: "La ficha técnica debe ser un archivo PDF de máximo 20 MB.",
  empty: "No hay archivos que coincidan.",
  missing: "El archivo elegido ya no existe en la biblioteca.",
  /** Said after a save whose rich text linked or showed stored files that are not the library's (they are taken out). */
  foreignFileLinks: "Se quitaron enlaces a archivos que no pertenecen a la biblioteca.",
  /** The title of the refusal when the file store does not answer (its text: STORAGE_DOWN_MESSAGE, server/storage). */
  storageDownTitle: "Archivo no guardado",
} as const;

export type LibraryKind = "image" | "pdf";
export type LibraryEntry = { fileId: string; url: string; name: string; kind: LibraryKind; thumb: string | null };

/** Whether a PDF's first bytes carry its signature. */
export function looksLikePdf(bytes: Uint8Array) {
  return bytes.length >= 5 && bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46 && bytes[4] === 0x2d;
}

export function isFileId(value: string) {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/**
 * The URL of the dialog that opened the library, from the library's own: without the library's
 * parameters. A pick adds `pick` and keeps `for` (what the pick is for); closing drops `for` too.
 */
export function openerUrl(openerPath: string, search: string, pick?: string) {
  const params = new URLSearchParams(search);
  for (const k of ["fileSearch", "filePage", ...(pick ? [] : ["for"])]) params.delete(k);
  if (pick) params.set("pick", pick);
  const query = params.toString();
  return query ? `${openerPath}?${query}` : openerPath;
}
