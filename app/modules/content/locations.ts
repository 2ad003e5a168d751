import { z } from "zod";
import type { ListPageData } from "~/lib/list-url";
import { keysOf, q } from "~/lib/query";
import { LOCATION_STATUSES } from "./location-texts";
import type { LocationInput } from "./location-form";
export * from "./location-texts";

/**
 * The shop's branches (spec 2 §2 'Locations', §3 'Location'): texts, the list's URL and the field
 * rules (the dialog's schema is in location-form.ts). Pure: used by the form, the action and the unit
 * tests.
 */

export const parseLocationListQuery = q.searchList({ location_status_filter: q.oneOf(keysOf(LOCATION_STATUSES)) });
export type LocationListQuery = ReturnType<typeof parseLocationListQuery>;

export const LOCATION_LIMITS = { name: 120, schedule: 500, address: 300, url: 2000, phone: 30 } as const;
export const PHONE_DIGITS = 10;

export const PHONE_MESSAGES = {
  characters: "Usa solo dígitos, espacios, +, - y paréntesis",
  digits: `Debe tener ${PHONE_DIGITS} dígitos`,
} as const;

/** A phone as typed ("55 1234-5678", "(81) 8340 1122"): null when acceptable or empty. */
export function phoneProblem(value: string): string | null {
  const text = value.trim();
  if (!text) return null;
  if (/[^0-9 +\-()]/.test(text)) return PHONE_MESSAGES.characters;
  if (text.replace(/\D/g, "").length !== PHONE_DIGITS) return PHONE_MESSAGES.digits;
  return null;
}

export const URL_MESSAGE = "Ingresa una dirección que empiece con http:// o https://";

export const GEO_MESSAGES = {
  latitudeRange: "La latitud debe estar entre -90 y 90",
  longitudeRange: "La longitud debe estar entre -180 y 180",
  latitudeMissing: "Ingresa también la latitud",
  longitudeMissing: "Ingresa también la longitud",
  number: "Ingresa un número con punto decimal (por ejemplo 19.4326)",
} as const;

/** Both coordinates or none; each within its range. Returns the message per field, if any. */
export function geolocationProblems(lat: number | undefined, lng: number | undefined): { latitude?: string; longitude?: string } {
  const out: { latitude?: string; longitude?: string } = {};
  if (lat !== undefined && (lat < -90 || lat > 90)) out.latitude = GEO_MESSAGES.latitudeRange;
  if (lng !== undefined && (lng < -180 || lng > 180)) out.longitude = GEO_MESSAGES.longitudeRange;
  if (lat !== undefined && lng === undefined) out.longitude ??= GEO_MESSAGES.longitudeMissing;
  if (lng !== undefined && lat === undefined) out.latitude ??= GEO_MESSAGES.latitudeMissing;
  return out;
}

/** A record id from the URL: digits only, within a serial's range; anything else is a 404. */
export const ContentIdSchema = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().positive().max(2_147_483_647));

export type Geolocation = { lat: number; lng: number };

export function geolocationOf(input: Pick<LocationInput, "latitude" | "longitude">): Geolocation | null {
  return input.latitude !== undefined && input.longitude !== undefined ? { lat: input.latitude, lng: input.longitude } : null;
}

export type LocationRow = { id: number; name: string; address: string; isActive: boolean };

export type Location = LocationRow & {
  schedule: string;
  phone: string;
  whatsapp: string;
  url: string;
  geolocation: Geolocation | null;
};

export type LocationListData = ListPageData<LocationRow, LocationListQuery>;
