import type { Draft } from "./draft";
import { titleLimit } from "./title";

/**
 * Save rules (spec 1 §5, "Publication create"): title, category, at least one linked product, at
 * least one channel, official store, no unsaved new linked-product rows, every required category
 * attribute and every variation's selection. Any miss means the warning 'Datos insuficientes' and
 * nothing is sent; the field errors say where.
 */
export type DraftRules = {
  requiredAttributes: ReadonlyArray<{ id: string; name: string }>;
  variationAttributes: ReadonlyArray<{ id: string; name: string }>;
};

/** Errors by the form's field names (`attributes.BRAND`, `variations[0].name`), as Conform shows them. */
export type FieldErrors = Record<string, string[]>;

export function validateDraft(draft: Draft, rules: DraftRules): FieldErrors {
  const errors: FieldErrors = {};
  const add = (key: string, message: string) => (errors[key] ??= []).push(message);

  const title = draft.title.trim();
  if (!title) add("title", "Escribe el título.");
  else if (title.length > titleLimit(draft.special)) add("title", `El título admite ${titleLimit(draft.special)} caracteres como máximo.`);
  if (!draft.categoryId) add("categoryId", "Elige la categoría.");
  if (draft.channels.length === 0) add("channels", "Elige al menos un canal.");
  if (!draft.store) add("store", "Elige la tienda oficial.");

  const rows = draft.variations.length ? draft.variations.flatMap((v) => v.linked) : draft.linked;
  if (rows.filter((l) => l.sku).length === 0) add("linked", "Agrega al menos un producto vinculado.");
  if (rows.some((l) => !l.sku)) add("linked", "Hay filas nuevas sin producto: elige el producto o quítalas.");

  for (const a of rules.requiredAttributes) {
    if (!(draft.attributes[a.id] ?? "").trim()) add(`attributes.${a.id}`, `${a.name} es obligatorio.`);
  }

  draft.variations.forEach((v, j) => {
    if (v.linked.filter((l) => l.sku).length === 0) add(`variations[${j}]`, "La variación necesita al menos un producto vinculado.");
    if (rules.variationAttributes.length === 0) {
      if (!v.name.trim()) add(`variations[${j}].name`, "Escribe el nombre de la variación.");
      return;
    }
    for (const a of rules.variationAttributes) {
      if (!(v.attributes[a.id] ?? "").trim()) add(`variations[${j}].attributes.${a.id}`, `Selecciona ${a.name.toLowerCase()}.`);
    }
  });
  if (draft.variations.length > 0 && rules.variationAttributes.length > 0) {
    const combos = draft.variations.map((v) =>
      rules.variationAttributes.map((a) => (v.attributes[a.id] ?? "").trim().toLowerCase()).join("|"),
    );
    if (new Set(combos).size !== combos.length) add("variations", "Dos variaciones tienen la misma selección.");
  }
  return errors;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}
