/** Business constants of the publications area (spec 1 §3, §5, §9). */

export const PUBLICATIONS_PAGE_SIZE = 8;

// The warehouses and store ids are shared with the demo data.
export { STORE_OFFICIAL, STORE_SE_RESIDENCIAL, STORE_SQUARE_D, WAREHOUSE_DELAY, WAREHOUSE_NAMES, WAREHOUSES } from "@common/warehouses";

export const CHANNELS = [
  ["marketplace", "ML"],
  ["mshops", "MS"],
] as const;
export type ChannelKey = (typeof CHANNELS)[number][0];
export const CHANNEL_NAMES: Record<ChannelKey, string> = { marketplace: "Mercado Libre", mshops: "Mercado Shops" };

export const LISTING_TYPES = [
  ["gold_special", "Clásica"],
  ["gold_pro", "Premium"],
  ["undefined", "Por definir"],
] as const;
export type ListingTypeKey = (typeof LISTING_TYPES)[number][0];
export const DEFAULT_LISTING_TYPE: ListingTypeKey = "gold_special";

export const STATUSES = [
  ["active", "Activa"],
  ["paused", "Inactiva"],
] as const;
export type PublicationStatus = (typeof STATUSES)[number][0];

/** Fee maths (spec 1 §9). */
export const IVA = 0.16;
export const DEFAULT_COMMISSION = 0.2;
export const SHIPMENT_COST = 25;
export const DEFAULT_SHIPMENT_COST = 25;
export const SHIPMENT_CONSTANT = 298.5;
export const SHIPMENT_FALLBACK = 30;
export const FLAT_FEE_DEDUCTION = 25;

/** Title limits (spec 1 §5). */
export const TITLE_MAX = 55;
export const SPECIAL_TITLE_MAX = 40;

/** Linked products (spec 1 §5). */
export const DISCOUNT_MIN = 0;
export const DISCOUNT_MAX = 10;
export const QTY_MIN = 1;

/** Gallery: at most 8 images per linked product; the minimum size of gallery images (spec 2 §5). */
export const GALLERY_MAX_PER_PRODUCT = 8;
/** An image's alt text (the gallery item's `alt`). */
export const GALLERY_ALT_MAX = 125;
export const IMAGE_MIN_WIDTH = 1500;
export const IMAGE_MIN_HEIGHT = 1500;
export const IMAGE_MAX_BYTES = 15 * 1024 * 1024;

/** Product search inside the dialog (spec 1 §2). */
export const PRODUCT_SEARCH_LIMIT = 40;
export const PRODUCT_SEARCH_DEBOUNCE_MS = 600;

/** Marketplace categories shown at once in the category picker and the predictor's modal (spec 2 §9: typeahead 20). */
export const CATEGORY_TYPEAHEAD_LIMIT = 20;

/** Stock report threshold (spec 1 §5). */
export const STOCK_THRESHOLD_MIN = 0;
export const STOCK_THRESHOLD_MAX = 20;

/** The spec's texts, kept exactly. */
export const TEXTS = {
  insufficientTitle: "Datos insuficientes",
  insufficientMessage: "Por favor completa toda la información",
  allSyncedTitle: "Genial",
  allSyncedMessage: "Wow al parecer todas las publicaciones están sincronizadas",
  noRecordsTitle: "Sin registros",
  noRecordsDate: "Lo sentimos, no se encuentran registros de la fecha seleccionada.",
  noRecordsStock: "Lo sentimos, no se encuentran registros con los parámetros seleccionados.",
  imageExistsTitle: "Imagen ya existente",
  imageExists: (name: string) => `Error al guardar, la imagen ${name} ya existe.`,
  imageInvalidTitle: "Imagen no válida",
  imageInvalid: `Lo sentimos, la imagen no cumple con las dimensiones mínimas (${IMAGE_MIN_WIDTH}x${IMAGE_MIN_HEIGHT})`,
  linkCopied: "Enlace copiado",
} as const;
