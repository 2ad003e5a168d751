/**
 * Gallery order. The draft keeps every image in one list (all linked products together); the order
 * that matters is the order of one linked product's images (its SKU), which is their relative order
 * in that list. Moving an image only swaps places with images of the same SKU, so the others keep
 * their positions. The saved `sort` of a gallery item is its position in the list.
 */
export type Direction = "up" | "down";

type Item = { sku: string };

/** Positions (in the whole list) of the images of one SKU, in order. */
function positionsOf(gallery: readonly Item[], sku: string): number[] {
  return gallery.flatMap((g, i) => (g.sku === sku ? [i] : []));
}

/**
 * Moves the image at `from` to the place of the image at `to` (both of the same SKU), shifting the
 * images between them one place; anything else (unknown index, another SKU) leaves the order as it is.
 */
export function moveImageTo<T extends Item>(gallery: readonly T[], from: number, to: number): T[] {
  const out = [...gallery];
  const source = gallery[from];
  const target = gallery[to];
  if (!source || !target || source.sku !== target.sku || from === to) return out;
  const positions = positionsOf(gallery, source.sku);
  const group = positions.map((p) => gallery[p]);
  const [moved] = group.splice(positions.indexOf(from), 1);
  group.splice(positions.indexOf(to), 0, moved);
  positions.forEach((p, n) => (out[p] = group[n]));
  return out;
}

/** "Subir"/"Bajar": one place up or down among the images of the same SKU; the first stays first, the last stays last. */
export function moveImage<T extends Item>(gallery: readonly T[], index: number, direction: Direction): T[] {
  const image = gallery[index];
  if (!image) return [...gallery];
  const positions = positionsOf(gallery, image.sku);
  const neighbour = positions[positions.indexOf(index) + (direction === "up" ? -1 : 1)];
  return neighbour === undefined ? [...gallery] : moveImageTo(gallery, index, neighbour);
}

/** Whether an image can go up or down among its SKU's images (for disabling the buttons). */
export function canMove(gallery: readonly Item[], index: number, direction: Direction): boolean {
  const image = gallery[index];
  if (!image) return false;
  const positions = positionsOf(gallery, image.sku);
  const at = positions.indexOf(index);
  return direction === "up" ? at > 0 : at < positions.length - 1;
}

/** Orders items by their `sort` (a missing or bad one counts as its position); ties keep the list order. */
export function bySort<T>(items: readonly T[], sortOf: (item: T, index: number) => unknown): T[] {
  return items
    .map((item, index) => {
      const raw = sortOf(item, index);
      const n = typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() !== "" ? Number(raw) : NaN;
      return { item, index, sort: Number.isFinite(n) ? n : index };
    })
    .sort((a, b) => a.sort - b.sort || a.index - b.index)
    .map((x) => x.item);
}

/** The alt text as stored: trimmed, at most `max` characters. */
export function cleanAlt(value: unknown, max: number): string {
  return typeof value === "string" ? value.trim().slice(0, max).trim() : "";
}
