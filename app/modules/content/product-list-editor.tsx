import { ScrollBox } from "~/components/ScrollBox";
import { formatMoney, formatNumber } from "~/lib/format";
import { SHOP_SECTION_LIMITS } from "./shop-sections";

export type ProductRow = { id: string; name: string; isActive: boolean; price: number; stockTotal: number; qty: number };

/**
 * The editable product list of a shop section or a catalogue subtitle: each row posts its SKU and
 * quantity with the form, and ↑ / ↓ / Quitar are submit buttons, so it all works without JavaScript.
 * `names` are the form field names (a catalogue suffixes them with its subtitle's index).
 */
export function ProductRowsTable({
  products,
  names,
  label,
  empty,
  describedBy,
  rowKey,
}: {
  products: ProductRow[];
  names: { product: string; qty: string; up: string; down: string; remove: string };
  label: string;
  empty: string;
  describedBy?: string;
  rowKey: (product: ProductRow, index: number) => string;
}) {
  return (
    <ScrollBox label={label} className="rounded-lg border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-sm" aria-label={label}>
        <thead className="bg-slate-50">
          <tr>
            {["SKU", "Nombre", "Precio", "Existencia", "Cantidad"].map((h) => (
              <th key={h} scope="col" className="whitespace-nowrap px-3 py-2 text-left font-semibold text-slate-700">
                {h}
              </th>
            ))}
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {products.length === 0 ? (
            <tr>
              <td colSpan={6} className="px-3 py-4 text-center text-slate-500">
                {empty}
              </td>
            </tr>
          ) : (
            products.map((p, i) => (
              <tr key={rowKey(p, i)}>
                <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">{p.id}</td>
                <td className="px-3 py-2">
                  {p.name}
                  {p.isActive ? null : <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">Inactivo</span>}
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{formatMoney(p.price)}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{formatNumber(p.stockTotal)}</td>
                <td className="px-3 py-2">
                  <input type="hidden" name={names.product} value={p.id} />
                  <input
                    type="number"
                    name={names.qty}
                    defaultValue={p.qty}
                    min={1}
                    max={SHOP_SECTION_LIMITS.qty}
                    step={1}
                    required
                    aria-label={`Cantidad ${p.id}`}
                    aria-describedby={describedBy}
                    className="input w-20"
                  />
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-right">
                  <button type="submit" name={names.up} value={i} formNoValidate disabled={i === 0} className="btn-ghost px-2 py-1" aria-label={`Subir ${p.id}`}>
                    ↑
                  </button>
                  <button
                    type="submit"
                    name={names.down}
                    value={i}
                    formNoValidate
                    disabled={i === products.length - 1}
                    className="btn-ghost px-2 py-1"
                    aria-label={`Bajar ${p.id}`}
                  >
                    ↓
                  </button>
                  <button type="submit" name={names.remove} value={i} formNoValidate className="btn-ghost px-2 py-1 text-red-700" aria-label={`Quitar ${p.id}`}>
                    Quitar
                  </button>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </ScrollBox>
  );
}

export type ProductHit = { id: string; name: string; price: number; stockTotal: number };

/**
 * "Busca por nombre o sku": the search box and its submit button (intent=search), then the hits,
 * each with an Agregar submit button posting its SKU under `addName`.
 */
export function ProductSearch({
  inputId,
  inputName,
  defaultValue,
  label,
  buttonLabel,
  results,
  addName,
  addLabel = () => "Agregar",
  addDisabled,
  resultsLabel,
  noResults,
  buttonRef,
  onType,
}: {
  inputId: string;
  inputName: string;
  defaultValue: string;
  label: React.ReactNode;
  buttonLabel?: string;
  /** null before any search. */
  results: ProductHit[] | null;
  addName: string;
  addLabel?: (hit: ProductHit) => string;
  addDisabled?: boolean;
  resultsLabel: string;
  noResults: string;
  buttonRef?: React.Ref<HTMLButtonElement>;
  onType?: () => void;
}) {
  return (
    <>
      <label htmlFor={inputId} className="text-sm font-semibold text-slate-700">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={inputId}
          name={inputName}
          type="search"
          defaultValue={defaultValue}
          maxLength={SHOP_SECTION_LIMITS.search}
          autoComplete="off"
          placeholder="Ej. QO120 o foco LED"
          className="input flex-1"
          onChange={onType}
        />
        <button ref={buttonRef} type="submit" name="intent" value="search" formNoValidate className="btn-secondary" aria-label={buttonLabel}>
          Buscar
        </button>
      </div>
      {results === null ? null : results.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{noResults}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100" aria-label={resultsLabel}>
          {results.map((hit) => (
            <li key={hit.id} className="flex items-center gap-3 py-1.5 text-sm">
              <span className="w-32 shrink-0 font-mono text-xs">{hit.id}</span>
              <span className="flex-1">{hit.name}</span>
              <span className="w-24 text-right tabular-nums">{formatMoney(hit.price)}</span>
              <span className="w-20 text-right tabular-nums text-slate-500">{formatNumber(hit.stockTotal)} pzas</span>
              <button type="submit" name={addName} value={hit.id} formNoValidate disabled={addDisabled} className="btn-secondary px-2 py-1" aria-label={`Agregar ${hit.id}`}>
                {addLabel(hit)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
