import type { BadgeVariant } from "~/components/Badge";
import { LISTING_TYPES, STATUSES, STORE_OFFICIAL, STORE_SE_RESIDENCIAL, STORE_SQUARE_D } from "./constants";

/** Store badge text for a marketplace store id (spec 1 §1): 5139 official, 4981, 4979, else Meli 1. */
export function storeLabel(mlStore: string | null | undefined, brand: string): string {
  switch ((mlStore ?? "").trim()) {
    case STORE_OFFICIAL:
      return `${brand} Oficial`;
    case STORE_SE_RESIDENCIAL:
      return "SE Residencial";
    case STORE_SQUARE_D:
      return "Square D";
    default:
      return "Meli 1";
  }
}

export function storeVariant(mlStore: string | null | undefined): BadgeVariant {
  switch ((mlStore ?? "").trim()) {
    case STORE_OFFICIAL:
      return "indigo";
    case STORE_SE_RESIDENCIAL:
      return "success";
    case STORE_SQUARE_D:
      return "info";
    default:
      return "warning";
  }
}

/** The store value equal to the brand name marks the second marketplace account; empty is the main one. */
export function isBrandAccount(officialStore: string | null | undefined, brand: string): boolean {
  return !!officialStore && officialStore.trim().toLowerCase() === brand.trim().toLowerCase();
}

export function publicationTypeLabel(hasVariations: boolean): "VARIABLE" | "SIMPLE" {
  return hasVariations ? "VARIABLE" : "SIMPLE";
}

export function statusLabel(status: string): string {
  return STATUSES.find(([key]) => key === status)?.[1] ?? "Inactiva";
}

export function listingTypeLabel(listingType: string | null | undefined): string {
  return LISTING_TYPES.find(([key]) => key === listingType)?.[1] ?? "Por definir";
}
