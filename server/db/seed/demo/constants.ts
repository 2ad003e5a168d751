/** Business constants the demo data follows (spec 1 §9 and §1). */
import { asciiSlug } from "@common/ascii-slug";

export { STORE_OFFICIAL, STORE_SE_RESIDENCIAL, STORE_SQUARE_D, WAREHOUSE_DELAY, WAREHOUSE_NAMES, WAREHOUSES } from "@common/warehouses";

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
