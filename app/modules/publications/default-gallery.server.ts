import { ensureBundledImages, SQUARE_IMAGE, type BundledImage } from "~/modules/files/files.server";
import type { DraftImage } from "./draft";

/**
 * Spec 1 §4: a new publication starts with two default gallery images. They ship with the app
 * (`public/brand/`) and become library files with fixed ids, so every new publication points at the
 * same two files instead of copying them.
 */
export const DEFAULT_GALLERY: readonly BundledImage[] = [
  {
    id: "08c3bfbc-3986-4879-9fb9-4396131ccfd9",
    publicPath: "brand/galeria-predeterminada-1.webp",
    name: "galeria-predeterminada-1.webp",
    title: "Material eléctrico original, con factura",
  },
  {
    id: "4647e4c9-fccf-45b1-9f54-e9ec52a293a9",
    publicPath: "brand/galeria-predeterminada-2.webp",
    name: "galeria-predeterminada-2.webp",
    title: "Compra con confianza: envíos, factura y garantía",
  },
];

/** The default images as gallery items of the publication itself (no linked product), alt text filled. */
export async function defaultGallery(): Promise<DraftImage[]> {
  const stored = await ensureBundledImages(DEFAULT_GALLERY, SQUARE_IMAGE);
  return stored.map((image) => ({ ...image, sku: "", alt: DEFAULT_GALLERY.find((d) => d.id === image.fileId)?.title ?? "" }));
}
