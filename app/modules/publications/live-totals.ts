import { pricedLines } from "./draft";
import type { EditorView } from "./editor.server";
import { computeCost } from "./fees";
import { readLiveFields } from "./live-fields";
import { computeStock } from "./stock";

export type LiveTotals = { cost: EditorView["cost"]; stock: EditorView["stock"] };
type Prices = Pick<EditorView, "products" | "commissionRate" | "shipmentCost" | "shipmentConstant" | "iva">;

/**
 * The cost and stock totals of the editor as it stands in the page: the same maths as the server's
 * (editor.server.ts) over the rows as typed, with the products' prices and stock the server sent.
 * Null when the rows cannot be read (live-fields.ts): the totals shown stay. The page fetches this
 * file after it is drawn: the totals change only once something is typed.
 */
export function liveTotals(formData: FormData, view: Prices): LiveTotals | null {
  const current = readLiveFields(formData);
  if (!current) return null;
  const lines = pricedLines(current).map((l) => ({ ...l, price: view.products[l.sku]?.price ?? 0, stocks: view.products[l.sku]?.stocks ?? [] }));
  return {
    cost: computeCost({ lines, commission: view.commissionRate, shipmentCost: view.shipmentCost, shipmentConstant: view.shipmentConstant, iva: view.iva }),
    stock: computeStock(lines, current.warehouses),
  };
}
