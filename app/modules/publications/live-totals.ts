import { pricedLines } from "./draft";
import type { EditorView } from "./editor.server";
import { computeCost } from "./fees";
import { readLiveFields } from "./live-fields";
import { computeStock } from "./stock";

export type LiveTotals = { cost: EditorView["cost"]; stock: EditorView["stock"] };

/**
 * Why the cost rows have no figure (decision 0038): the first linked product with no price in pesos
 * (a dollar article with no exchange rate), or null when every one has its price.
 */
export function unpricedOf(
  skus: string[],
  products: Record<string, { price: number | null; priceNote: string | null } | undefined>,
): string | null {
  const sku = skus.find((s) => products[s] && products[s]!.price === null);
  return sku ? `${sku}: ${products[sku]!.priceNote ?? ""}`.trim() : null;
}
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
  const lines = pricedLines(current).map((l) => ({
    ...l,
    price: view.products[l.sku]?.price ?? 0,
    stocks: view.products[l.sku]?.stocks ?? [],
  }));
  const cost = computeCost({
    lines,
    commission: view.commissionRate,
    shipmentCost: view.shipmentCost,
    shipmentConstant: view.shipmentConstant,
    iva: view.iva,
  });
  return {
    cost: {
      ...cost,
      unpriced: unpricedOf(
        lines.map((l) => l.sku),
        view.products,
      ),
    },
    stock: computeStock(lines, current.warehouses),
  };
}
