import type { Draft } from "~/modules/publications/draft";

/** Conform's list buttons, as their `__intent__` value (what the button posts without JavaScript). */
export type ListIntent =
  | { type: "insert"; payload: { name: string; defaultValue?: unknown; index?: number } }
  | { type: "remove"; payload: { name: string; index: number } }
  | { type: "reorder"; payload: { name: string; from: number; to: number } }
  | { type: "update"; payload: { name: string; value: unknown } };

/**
 * The publication dialog's fields for a draft, as the browser posts them (Conform names:
 * `linked[0].qty`, `variations[1].attributes.COLOR`, `gallery[2].alt`), with the button pressed:
 * an `intent` (a word or a JSON object) or one of Conform's list buttons.
 */
export function publicationForm(d: Omit<Draft, "id">, button: string | ListIntent = "save"): FormData {
  const f = new FormData();
  const put = (k: string, v: string | number | boolean | null | undefined) => {
    if (v === false || v == null) return;
    f.append(k, v === true ? "on" : String(v));
  };
  if (typeof button === "string") put("intent", button);
  else f.append("__intent__", JSON.stringify(button));
  put("version", d.version);
  put("title", d.title);
  put("special", d.special);
  put("categoryId", d.categoryId);
  put("listingType", d.listingType);
  put("store", d.store);
  for (const [k, v] of Object.entries(d.attributes)) put(`attributes.${k}`, v);
  put("autosync", d.autosync);
  put("priceSync", d.priceSync);
  put("stockSync", d.stockSync);
  d.warehouses.forEach((w) => f.append("warehouses", w));
  d.channels.forEach((c) => f.append("channels", c));
  put("premium", d.premium);
  put("status", d.status);
  const rows = (prefix: string, list: Draft["linked"]) =>
    list.forEach((l, i) => {
      f.append(`${prefix}[${i}].sku`, l.sku);
      f.append(`${prefix}[${i}].qty`, String(l.qty));
      f.append(`${prefix}[${i}].discount`, String(l.discount));
    });
  rows("linked", d.linked);
  d.variations.forEach((v, j) => {
    f.append(`variations[${j}].id`, v.id == null ? "" : String(v.id));
    f.append(`variations[${j}].name`, v.name);
    for (const [k, val] of Object.entries(v.attributes)) f.append(`variations[${j}].attributes.${k}`, val);
    rows(`variations[${j}].linked`, v.linked);
  });
  d.gallery.forEach((g, k) => {
    f.append(`gallery[${k}].fileId`, g.fileId);
    f.append(`gallery[${k}].url`, g.url);
    f.append(`gallery[${k}].name`, g.name);
    f.append(`gallery[${k}].sku`, g.sku);
    f.append(`gallery[${k}].origin`, g.origin);
    f.append(`gallery[${k}].alt`, g.alt);
  });
  put("description.intro", d.description.intro);
  put("description.body", d.description.body);
  put("description.closing", d.description.closing);
  put("productSearch", d.productSearch);
  put("searchTarget", d.searchTarget);
  put("librarySearch", d.librarySearch);
  return f;
}
