import { asciiSlug } from "./ascii-slug";

/**
 * The status token of an order the company is processing, "procesando_en_{brand}" (spec 1 §4
 * "Order display status"): written by the orders made here and by the demo and bench data, read
 * back as "Procesando en {product}" (app/modules/orders/display-status.ts).
 */
export const PROCESSING_PREFIX = "procesando_en_";

/** The brand as a status token: lower case, accents dropped, runs of other characters as "_". */
export function brandSlugOf(brandName: string): string {
  return asciiSlug(brandName, "_");
}

/** The status token this table reads as "Procesando en {product}" (an order generated here, a demo order). */
export function processingStatusOf(brandName: string): string {
  return `${PROCESSING_PREFIX}${brandSlugOf(brandName)}`;
}
