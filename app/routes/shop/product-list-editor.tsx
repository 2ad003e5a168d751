import { getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import type { z } from "zod";
import { InlineErrors } from "~/components/Field";
import { ScrollBox } from "~/components/ScrollBox";
import { formatMoney, formatNumber } from "@common/format";
import { draftItemsOf, type DraftItem, type ProductHit, type ProductInfo } from "~/modules/content/product-list";
import type { ProductListSchema } from "~/modules/content/shop-sections";

type ProductListField<FormSchema extends Record<string, unknown>> = FieldMetadata<z.input<typeof ProductListSchema>, FormSchema>;

/** The list as it is typed right now (Conform's value of the field), as the +1 rule reads it. */
export const typedList = <FormSchema extends Record<string, unknown>>(list: ProductListField<FormSchema>): DraftItem[] =>
  draftItemsOf(list.value);

/**
 * The editable product list of a shop section or a catalogue subtitle: a Conform field list. Each
 * row posts its SKU (hidden) and quantity as `<list>[i].id` / `<list>[i].qty`; ↑ / ↓ / Quitar are
 * Conform's reorder and remove buttons — real submit buttons, so without JavaScript they post the
 * form and the server draws it again with the list changed, and with JavaScript Conform changes the
 * list in the browser. Names, prices and stock come from `infos` (the catalogue today, by SKU).
 */
export function ProductRowsTable<FormSchema extends Record<string, unknown>>({
  form,
  list,
  infos,
  label,
  empty,
}: {
  form: FormMetadata<FormSchema>;
  list: ProductListField<FormSchema>;
  infos: Record<string, ProductInfo>;
  label: string;
  empty: string;
}) {
  const rows = list.getFieldList();
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
          {rows.length === 0 ? (
            <tr>
              <td colSpan={6} className="px-3 py-4 text-center text-slate-500">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row, i) => {
              const { id, qty } = row.getFieldset();
              const sku = id.value ?? id.initialValue ?? "";
              const info = infos[sku];
              // Hidden inputs take no constraints; the quantity's emptiness has its own message (the server's).
              const { required: _hiddenRequired, ...idProps } = getInputProps(id, { type: "hidden" });
              const { required: _qtyRequired, ...qtyProps } = getInputProps(qty, { type: "number" });
              return (
                <tr key={row.key}>
                  <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">{sku}</td>
                  <td className="px-3 py-2">
                    {info?.name ?? "—"}
                    {info && !info.isActive ? (
                      <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">Inactivo</span>
                    ) : null}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                    {info && info.price !== null ? formatMoney(info.price) : "—"}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{info ? formatNumber(info.stockTotal) : "—"}</td>
                  <td className="px-3 py-2">
                    <input {...idProps} />
                    <input {...qtyProps} step={1} aria-label={`Cantidad ${sku}`} className="input w-20" />
                    <InlineErrors meta={qty} className="mt-1" />
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-right">
                    <button
                      type="submit"
                      {...form.reorder.getButtonProps({ name: list.name, from: i, to: i - 1 })}
                      disabled={i === 0}
                      className="btn-ghost px-2 py-1"
                      aria-label={`Subir ${sku}`}
                    >
                      ↑
                    </button>
                    <button
                      type="submit"
                      {...form.reorder.getButtonProps({ name: list.name, from: i, to: i + 1 })}
                      disabled={i === rows.length - 1}
                      className="btn-ghost px-2 py-1"
                      aria-label={`Bajar ${sku}`}
                    >
                      ↓
                    </button>
                    <button
                      type="submit"
                      {...form.remove.getButtonProps({ name: list.name, index: i })}
                      className="btn-ghost px-2 py-1 text-red-700"
                      aria-label={`Quitar ${sku}`}
                    >
                      Quitar
                    </button>
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/**
 * "Busca por nombre o sku": the search box (a field of the form, so it comes back as typed) and its
 * Buscar button (`intent=search`), then the hits, each with an Agregar button. Without JavaScript
 * Agregar posts `intent=<addValue>` and the server adds the product by the +1 rule; with it, `onAdd`
 * applies the same rule in the browser.
 */
export function ProductSearch<FormSchema extends Record<string, unknown>>({
  field,
  label,
  buttonLabel,
  results,
  addValue,
  onAdd,
  addLabel = () => "Agregar",
  addDisabled,
  resultsLabel,
  noResults,
  buttonRef,
  onType,
}: {
  field: FieldMetadata<string | undefined, FormSchema>;
  label: React.ReactNode;
  buttonLabel?: string;
  /** null before any search. */
  results: ProductHit[] | null;
  addValue: (hit: ProductHit) => string;
  onAdd: (hit: ProductHit) => void;
  addLabel?: (hit: ProductHit) => string;
  addDisabled?: boolean;
  resultsLabel: string;
  noResults: string;
  buttonRef?: React.Ref<HTMLButtonElement>;
  onType?: () => void;
}) {
  return (
    <>
      <label htmlFor={field.id} className="text-sm font-semibold text-slate-700">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          {...getInputProps(field, { type: "search" })}
          autoComplete="off"
          placeholder="Ej. QO120 o foco LED"
          className="input flex-1"
          onChange={onType}
        />
        <button
          ref={buttonRef}
          type="submit"
          name="intent"
          value="search"
          formNoValidate
          className="btn-secondary"
          aria-label={buttonLabel}
        >
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
              <span className="w-24 text-right tabular-nums">{hit.price !== null ? formatMoney(hit.price) : "—"}</span>
              <span className="w-20 text-right tabular-nums text-slate-500">{formatNumber(hit.stockTotal)} pzas</span>
              <button
                type="submit"
                name="intent"
                value={addValue(hit)}
                formNoValidate
                disabled={addDisabled}
                className="btn-secondary px-2 py-1"
                aria-label={`Agregar ${hit.id}`}
                onClick={(event) => {
                  event.preventDefault();
                  onAdd(hit);
                }}
              >
                {addLabel(hit)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function submitterOf(event: React.FormEvent<HTMLFormElement>) {
  const submitter = event.nativeEvent instanceof SubmitEvent ? event.nativeEvent.submitter : null;
  return submitter instanceof HTMLButtonElement ? submitter : null;
}

/**
 * The dialogs' submit handler. Conform's own intents (a field checked as it is typed, a row added,
 * moved or removed) stay in the browser; Buscar, Agregar, Subir imagen and Enter post the form as
 * typed, unjudged; only Guardar is checked by Conform first. `beforePost` runs for what is posted.
 */
export function submitWithConform(form: { onSubmit: (event: React.FormEvent<HTMLFormElement>) => void }, beforePost?: () => void) {
  return (event: React.FormEvent<HTMLFormElement>) => {
    const submitter = submitterOf(event);
    if (submitter?.name === "__intent__") return form.onSubmit(event);
    beforePost?.();
    const asTyped = submitter?.name === "intent" && submitter.value !== "save";
    if (!asTyped) form.onSubmit(event);
  };
}
