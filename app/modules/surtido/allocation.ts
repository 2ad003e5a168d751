/**
 * Picking (surtido) allocation, spec 2 §9: stock is taken by location level — the first digit of the
 * location; locations without one are "sin asignación" —, a line whose article has less stock than
 * it needs says "No hay existencias suficientes", and what cannot be allocated goes to the SINSTOCK
 * group. Pure: the screen and its tests share it.
 */

export type PickLine = {
  lineId: number;
  sku: string;
  location: string;
  stock: number;
  pendingQty: number;
};

export type AllocatedLine = PickLine & {
  level: number | null;
  /** Units this line can take from the article's stock. */
  allocated: number;
  /** Units of the line left without stock. */
  missing: number;
  message: string;
};

export type PickGroup = {
  key: string;
  label: string;
  level: number | null;
  lines: AllocatedLine[];
  units: number;
};

export const NOT_ENOUGH_STOCK = "No hay existencias suficientes";
export const NO_STOCK_GROUP = "SINSTOCK";
export const NO_STOCK_KEY = "no-stock";
export const UNASSIGNED_LABEL = "Sin asignación";

/** The level of a location: its first digit (A3-07 → 3); null when it has none. */
export function levelOf(location: string): number | null {
  const digit = /\d/.exec(location ?? "");
  return digit ? Number(digit[0]) : null;
}

const levelRank = (level: number | null) => (level === null ? 10 : level);
const whole = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0);

/**
 * Allocates a record's lines. An article's stock is shared by all its lines (the ERP reports the
 * article's total on each), so lines take it in level order — lowest level first, unassigned
 * locations last, then by line id — until it runs out.
 */
export function allocateLines(lines: PickLine[]): AllocatedLine[] {
  const ordered = [...lines].sort((a, b) => levelRank(levelOf(a.location)) - levelRank(levelOf(b.location)) || a.lineId - b.lineId);
  const remaining = new Map<string, number>();
  for (const line of ordered) remaining.set(line.sku, Math.max(remaining.get(line.sku) ?? 0, whole(line.stock)));
  const allocated = ordered.map((line) => {
    const pending = whole(line.pendingQty);
    const left = remaining.get(line.sku) ?? 0;
    const take = Math.min(pending, left);
    remaining.set(line.sku, left - take);
    const missing = pending - take;
    return { ...line, level: levelOf(line.location), allocated: take, missing, message: missing > 0 ? NOT_ENOUGH_STOCK : "" };
  });
  return allocated.sort((a, b) => a.lineId - b.lineId);
}

/**
 * The picking list of a record: one group per level in ascending order, then "Sin asignación", then
 * SINSTOCK with every line that is short (its missing units). Lines with nothing to pick appear only
 * in SINSTOCK.
 */
export function pickGroups(lines: PickLine[]): PickGroup[] {
  return groupAllocated(allocateLines(lines));
}

function groupAllocated(allocated: AllocatedLine[]): PickGroup[] {
  const byLevel = new Map<number | null, AllocatedLine[]>();
  for (const line of allocated) {
    if (line.allocated === 0) continue;
    const list = byLevel.get(line.level) ?? [];
    list.push(line);
    byLevel.set(line.level, list);
  }
  const groups: PickGroup[] = [...byLevel.entries()]
    .sort(([a], [b]) => levelRank(a) - levelRank(b))
    .map(([level, list]) => ({
      key: level === null ? "unassigned" : `level-${level}`,
      label: level === null ? UNASSIGNED_LABEL : `Nivel ${level}`,
      level,
      lines: list,
      units: list.reduce((sum, l) => sum + l.allocated, 0),
    }));
  const short = allocated.filter((l) => l.missing > 0);
  if (short.length) {
    groups.push({
      key: NO_STOCK_KEY,
      label: NO_STOCK_GROUP,
      level: null,
      lines: short,
      units: short.reduce((sum, l) => sum + l.missing, 0),
    });
  }
  return groups;
}

/** Units to pick and units missing over a record. */
export function pickTotals(lines: PickLine[]) {
  return totalsOf(allocateLines(lines));
}

function totalsOf(allocated: AllocatedLine[]) {
  return {
    articles: new Set(allocated.map((l) => l.sku)).size,
    toPick: allocated.reduce((sum, l) => sum + l.allocated, 0),
    missing: allocated.reduce((sum, l) => sum + l.missing, 0),
  };
}

/** A record's picking list and its totals from one allocation pass. */
export function pickList(lines: PickLine[]) {
  const allocated = allocateLines(lines);
  return { groups: groupAllocated(allocated), totals: totalsOf(allocated) };
}
