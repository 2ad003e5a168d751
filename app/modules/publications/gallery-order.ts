/**
 * Gallery order. The draft keeps every image in one list (all linked products together); the order
 * that matters is the order of one linked product's images (its SKU), which is their relative order
 * in that list. "Subir"/"Bajar" and dragging move an image to the place of another image of the same
 * SKU (Conform's reorder: the images in between shift one place towards where it came from), so
 * every product keeps the order of its own images. The saved `sort` of a gallery item is its position
 * in the list, and the marketplace gets the pictures in that order.
 */
export type Direction = "up" | "down";

type Item = { sku: string };

/** Positions (in the whole list) of the images of one SKU, in order. */
function positionsOf(gallery: readonly Item[], sku: string): number[] {
  return gallery.flatMap((g, i) => (g.sku === sku ? [i] : []));
}

/**
 * Where "Subir"/"Bajar" moves the image at `index`: the position of the previous or next image of the
 * same SKU; null for the first going up, the last going down, or an unknown index.
 */
export function moveTarget(gallery: readonly Item[], index: number, direction: Direction): number | null {
  const image = gallery[index];
  if (!image) return null;
  const positions = positionsOf(gallery, image.sku);
  return positions[positions.indexOf(index) + (direction === "up" ? -1 : 1)] ?? null;
}

/** Whether an image can go up or down among its SKU's images (for disabling the buttons). */
export function canMove(gallery: readonly Item[], index: number, direction: Direction): boolean {
  return moveTarget(gallery, index, direction) !== null;
}

/** Whether an image dragged from `from` may be dropped on the image at `to`: another image of the same SKU. */
export function canDrop(gallery: readonly Item[], from: number, to: number): boolean {
  const source = gallery[from];
  const target = gallery[to];
  return !!source && !!target && from !== to && source.sku === target.sku;
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
