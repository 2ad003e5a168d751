import { and, desc, eq, or, type SQL } from "drizzle-orm";
import { countOf, pageOf, windowTotal, type PageOfRows } from "~/lib/list.server";
import { getDb, type Db } from "@server/db/client";
import { storeLocations } from "@server/db/schema";
import { foldedContains } from "~/lib/folded-search";
import { LOCATIONS_PAGE_SIZE, geolocationOf, type Location, type LocationListQuery, type LocationRow } from "./locations";
import type { LocationInput } from "./location-form";

import { deleteRecord, saveRecord, type Actor, type CommandResult } from "./records.server";

export type { Actor, CommandResult };
const TAGS = ["content", "locations"];

// ---------------------------------------------------------------------------------------------------
// Queries

/** Name or address contains the term, ignoring case and accents (the same fold as the taxonomies). */
export function locationListWhere(query: Pick<LocationListQuery, "search" | "location_status_filter">): SQL | undefined {
  // `and` leaves out the filters not given (none given: no condition at all).
  return and(
    query.search ? or(foldedContains(storeLocations.name, query.search), foldedContains(storeLocations.address, query.search)) : undefined,
    query.location_status_filter ? eq(storeLocations.isActive, query.location_status_filter === "active") : undefined,
  );
}

/** One page, newest first; the total rides along as a window count (the bench times this statement). */
export function locationsPageQuery(db: Pick<Db, "select">, query: LocationListQuery) {
  return db
    .select({
      id: storeLocations.id,
      name: storeLocations.name,
      address: storeLocations.address,
      isActive: storeLocations.isActive,
      total: windowTotal(),
    })
    .from(storeLocations)
    .where(locationListWhere(query))
    .orderBy(desc(storeLocations.id))
    .limit(LOCATIONS_PAGE_SIZE)
    .offset((query.page - 1) * LOCATIONS_PAGE_SIZE);
}

export async function listLocations(query: LocationListQuery): Promise<PageOfRows<LocationRow>> {
  const found = await locationsPageQuery(getDb(), query);
  return pageOf(found, query.page, LOCATIONS_PAGE_SIZE, countOf(storeLocations, locationListWhere(query)));
}

export async function getLocation(id: number): Promise<Location | null> {
  const [row] = await getDb()
    .select({
      id: storeLocations.id,
      name: storeLocations.name,
      schedule: storeLocations.schedule,
      phone: storeLocations.phone,
      whatsapp: storeLocations.whatsapp,
      address: storeLocations.address,
      url: storeLocations.url,
      geolocation: storeLocations.geolocation,
      isActive: storeLocations.isActive,
    })
    .from(storeLocations)
    .where(eq(storeLocations.id, id))
    .limit(1);
  return row ? { ...row, geolocation: row.geolocation ?? null } : null;
}

// ---------------------------------------------------------------------------------------------------
// Commands

function valuesOf(input: LocationInput) {
  return {
    name: input.name,
    schedule: input.schedule,
    phone: input.phone,
    whatsapp: input.whatsapp,
    address: input.address,
    url: input.url,
    geolocation: geolocationOf(input),
    isActive: input.isActive,
  };
}

const WORDS = { created: "Ubicación creada", updated: "Ubicación actualizada", deleted: "Ubicación eliminada", tags: TAGS };

/** Creates (id null: the spec's id 0) or updates a branch, with its audit entry, in one transaction. */
export function saveLocation(
  id: number | null,
  input: LocationInput,
  actor: Actor,
): Promise<CommandResult<{ id: number; created: boolean }>> {
  const values = valuesOf(input);
  return saveRecord(storeLocations, id, values, values.name, WORDS, actor);
}

export async function deleteLocation(id: number, actor: Actor): Promise<CommandResult<{ id: number; name: string }>> {
  const deleted = await deleteRecord(storeLocations, id, (row) => String(row.name), WORDS, actor);
  return deleted.ok ? { ok: true, value: { id, name: deleted.value.label } } : deleted;
}
