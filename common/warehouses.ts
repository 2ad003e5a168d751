/**
 * The ERP's warehouses and the marketplace's store ids (spec 1 §9 and §1): the publications' rules
 * and the demo data follow the same list.
 */

/** Warehouses with their delay in days: 0 is immediate stock, anything else is later stock. */
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
export const WAREHOUSE_NAMES = WAREHOUSES.map(([name]) => name);
export const WAREHOUSE_DELAY = new Map<string, number>(WAREHOUSES);

/** Marketplace store ids: 5139 the brand's official store, 4981 SE Residencial, 4979 Square D. Anything else, or none, is the main account "Meli 1". */
export const STORE_OFFICIAL = "5139";
export const STORE_SE_RESIDENCIAL = "4981";
export const STORE_SQUARE_D = "4979";
