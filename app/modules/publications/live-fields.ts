import { DISCOUNT_MIN, QTY_MIN, WAREHOUSE_NAMES } from "./constants";
import { LINKED_MAX, SKU_MAX, VARIATIONS_MAX, type DraftLinked } from "./draft";
import { clampDiscount, clampQty } from "./fees";

/** What the live cost and stock totals read from the editor: the linked rows (flat and per variation) and the warehouses. */
export type LiveFields = { linked: DraftLinked[]; variations: Array<{ linked: DraftLinked[] }>; warehouses: string[] };

const WAREHOUSES = new Set<string>(WAREHOUSE_NAMES);
const ROW = /^((?:variations\[\d+\]\.)?linked)\[(\d+)\]\.(sku|qty|discount)$/;
const VARIATION = /^variations\[(\d+)\]\./;

/**
 * The fields the live totals need, read from the form as it stands in the page, as the server's
 * parse of the same post reads them (draft-form.ts) but without Zod, which the page does not load:
 * a SKU trimmed and upper-cased, an empty quantity 1 and an empty discount 0, a typed one clamped
 * (spec 1 §5). Where that parse refuses one of these fields (a quantity that is not a number, a
 * field sent twice, an unknown warehouse, a list over its limit, a SKU too long) there is nothing
 * to count: null, and the totals stay as they were. A variation's name and attributes do not count
 * for the totals and are not read.
 */
export function readLiveFields(formData: FormData): LiveFields | null {
  const values = new Map<string, FormDataEntryValue[]>();
  const rows = new Map<string, number>();
  let variations = 0;
  for (const [name, value] of formData) {
    const row = ROW.exec(name);
    if (row) rows.set(row[1], Math.max(rows.get(row[1]) ?? 0, Number(row[2]) + 1));
    if (row || name === "warehouses") values.set(name, [...(values.get(name) ?? []), value]);
    // Any field of a variation counts it, as the server's parse would, rows or none.
    const variation = VARIATION.exec(name);
    if (variation) variations = Math.max(variations, Number(variation[1]) + 1);
  }
  if (variations > VARIATIONS_MAX) return null;

  const one = (name: string): string | undefined | null => {
    const found = values.get(name);
    if (!found) return undefined;
    const [value] = found;
    if (found.length > 1 || typeof value !== "string") return null;
    return value === "" ? undefined : value;
  };
  const number = (name: string, clamp: (n: number) => number, empty: number): number | null => {
    const value = one(name);
    if (value === undefined) return empty;
    if (value === null || value.trim() === "") return null;
    const n = Number(value);
    return Number.isNaN(n) ? null : clamp(n);
  };
  const list = (prefix: string): DraftLinked[] | null => {
    const count = rows.get(prefix) ?? 0;
    if (count > LINKED_MAX) return null;
    const out: DraftLinked[] = [];
    for (let i = 0; i < count; i++) {
      const raw = one(`${prefix}[${i}].sku`);
      const sku = (raw ?? "").trim().toUpperCase();
      const qty = number(`${prefix}[${i}].qty`, clampQty, QTY_MIN);
      const discount = number(`${prefix}[${i}].discount`, clampDiscount, DISCOUNT_MIN);
      if (raw === null || sku.length > SKU_MAX || qty === null || discount === null) return null;
      out.push({ sku, qty, discount });
    }
    return out;
  };

  const linked = list("linked");
  const perVariation = Array.from({ length: variations }, (_, j) => list(`variations[${j}].linked`));
  // One empty value is no choice at all; among several it is an unknown warehouse.
  const posted = values.get("warehouses") ?? [];
  const chosen = posted.length === 1 && posted[0] === "" ? [] : posted;
  const warehouses = chosen.filter((w): w is string => typeof w === "string" && WAREHOUSES.has(w));
  if (!linked || perVariation.some((l) => l === null) || warehouses.length !== chosen.length) return null;
  return { linked, variations: perVariation.map((l) => ({ linked: l ?? [] })), warehouses };
}
