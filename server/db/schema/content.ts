import { sql } from "drizzle-orm";
import { boolean, date, index, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { stampedNow } from "./columns";
import type { ImageRef } from "./catalog";

/** The shop's branches (spec 2 'Location', items/store_locations). */
export const storeLocations = pgTable(
  "store_locations",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    schedule: text("schedule").notNull().default(""),
    phone: text("phone").notNull().default(""),
    whatsapp: text("whatsapp").notNull().default(""),
    address: text("address").notNull().default(""),
    /** The maps link shown in the shop. */
    url: text("url").notNull().default(""),
    /** Latitude and longitude when known (the old store kept a geolocation field). */
    geolocation: jsonb("geolocation").$type<{ lat: number; lng: number } | null>(),
    /** Shown in the shop (the list's location_status_filter). */
    isActive: boolean("is_active").notNull().default(true),
    createdAt: stampedNow("created_at"),
    updatedAt: stampedNow("updated_at"),
  },
  (t) => [index("store_locations_name_idx").on(sql`lower(${t.name})`), index("store_locations_active_idx").on(t.isActive, t.id)],
);

/** The shop's promotions (spec 2 'Promotion', items/store_promos). */
export const storePromos = pgTable(
  "store_promos",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    link: text("link").notNull().default(""),
    image: jsonb("image").$type<ImageRef | null>(),
    startDate: date("start_date", { mode: "string" }),
    endDate: date("end_date", { mode: "string" }),
    /** Activa / Inactiva in the list (the promo_status_filter). */
    visible: boolean("visible").notNull().default(false),
    /** The old store's workflow status; kept for the shop, not edited here. */
    status: text("status").notNull().default("published"),
    permalink: text("permalink").notNull().default(""),
    createdAt: stampedNow("created_at"),
    updatedAt: stampedNow("updated_at"),
  },
  (t) => [index("store_promos_title_idx").on(sql`lower(${t.title})`), index("store_promos_visible_idx").on(t.visible, t.id)],
);

/** The shop's home banner (spec 2 'Banner home'): the screen edits the latest row. */
export const bannersHome = pgTable("banners_home", {
  id: serial("id").primaryKey(),
  /** The image title. */
  name: text("name").notNull().default(""),
  image: jsonb("image").$type<ImageRef | null>(),
  coverTitle: text("cover_title").notNull().default(""),
  coverSubtitle: text("cover_subtitle").notNull().default(""),
  coverContent: text("cover_content").notNull().default(""),
  updatedAt: stampedNow("updated_at"),
});

/**
 * The shop's home sections (spec 2 'Shop section', items/ecommerce): a title, whether the shop shows
 * it, and its products in order. The product details the shop needs are read from the catalogue.
 */
export const shopSections = pgTable("shop_sections", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  /** Shown in the shop (the list's active toggle). */
  status: boolean("status").notNull().default(false),
  /** Catalogue SKUs in display order, each with the quantity the shop offers (kits). */
  products: jsonb("products").$type<Array<{ id: string; qty: number }>>().notNull().default([]),
  createdAt: stampedNow("created_at"),
  updatedAt: stampedNow("updated_at"),
});

/**
 * Printed/online product catalogues (spec 2 'Catalog', items/catalogs): a title, several images with
 * alt text, and subtitles, each listing catalogue products in order.
 */
export const catalogs = pgTable(
  "catalogs",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    images: jsonb("images").$type<Array<ImageRef & { alt: string }>>().notNull().default([]),
    subtitles: jsonb("subtitles").$type<Array<{ title: string; products: Array<{ id: string; qty: number }> }>>().notNull().default([]),
    createdAt: stampedNow("created_at"),
    updatedAt: stampedNow("updated_at"),
  },
  (t) => [index("catalogs_title_idx").on(sql`lower(${t.title})`)],
);
