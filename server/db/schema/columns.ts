/** Column shapes every area writes the same way, so a table reads as its own fields only. */
import { integer, numeric, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";

/** An amount in pesos (or the product's currency): two decimals, read as a JS number. */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: "number" });

/** A moment in time, always stored with its zone (days are cut in America/Mexico_City). */
export const timestampTz = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written, filled in by the database. */
export const stampedNow = (name: string) => timestampTz(name).notNull().defaultNow();

/** A row that belongs to another (a line of a sale, a document of an assistant): it goes when its owner goes. */
export const ownedBy = (name: string, owner: () => AnyPgColumn) => integer(name).notNull().references(owner, { onDelete: "cascade" });
