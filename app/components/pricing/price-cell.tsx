import { formatMoney } from "@common/format";
import type { PriceView } from "~/modules/pricing/price";

/**
 * A price in pesos in a list or a dialog (decision 0038): the amount, with the dollar figure and rate
 * underneath for a dollar article; "—" with the reason as its title when there is no price in pesos.
 */
export function PriceCell({ view }: { view: { price: PriceView["price"]; priceNote?: PriceView["priceNote"] } }) {
  if (view.price === null) {
    return (
      <span
        title={view.priceNote ?? undefined}
        aria-label={`Precio no disponible: ${view.priceNote ?? ""}`}
        data-testid="price-unavailable"
      >
        —
      </span>
    );
  }
  return (
    <span data-testid="price">
      {formatMoney(view.price)}
      {view.priceNote ? <span className="block text-xs font-normal text-slate-500">{view.priceNote}</span> : null}
    </span>
  );
}
