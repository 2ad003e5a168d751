/**
 * Product rules of spec 2 §5 'Product (non-combo)' and 'Combo', §7 (property merge), §9 (combo id).
 * Pure: the form, the actions and the table-driven tests all use them.
 */

/** A new SKU: every whitespace removed, uppercased (spec 5). */
export function normaliseNewSku(raw: string): string {
  return raw.replace(/\s+/g, "").toUpperCase();
}

/** A new manufacturer key: trimmed and uppercased (spec 5). */
export function normaliseManufacturerSku(raw: string): string {
  return raw.trim().toUpperCase();
}

/** Spec 5: the name is saved with the first letter of each word in capitals, the rest untouched. */
export function capitaliseWords(name: string): string {
  return name
    .trim()
    .replace(/\s+/g, " ")
    .split(" ")
    .map((w) => (w ? w[0].toLocaleUpperCase("es-MX") + w.slice(1) : w))
    .join(" ");
}

/**
 * Spec 5 product slug: SKU plus name, lowercased, the characters *+~.¬=|°,?/%&$#()'"!:@ removed,
 * spaces to hyphens. Runs of spaces give one hyphen so a doubled space does not show in the URL.
 */
export function productSlug(sku: string, name: string): string {
  return `${sku} ${name}`
    .toLowerCase()
    .replace(/[*+~.¬=|°,?/%&$#()'"!:@]/g, "")
    .trim()
    .replace(/\s+/g, "-");
}

export type EanCheck = { kind: "empty" } | { kind: "valid"; value: string } | { kind: "invalid"; message: string };

export const EAN_TEXTS = {
  digitsOnly: "El código de barras solo puede tener dígitos.",
  // The expected digit is not told: a mistyped middle digit "fixed" by changing the last one would
  // store a code that exists on no package.
  checkDigit: "EAN/UPC no válido: el dígito verificador no corresponde al código. Revisa que esté completo y bien escrito.",
} as const;

/** GTIN lengths whose last digit is a check digit: EAN-8, UPC-A (12), EAN-13, GTIN-14. */
export const GTIN_LENGTHS = [8, 12, 13, 14] as const;

/**
 * The GS1 check digit of a GTIN's leading digits: from the right, weights 3, 1, 3, 1…; the digit
 * that brings the sum to a multiple of 10.
 */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * Spec 5: EAN/UPC is a numeric input; a code of 0 or empty is skipped (stored as none). A code of
 * a GTIN's length (8, 12, 13 or 14 digits) must carry its check digit (decision 0015): a misread
 * or mistyped digit is refused rather than stored where the till would never find the real code.
 * Other runs of digits (up to the field's 14) are kept as typed: shops also label goods with
 * internal and short codes, and the till looks a scanned code up as it was stored.
 */
export function checkEan(raw: string | null | undefined): EanCheck {
  const value = (raw ?? "").trim();
  if (value === "" || /^0+$/.test(value)) return { kind: "empty" };
  if (!/^\d+$/.test(value)) return { kind: "invalid", message: EAN_TEXTS.digitsOnly };
  if ((GTIN_LENGTHS as readonly number[]).includes(value.length)) {
    const expected = gtinCheckDigit(value.slice(0, -1));
    if (Number(value.at(-1)) !== expected) return { kind: "invalid", message: EAN_TEXTS.checkDigit };
  }
  return { kind: "valid", value };
}

/** Property names compare lowercased, without accents and without anything but letters and digits (spec 7). */
export function normalisePropertyName(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^a-z0-9]/g, "");
}

export type PropertyRow = { name: string; value: string; isSelector: boolean };

/**
 * Spec 7: generated properties are added after the existing ones, skipping any whose name equals
 * (after normalisation) an existing one or an earlier generated one. Returns the merged list and
 * the generated rows that were not added.
 */
export function mergeProperties(existing: PropertyRow[], generated: { name: string; value: string }[]) {
  const seen = new Set(existing.map((p) => normalisePropertyName(p.name)));
  const merged = [...existing];
  const skipped: { name: string; value: string }[] = [];
  for (const g of generated) {
    const key = normalisePropertyName(g.name);
    if (!key || seen.has(key)) {
      skipped.push(g);
      continue;
    }
    seen.add(key);
    merged.push({ name: g.name.trim(), value: g.value.trim(), isSelector: false });
  }
  return { merged, skipped };
}

// ---------------------------------------------------------------------------------------------------
// Combos

/**
 * A component: `price` in pesos, through the one pricing function (decision 0038); null when it has
 * no price in pesos (a dollar article with no exchange rate), `priceNote` saying why — or, for a
 * dollar article, the dollar figure and rate it came from.
 */
export type ComboLine = { id: string; name: string; price: number | null; priceNote?: string | null; stock: number; qty: number };

/**
 * Spec 5: the combo's stock is the smallest floor(stock / qty) over its components; the component
 * giving it is returned so the dialog can say which one limits the combo.
 */
export function comboStock(lines: ComboLine[]): { stock: number; limitedBy: string | null } {
  let best: { stock: number; limitedBy: string | null } = { stock: 0, limitedBy: null };
  lines.forEach((line, k) => {
    const each = line.qty > 0 ? Math.floor(Math.max(0, line.stock) / line.qty) : 0;
    if (k === 0 || each < best.stock) best = { stock: each, limitedBy: line.id };
  });
  return best;
}

/** Spec 5: price = Σ price × qty, to 2 decimals, in pesos; null while a component has no price in pesos. */
export function comboPrice(lines: ComboLine[]): number | null {
  if (lines.some((l) => l.price === null)) return null;
  const cents = lines.reduce((sum, l) => sum + Math.round((l.price ?? 0) * 100) * l.qty, 0);
  return cents / 100;
}

export const COMBO_TEXTS = {
  required: "Todos los campos son obligatorios excepto (Alto, Largo, Ancho, y Peso)",
  requiredTitle: "Campos obligatorios",
  qtyZero: "La cantidad debe ser mayor a 0",
  qtyZeroTitle: "Cantidad insuficiente",
  qtyOverStock: "La cantidad es mayor al stock disponible",
  qtyOverStockTitle: "Stock insuficiente",
  noStock: "No hay suficiente stock",
} as const;

export type ComboQtyCheck = { ok: true; qty: number } | { ok: false; qty: number; title: string; message: string };

/** Spec 5: a quantity not above 0 is refused; one above the stock resets to 1. */
export function checkComboQty(qty: number, stock: number): ComboQtyCheck {
  if (!Number.isFinite(qty) || qty <= 0) return { ok: false, qty: 1, title: COMBO_TEXTS.qtyZeroTitle, message: COMBO_TEXTS.qtyZero };
  if (qty > stock) return { ok: false, qty: 1, title: COMBO_TEXTS.qtyOverStockTitle, message: COMBO_TEXTS.qtyOverStock };
  return { ok: true, qty: Math.floor(qty) };
}

/** Spec 5: choosing a product already in the combo adds 1 to its quantity instead of a new row. */
export function addComboLine(lines: ComboLine[], product: Omit<ComboLine, "qty">): ComboLine[] {
  const at = lines.findIndex((l) => l.id === product.id);
  if (at === -1) return [...lines, { ...product, qty: 1 }];
  return lines.map((l, k) => (k === at ? { ...l, qty: l.qty + 1 } : l));
}

const COMBO_ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** Spec 9: a combo's id is 7 characters of A–Z and 0–9. */
export function newComboId(random: (n: number) => number = (n) => Math.floor(Math.random() * n)): string {
  let id = "";
  for (let i = 0; i < 7; i++) id += COMBO_ID_ALPHABET[random(COMBO_ID_ALPHABET.length)];
  return id;
}

export function isComboId(value: string): boolean {
  return /^[A-Z0-9]{7}$/.test(value);
}

// ---------------------------------------------------------------------------------------------------
// Trees (categories and brands)

/**
 * Whether giving `nodeId` the parent `parentId` would make it its own ancestor: walks up from the
 * new parent through `parentOf` and meets the node. A broken chain (a loop already stored) stops.
 */
export function wouldCreateCycle(nodeId: number, parentId: number | null, parentOf: (id: number) => number | null | undefined): boolean {
  const seen = new Set<number>();
  for (let at = parentId; at !== null && at !== undefined; at = parentOf(at) ?? null) {
    if (at === nodeId) return true;
    if (seen.has(at)) return false;
    seen.add(at);
  }
  return false;
}
