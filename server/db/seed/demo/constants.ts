/** Business constants the demo data follows (spec 1 §9 and §1). */
import { asciiSlug } from "@common/ascii-slug";

/** Warehouses with their delay in days (0 = immediate stock). */
export const WAREHOUSES: ReadonlyArray<readonly [string, number]> = [
  ["O4", 0],
  ["M", 0],
  ["I", 0],
  ["U", 0],
  ["UN", 2],
  ["A1", 1],
  ["T6", 0],
  ["1ML", 0],
  ["N1", 2],
  ["S", 1],
  ["T", 3],
  ["N", 2],
  ["S1", 1],
  ["1N", 1],
  ["O7", 1],
  ["C", 2],
  ["UNC", 1],
  ["JM", 1],
];
export const WAREHOUSE_DELAY = new Map(WAREHOUSES);
export const WAREHOUSE_NAMES = WAREHOUSES.map(([w]) => w);

/** Marketplace store ids: 5139 the brand's official store, 4981 SE Residencial, 4979 Square D; null is Meli 1. */
export const STORE_OFFICIAL = "5139";
export const STORE_SE_RESIDENCIAL = "4981";
export const STORE_SQUARE_D = "4979";

/** Marketplace user ids of the two seller accounts (main account and the brand's account). */
export const SELLER_ID_MAIN = 187_654_321;
export const SELLER_ID_BRAND = 254_310_987;

export const VAT = 0.16;
export const ECOMMERCE_INCREASE = 0.1;

/** Six staff first names who pack orders (settings.package_managers). */
export const PACKAGE_MANAGERS = ["Luis", "Fernanda", "Jorge", "Alejandra", "Ricardo", "Daniela"];

/** Pesos per dollar for products priced in Dolares (settings.dollar_price). */
export const DOLLAR_PRICE = 18.35;

/** A name as a slug for the demo's slugs and permalinks: "Eléctrica Sur" → "electrica-sur". */
export function slugify(text: string): string {
  return asciiSlug(text, "-");
}
