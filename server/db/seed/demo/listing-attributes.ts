import type { SimCategoryAttribute } from "../../schema/sim";
import { CATEGORY_SEED } from "../../../integrations/marketplace/categories-data";

type Attr = { id: string; name: string; value: string; required?: boolean };

const UNIT_DEFAULTS: Record<string, string> = { m: "100 m", A: "20 A", W: "9 W", V: "127 V" };

/**
 * Values for every attribute the marketplace category requires (required or catalog_required), so
 * demo listings are complete and can be saved as they are. Values come from the title when it
 * names one (calibre, amperes, watts…), otherwise a sensible default.
 */
export function listingAttributes(
  categoryId: string,
  product: { brand: string; model: string; name: string; gtin: string | null },
  title: string,
  skus: string[],
): Attr[] {
  const category = CATEGORY_SEED.find((c) => c.id === categoryId);
  const text = title.toLowerCase();
  const out: Attr[] = [
    { id: "BRAND", name: "Marca", value: product.brand, required: true },
    { id: "MODEL", name: "Modelo", value: product.model, required: true },
    { id: "SELLER_SKU", name: "SKU", value: skus.join(" ") },
  ];
  for (const a of category?.attributes ?? []) {
    if (out.some((o) => o.id === a.id) || a.tags?.allow_variations) continue;
    if (!a.tags?.required && !a.tags?.catalog_required) continue;
    out.push({ id: a.id, name: a.name, value: valueFor(a, text, product), required: true });
  }
  return out;
}

function valueFor(a: SimCategoryAttribute, text: string, product: { name: string; gtin: string | null }): string {
  if (a.id === "GTIN") return product.gtin && product.gtin !== "0" ? product.gtin : "7501000000000";
  if (a.id === "ITEM_CONDITION") return "Nuevo";
  if (a.values?.length) {
    const named = a.values.find((v) => text.includes(v.name.toLowerCase()) || text.includes(`calibre ${v.name.split(" ")[0]}`));
    return (named ?? a.values[0]).name;
  }
  if (a.value_type === "number_unit") {
    const unit = a.allowed_units?.[0] ?? "";
    const match = new RegExp(`(\\d+(?:\\.\\d+)?)\\s*${unit.toLowerCase()}\\b`).exec(text);
    return match ? `${match[1]} ${unit}` : (UNIT_DEFAULTS[unit] ?? `1 ${unit}`);
  }
  return product.name;
}
