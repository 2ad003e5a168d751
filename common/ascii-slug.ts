/**
 * A name as plain ASCII words: accents dropped, lower case, every run of other characters one
 * `separator`, none at either end ("Eléctrica Sur" → "electrica-sur" / "electrica_sur").
 */
export function asciiSlug(text: string, separator: "-" | "_"): string {
  const words = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words.join(separator);
}
