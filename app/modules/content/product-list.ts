import { SHOP_SECTION_LIMITS } from "./shop-section-texts";

/*
 * The product-list rules the dialogs run while drawing (a shop section's list, a catalogue
 * subtitle's): plain code, no schema, so a dialog's page loads no Zod for them. The schemas of the
 * lists are in shop-sections.ts, which re-exports these.
 */

/** A list row as typed: the SKU (a hidden input) and the quantity exactly as written. */
export type DraftItem = { id: string; qty: string };

const typedText = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * A posted list as typed, read as `rowsOf` reads a list (a missing row is an empty one, a row that
 * is not an object is dropped, a missing or malformed value is empty), the SKU trimmed and
 * upper-cased, rows without one left out. Plain code, not a schema: the dialogs read their lists
 * with it while drawing, and must not load Zod for that.
 */
export function draftItemsOf(value: unknown): DraftItem[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((item: unknown) => item ?? {})
    .filter((row): row is Record<string, unknown> => typeof row === "object" && !Array.isArray(row))
    .map((row) => ({ id: typedText(row.id).trim().toUpperCase(), qty: typedText(row.qty) }))
    .filter((item) => item.id !== "");
}

/** A quantity as typed: a whole number from 1 to 9999, or null. */
export function parseQty(value: string): number | null {
  const text = value.trim();
  if (!/^\d{1,4}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= SHOP_SECTION_LIMITS.qty ? n : null;
}

/**
 * Agregar on a search hit: a SKU already listed gets +1 (a quantity that is not a valid number
 * counts as 1, capped at 9999), a new one goes last with quantity 1. Used by the server (a post
 * without JavaScript) and by the browser (with it), so both add the same way.
 */
export function addProduct(list: DraftItem[], sku: string): DraftItem[] {
  const id = sku.trim().toUpperCase();
  if (!id) return list.map((item) => ({ ...item }));
  if (!list.some((item) => item.id === id)) return [...list.map((item) => ({ ...item })), { id, qty: "1" }];
  return list.map((item) =>
    item.id === id ? { id, qty: String(Math.min(SHOP_SECTION_LIMITS.qty, (parseQty(item.qty) ?? 1) + 1)) } : { ...item },
  );
}

/** The key a search's results are kept under: the term as the search reads it. */
export const searchKey = (term: string) => term.trim().toUpperCase().slice(0, SHOP_SECTION_LIMITS.search);

/** The `intent` value of a button: its word, or the whole object when it carries data. */
export const intentValue = <Intent extends { type: string }>(intent: Intent) =>
  Object.keys(intent).length === 1 ? intent.type : JSON.stringify(intent);

/** What the catalogue says of a listed SKU today (never copied into the section). */
/** `price`: pesos (decision 0038); null when it cannot be worked out (a dollar price with no rate). */
export type ProductInfo = { name: string; price: number | null; stockTotal: number; isActive: boolean };
export type ProductHit = { id: string; name: string; price: number | null; stockTotal: number };

/** A search hit as a list row's description (the search only finds active products). */
export const infoOfHits = (hits: readonly ProductHit[] | null | undefined): Record<string, ProductInfo> =>
  Object.fromEntries((hits ?? []).map((hit) => [hit.id, { name: hit.name, price: hit.price, stockTotal: hit.stockTotal, isActive: true }]));
