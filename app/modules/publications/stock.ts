import { WAREHOUSE_DELAY } from "./constants";
import { clampQty } from "./fees";

export type StockLine = { qty: number; stocks: ReadonlyArray<{ name: string; qty: number }> };

/**
 * Immediate and later stock of a publication: how many complete sets its linked products make, from
 * warehouses without delay (immediate) and with delay (later). Only the selected sync warehouses
 * count; none selected means every warehouse.
 */
export function computeStock(lines: StockLine[], warehouses: readonly string[]): { now: number; later: number } {
  if (lines.length === 0) return { now: 0, later: 0 };
  let now = Infinity;
  let later = Infinity;
  for (const line of lines) {
    const usable = line.stocks.filter((s) => warehouses.length === 0 || warehouses.includes(s.name));
    const immediate = usable.filter((s) => (WAREHOUSE_DELAY.get(s.name) ?? 0) === 0).reduce((sum, s) => sum + Math.max(0, s.qty), 0);
    const delayed = usable.filter((s) => (WAREHOUSE_DELAY.get(s.name) ?? 0) > 0).reduce((sum, s) => sum + Math.max(0, s.qty), 0);
    const qty = clampQty(line.qty);
    now = Math.min(now, Math.floor(immediate / qty));
    later = Math.min(later, Math.floor(delayed / qty));
  }
  return { now, later };
}
