import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { PriceCell } from "~/components/pricing/price-cell";
import { useFetcher } from "react-router";
import { useEffect, useRef, useState } from "react";
import { cn } from "~/lib/cn";
import { formatDateTime, formatMoney, formatNumber } from "@common/format";
import type { EditorActionData } from "~/routes/publications/editor-action.server";
import { CHANNELS, CHANNEL_NAMES, GALLERY_ALT_MAX, PRODUCT_SEARCH_DEBOUNCE_MS, WAREHOUSES } from "~/modules/publications/constants";
import { allWarehouses, emptyLinked, type PublicationFormInput, STORE_CHOICES } from "~/modules/publications/draft";
import {
  ACTIONS_FORM_ID,
  choiceProps,
  Errors,
  IntentButton,
  type DialogFields,
  type DialogForm,
  type GalleryField,
  type LinkedListField,
} from "./editor-controls";
import { uploadFieldName } from "~/modules/publications/editor-buttons";
import type { EditorView } from "~/modules/publications/editor.server";
import { CategoryPickerDialog, PredictionsDialog } from "./category-dialogs";
import { pickerStart } from "~/modules/publications/category-picker";
import { canDrop, cleanAlt, moveTarget } from "~/modules/publications/gallery-order";
import { storeLabel } from "~/modules/publications/labels";
import type { LiveTotals } from "~/modules/publications/live-totals";
import type { ProductInfo } from "~/modules/publications/publications.server";

/*
 * The editor's sections below its general data: category and attributes, store, sync, channels,
 * warehouses, linked products and variations, product search, gallery, description and costs. The server draws them with the rest of the form; the browser fetches their code after
 * the page's (publication-form.tsx), so the dialog's first script is lighter, and they answer to the
 * hand once it has arrived. Until then their buttons still post the form, as without JavaScript.
 */

export type EditorDetailsProps = {
  form: DialogForm;
  fields: DialogFields;
  view: EditorView;
  library: EditorActionData["library"];
  cost: LiveTotals["cost"];
  stock: LiveTotals["stock"];
};

export function EditorDetails({ form, fields, view, library, cost, stock }: EditorDetailsProps) {
  const isNew = !view.draft.id;
  const title = fields.title.value ?? "";
  const variations = fields.variations.getFieldList();
  const linkedSkus = [fields.linked, ...variations.map((v) => v.getFieldset().linked)]
    .flatMap((list) => list.getFieldList().map((row) => (row.getFieldset().sku.value ?? "").trim().toUpperCase()))
    .filter(Boolean);
  const targets: Array<[string, string]> = variations.length
    ? variations.map((v, j) => {
        const name = v.getFieldset().name.value;
        return [`v${j}`, `Variación ${j + 1}${name ? ` (${name})` : ""}`];
      })
    : [["flat", "Productos vinculados"]];
  const attributeFields = fields.attributes.getFieldset();
  const description = fields.description.getFieldset();

  return (
    <>
      <section aria-labelledby="pub-category" className="space-y-2">
        <h3 id="pub-category" className="font-semibold">
          Categoría
        </h3>
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium text-slate-700">ID de categoría</span>
            <input {...getInputProps(fields.categoryId, { type: "text" })} className="input w-48 font-mono" />
          </label>
          <IntentButton intent={{ type: "load-category" }}>Cargar categoría</IntentButton>
          <IntentButton intent={{ type: "browse-category", parent: pickerStart(view.category?.path) }}>Elegir categoría</IntentButton>
          <IntentButton intent={{ type: "predict" }} disabled={!title.trim()}>
            Predecir desde el título
          </IntentButton>
        </div>
        <Errors id={fields.categoryId.errorId} errors={fields.categoryId.errors} />
        {view.category ? (
          <nav aria-label="Ruta de la categoría" className="text-sm text-slate-600" data-testid="category-path">
            {view.category.path.map((c) => c.name).join(" › ")}
          </nav>
        ) : null}
        <CategoryPickerDialog picker={view.picker} returnFocusTo={fields.categoryId.id} />
        <PredictionsDialog predictions={view.predictions} title={view.draft.title} returnFocusTo={fields.categoryId.id} />
        {[...view.attributes.required, ...view.attributes.optional].length ? (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {[...view.attributes.required, ...view.attributes.optional].map((a) => {
              const required = a.required || a.catalogRequired;
              const field = attributeFields[a.id];
              return (
                <label key={a.id} className="flex flex-col gap-1 text-sm">
                  <span className="font-medium text-slate-700">
                    {a.name}
                    {required ? " *" : ""}
                  </span>
                  {a.values.length ? (
                    <select {...getSelectProps(field)} className="input">
                      <option value="">—</option>
                      {a.values.map((v) => (
                        <option key={v.id} value={v.name}>
                          {v.name}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <input {...getInputProps(field, { type: "text" })} className="input" />
                  )}
                  <Errors id={field.errorId} errors={field.errors} />
                </label>
              );
            })}
          </div>
        ) : null}
      </section>
      <section aria-labelledby="pub-store" className="grid gap-4 md:grid-cols-3">
        <fieldset>
          <legend id="pub-store" className="mb-1 font-semibold">
            Tienda oficial
          </legend>
          {STORE_CHOICES.map((choice) => (
            <label key={choice} className="flex items-center gap-2 text-sm">
              <input {...choiceProps(fields.store, "radio", choice)} className="h-4 w-4" />
              {storeLabel(choice === "meli1" ? null : choice, view.brand)}
            </label>
          ))}
          <Errors id={fields.store.errorId} errors={fields.store.errors} />
        </fieldset>
        <fieldset>
          <legend className="mb-1 font-semibold">Sincronización</legend>
          {(
            [
              [fields.autosync, "Autosincronizar"],
              [fields.priceSync, "Sincronizar precio"],
              [fields.stockSync, "Sincronizar stock"],
            ] as const
          ).map(([field, label]) => (
            <label key={field.name} className="flex items-center gap-2 text-sm">
              <input {...getInputProps(field, { type: "checkbox" })} className="h-4 w-4" /> {label}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend className="mb-1 font-semibold">Canales</legend>
          {CHANNELS.map(([key]) => (
            <label key={key} className="flex items-center gap-2 text-sm">
              <input {...choiceProps(fields.channels, "checkbox", key)} className="h-4 w-4" /> {CHANNEL_NAMES[key]}
            </label>
          ))}
          <Errors id={fields.channels.errorId} errors={fields.channels.errors} />
        </fieldset>
      </section>
      <fieldset aria-labelledby="pub-warehouses">
        <div className="mb-1 flex items-center gap-2">
          <legend id="pub-warehouses" className="font-semibold">
            Almacenes
          </legend>
          {/* Conform's update button: checks the boxes in place with JavaScript, asks the server without it. */}
          <button
            type="submit"
            {...form.update.getButtonProps({ name: fields.warehouses.name, value: allWarehouses(true) })}
            className="btn-ghost px-2 py-0.5 text-xs"
          >
            Todos
          </button>
          <button
            type="submit"
            {...form.update.getButtonProps({ name: fields.warehouses.name, value: allWarehouses(false) })}
            className="btn-ghost px-2 py-0.5 text-xs"
          >
            Ninguno
          </button>
        </div>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {WAREHOUSES.map(([name, delay]) => (
            <label key={name} className="inline-flex items-center gap-1 text-sm">
              <input {...choiceProps(fields.warehouses, "checkbox", name)} className="h-4 w-4" />
              {name}
              {delay ? <span className="text-xs text-slate-500">(+{delay})</span> : null}
            </label>
          ))}
        </div>
        <Errors id={fields.warehouses.errorId} errors={fields.warehouses.errors} />
      </fieldset>
      <section aria-labelledby="pub-linked" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="pub-linked" className="font-semibold">
            Productos vinculados
          </h3>
          {variations.length === 0 ? (
            // The first variation takes the flat rows (the server moves them); later ones are a plain insert.
            <IntentButton intent={{ type: "add-variation" }}>Agregar variación</IntentButton>
          ) : (
            <button
              type="submit"
              {...form.insert.getButtonProps({
                name: fields.variations.name,
                defaultValue: { name: "", attributes: {}, linked: [emptyLinked()] },
              })}
              className="btn-secondary"
            >
              Agregar variación
            </button>
          )}
        </div>
        <Errors id={fields.linked.errorId} errors={fields.linked.errors} />
        <Errors id={fields.variations.errorId} errors={fields.variations.errors} />
        {variations.length === 0 ? (
          <LinkedTable form={form} list={fields.linked} target="flat" products={view.products} canAdd={!!title.trim()} />
        ) : (
          variations.map((variation, j) => {
            const v = variation.getFieldset();
            const attrs = v.attributes.getFieldset();
            return (
              <div key={variation.key} className="rounded-md border border-slate-200 p-3" data-testid={`variation-${j}`}>
                <div className="mb-2 flex flex-wrap items-end gap-3">
                  <input {...getInputProps(v.id, { type: "hidden" })} />
                  {view.attributes.variation.length ? (
                    <>
                      <input {...getInputProps(v.name, { type: "hidden" })} />
                      {view.attributes.variation.map((a) => {
                        const field = attrs[a.id];
                        const current = field.value ?? "";
                        return (
                          <label key={a.id} className="flex flex-col gap-1 text-sm">
                            <span className="font-medium text-slate-700">{a.name} *</span>
                            {a.values.length ? (
                              <select {...getSelectProps(field)} className="input">
                                <option value="">—</option>
                                {a.values.map((o) => (
                                  <option key={o.id} value={o.name}>
                                    {o.name}
                                  </option>
                                ))}
                                {current && !a.values.some((o) => o.name === current) ? <option value={current}>{current}</option> : null}
                              </select>
                            ) : (
                              <input {...getInputProps(field, { type: "text" })} className="input" />
                            )}
                            <Errors id={field.errorId} errors={field.errors} />
                          </label>
                        );
                      })}
                    </>
                  ) : (
                    <label className="flex flex-col gap-1 text-sm">
                      <span className="font-medium text-slate-700">Nombre de la variación</span>
                      <input {...getInputProps(v.name, { type: "text" })} className="input" />
                      <Errors id={v.name.errorId} errors={v.name.errors} />
                    </label>
                  )}
                  <button
                    type="submit"
                    {...form.remove.getButtonProps({ name: fields.variations.name, index: j })}
                    className="btn-ghost text-red-700"
                  >
                    Quitar variación
                  </button>
                </div>
                <Errors id={variation.errorId} errors={variation.errors} />
                <LinkedTable form={form} list={v.linked} target={`v${j}`} products={view.products} canAdd={!!title.trim()} />
              </div>
            );
          })
        )}
        <ProductSearch view={view} targets={targets} search={fields.productSearch} target={fields.searchTarget} />
      </section>
      <Gallery
        form={form}
        gallery={fields.gallery}
        skus={[...new Set(linkedSkus)]}
        library={library}
        librarySearch={fields.librarySearch}
      />
      <section aria-labelledby="pub-description" className="space-y-2">
        <h3 id="pub-description" className="font-semibold">
          Descripción
        </h3>
        {(
          [
            [description.intro, "Introducción", 3],
            [description.body, "Características", 6],
            [description.closing, "Cierre", 3],
          ] as const
        ).map(([field, label, rows]) => (
          <label key={field.name} className="flex flex-col gap-1 text-sm">
            <span className="font-medium text-slate-700">{label}</span>
            <textarea {...getTextareaProps(field)} rows={rows} className="input" />
            <Errors id={field.errorId} errors={field.errors} />
          </label>
        ))}
        <details className="text-sm">
          <summary className="cursor-pointer text-slate-600">Pie fijo del vendedor (se agrega al final)</summary>
          <pre className="mt-2 whitespace-pre-wrap rounded bg-slate-50 p-3 font-sans text-xs text-slate-600">{view.footer}</pre>
        </details>
      </section>
      <section aria-labelledby="pub-costs" className="rounded-md border border-slate-200 p-3">
        <div className="mb-2 flex items-center justify-between">
          <h3 id="pub-costs" className="font-semibold">
            Costos
          </h3>
          <div className="flex gap-2">
            <IntentButton intent={{ type: "recalc" }} className="btn-ghost text-sm">
              Recalcular
            </IntentButton>
            {!isNew ? (
              <IntentButton intent={{ type: "sync-price" }} form={ACTIONS_FORM_ID}>
                Sincronizar precio
              </IntentButton>
            ) : null}
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-5" data-testid="cost-summary">
          <div>
            <dt className="text-slate-500">Stock inmediato</dt>
            <dd data-testid="stock-now">{formatNumber(stock.now)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Stock posterior</dt>
            <dd data-testid="stock-later">{formatNumber(stock.later)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Subtotal</dt>
            <dd data-testid="cost-subtotal">{pesosOrDash(cost, cost.subtotal)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Comisión Mercado Libre ({(view.commissionRate * 100).toFixed(1)} %)</dt>
            <dd data-testid="cost-fee">{pesosOrDash(cost, cost.fee)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Total</dt>
            <dd className="font-semibold" data-testid="cost-total">
              {pesosOrDash(cost, cost.total)}
            </dd>
          </div>
        </dl>
        {view.meta.lastSyncUp ? (
          <p className="mt-2 text-xs text-slate-500">Última sincronización de precio: {formatDateTime(view.meta.lastSyncUp)}</p>
        ) : null}
      </section>{" "}
    </>
  );
}

/** One list of linked products (flat, or a variation's): rows are a Conform field list. */
function LinkedTable({
  form,
  list,
  target,
  products,
  canAdd,
}: {
  form: DialogForm;
  list: LinkedListField;
  target: string;
  products: Record<string, ProductInfo>;
  canAdd: boolean;
}) {
  const rows = list.getFieldList();
  return (
    <div className="relative overflow-x-auto">
      <table className="min-w-full text-sm">
        <thead className="bg-slate-50 text-left">
          <tr>
            <th className="px-2 py-1.5">SKU</th>
            <th className="px-2 py-1.5">Nombre</th>
            <th className="px-2 py-1.5 text-right">Precio</th>
            <th className="px-2 py-1.5 text-right">Stock</th>
            <th className="px-2 py-1.5">Cantidad</th>
            <th className="px-2 py-1.5">Descuento %</th>
            <th className="px-2 py-1.5">
              <span className="sr-only">Quitar</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row, i) => {
            const { sku, qty, discount } = row.getFieldset();
            const code = sku.value ?? "";
            const p = code ? products[code] : undefined;
            return (
              <tr key={row.key} data-testid={`linked-${target}-${i}`}>
                <td className="px-2 py-1 font-mono text-xs">
                  <input {...getInputProps(sku, { type: "hidden" })} />
                  {code || <span className="text-amber-700">Nueva fila: busca el producto abajo</span>}
                </td>
                <td className="px-2 py-1">{p?.name ?? (code ? <span className="text-red-700">No existe en el catálogo</span> : "")}</td>
                <td className="px-2 py-1 text-right">{p ? <PriceCell view={p} /> : ""}</td>
                <td className="px-2 py-1 text-right">{p ? formatNumber(p.stock) : ""}</td>
                <td className="px-2 py-1">
                  <input {...getInputProps(qty, { type: "number" })} step={1} className="input w-20" aria-label={`Cantidad ${code}`} />
                </td>
                <td className="px-2 py-1">
                  <input
                    {...getInputProps(discount, { type: "number" })}
                    step="0.5"
                    className="input w-20"
                    aria-label={`Descuento ${code}`}
                  />
                </td>
                <td className="px-2 py-1">
                  <button
                    type="submit"
                    {...form.remove.getButtonProps({ name: list.name, index: i })}
                    className="btn-ghost px-2 py-0.5 text-red-700"
                    aria-label={`Quitar ${code || "fila"}`}
                  >
                    ✕
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <button
        type="submit"
        {...form.insert.getButtonProps({ name: list.name, defaultValue: emptyLinked() })}
        className="btn-ghost mt-1 text-sm"
        disabled={!canAdd}
      >
        + Agregar producto
      </button>
    </div>
  );
}

/**
 * Product search: without JavaScript a "Buscar" button posts the form; with it, results come 600 ms
 * after typing stops (more than one non-blank character, upper-cased, at most 40).
 */
function ProductSearch({
  view,
  targets,
  search,
  target,
}: {
  view: EditorView;
  targets: Array<[string, string]>;
  search: FieldMetadata<PublicationFormInput["productSearch"], PublicationFormInput, string[]>;
  target: FieldMetadata<PublicationFormInput["searchTarget"], PublicationFormInput, string[]>;
}) {
  const fetcher = useFetcher<{ results: ProductInfo[] }>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [typed, setTyped] = useState<string | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  // "Buscar" brings the server's hits, which take the place of those found while typing; other
  // answers (a product added) keep them on screen, to add several in a row.
  useEffect(() => {
    if (view.searchResults) setTyped(null);
  }, [view.searchResults]);
  // Cut to one character, the text searches nothing: the hits of a longer one no longer apply.
  const results = typed === null ? view.searchResults : typed.trim().length < 2 ? null : (fetcher.data?.results ?? view.searchResults);
  return (
    <div className="rounded-md bg-slate-50 p-3">
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-56 flex-1 flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">Buscar producto (SKU o nombre)</span>
          <input
            {...getInputProps(search, { type: "text" })}
            className="input uppercase"
            autoComplete="off"
            onChange={(e) => {
              const value = e.currentTarget.value;
              setTyped(value);
              clearTimeout(timer.current);
              timer.current = setTimeout(() => {
                if (value.trim().length > 1)
                  fetcher.load(`/publications/products?search=${encodeURIComponent(value.trim().toUpperCase())}`);
              }, PRODUCT_SEARCH_DEBOUNCE_MS);
            }}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">Agregar a</span>
          <select {...getSelectProps(target)} className="input">
            {targets.map(([k, l]) => (
              <option key={k} value={k}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <IntentButton intent={{ type: "search-products" }}>Buscar</IntentButton>
      </div>
      <Errors id={search.errorId} errors={search.errors} />
      {results ? (
        results.length ? (
          <ul className="mt-2 max-h-64 divide-y divide-slate-200 overflow-y-auto" data-testid="product-results">
            {results.map((p) => (
              <li key={p.sku} className="flex items-center justify-between gap-2 py-1 text-sm">
                <span>
                  <span className="font-mono text-xs">{p.sku}</span> · {p.name} ·{" "}
                  <PriceCell view={{ price: p.price, priceNote: p.price === null ? p.priceNote : null }} /> · stock {formatNumber(p.stock)}
                </span>
                {/* Goes to the list chosen in "Agregar a", which the form posts along. */}
                <IntentButton intent={{ type: "add-product", sku: p.sku }} className="btn-secondary px-2 py-1 text-xs">
                  Agregar {p.sku}
                </IntentButton>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-500">Sin resultados.</p>
        )
      ) : null}
    </div>
  );
}

/**
 * The gallery, per linked product. "Quitar", "Subir" and "Bajar" are Conform's remove and reorder
 * buttons (in place with JavaScript, a post without it); with JavaScript an image can also be dragged
 * onto another of the same product. Uploading and picking from the library go to the server.
 */
function Gallery({
  form,
  gallery,
  skus,
  library,
  librarySearch,
}: {
  form: DialogForm;
  gallery: GalleryField;
  skus: string[];
  library: EditorActionData["library"];
  librarySearch: FieldMetadata<PublicationFormInput["librarySearch"], PublicationFormInput, string[]>;
}) {
  const items = gallery.getFieldList().map((item, k) => {
    const f = item.getFieldset();
    return { item, f, k, sku: f.sku.value ?? "", url: f.url.value ?? "", name: f.name.value ?? "", alt: f.alt.value ?? "" };
  });
  // The publication's own images (the two defaults of a new one, spec 1 §4) come first, then each linked product's.
  const groups = ["", ...skus];
  const dragged = useRef<{ k: number; sku: string } | null>(null);
  const [dropTarget, setDropTarget] = useState<number | null>(null);

  function drop(target: number) {
    const from = dragged.current?.k;
    dragged.current = null;
    setDropTarget(null);
    if (from !== undefined && canDrop(items, from, target)) form.reorder({ name: gallery.name, from, to: target });
  }

  return (
    <section aria-labelledby="pub-gallery" className="space-y-3">
      <h3 id="pub-gallery" className="font-semibold">
        Galería
      </h3>
      <Errors id={gallery.errorId} errors={gallery.errors} />
      {items.map(({ item, f }) => (
        <span key={item.key} hidden>
          <input {...getInputProps(f.fileId, { type: "hidden" })} />
          <input {...getInputProps(f.url, { type: "hidden" })} />
          <input {...getInputProps(f.name, { type: "hidden" })} />
          <input {...getInputProps(f.sku, { type: "hidden" })} />
          <input {...getInputProps(f.origin, { type: "hidden" })} />
          {/* Images of a product no longer linked have no visible alt field: keep their text. */}
          {groups.includes(f.sku.value ?? "") ? null : <input {...getInputProps(f.alt, { type: "hidden" })} />}
        </span>
      ))}
      {skus.length === 0 ? (
        <p className="text-sm text-slate-600">Vincula un producto para agregar sus imágenes (hasta 8 por producto).</p>
      ) : null}
      {groups.map((sku) => {
        const images = items.filter((image) => image.sku === sku);
        const title = sku || "Imágenes de la publicación";
        return (
          <div key={sku || "general"} className="rounded-md border border-slate-200 p-3" data-testid={`gallery-${sku || "general"}`}>
            <p className="mb-2 text-sm font-medium">
              {title} <span className="text-slate-600">({images.length}/8)</span>
            </p>
            <ol className="flex flex-wrap gap-3">
              {images.map(({ item, f, k, url, name, alt }, position) => {
                const up = moveTarget(items, k, "up");
                const down = moveTarget(items, k, "down");
                return (
                  <li
                    key={item.key}
                    data-testid={`gallery-${sku || "general"}-${position}`}
                    className={cn(
                      "flex w-44 flex-col gap-1 rounded border border-transparent p-1",
                      dropTarget === k && "border-brand-600 bg-brand-50",
                    )}
                    onDragOver={(e) => {
                      if (dragged.current?.sku !== sku) return;
                      e.preventDefault();
                      e.dataTransfer.dropEffect = "move";
                      setDropTarget(k);
                    }}
                    onDragLeave={() => setDropTarget((t) => (t === k ? null : t))}
                    onDrop={(e) => {
                      e.preventDefault();
                      drop(k);
                    }}
                  >
                    <figure className="relative">
                      <img
                        src={`${url}?w=150`}
                        alt={cleanAlt(alt, GALLERY_ALT_MAX) || name}
                        title="Arrastra para cambiar el orden"
                        className="h-20 w-20 cursor-move rounded object-cover"
                        loading="lazy"
                        draggable
                        onDragStart={(e) => {
                          dragged.current = { k, sku };
                          e.dataTransfer.effectAllowed = "move";
                          e.dataTransfer.setData("text/plain", String(k));
                        }}
                        onDragEnd={() => {
                          dragged.current = null;
                          setDropTarget(null);
                        }}
                      />
                      <button
                        type="submit"
                        {...form.remove.getButtonProps({ name: gallery.name, index: k })}
                        className="absolute left-16 top-0 rounded bg-white/80 px-1 text-xs text-red-700"
                        aria-label={`Quitar ${name}`}
                      >
                        ✕
                      </button>
                    </figure>
                    <div className="flex gap-1">
                      <button
                        type="submit"
                        {...(up === null ? {} : form.reorder.getButtonProps({ name: gallery.name, from: k, to: up }))}
                        className="btn-ghost px-2 py-0.5 text-xs"
                        disabled={up === null}
                        aria-label={`Subir ${name}`}
                      >
                        Subir
                      </button>
                      <button
                        type="submit"
                        {...(down === null ? {} : form.reorder.getButtonProps({ name: gallery.name, from: k, to: down }))}
                        className="btn-ghost px-2 py-0.5 text-xs"
                        disabled={down === null}
                        aria-label={`Bajar ${name}`}
                      >
                        Bajar
                      </button>
                    </div>
                    <label className="flex flex-col gap-0.5 text-xs">
                      <span className="text-slate-600">
                        Texto alternativo<span className="sr-only"> de {name}</span>
                      </span>
                      <input
                        {...getInputProps(f.alt, { type: "text" })}
                        className="input px-2 py-1 text-xs"
                        onBlur={(e) => {
                          // Shown as it will be stored (trimmed), as a post would show it.
                          const input = e.currentTarget;
                          const clean = cleanAlt(input.value, GALLERY_ALT_MAX);
                          if (clean === input.value) return;
                          input.value = clean;
                          input.dispatchEvent(new Event("input", { bubbles: true }));
                        }}
                      />
                    </label>
                  </li>
                );
              })}
            </ol>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <input
                type="file"
                name={uploadFieldName(sku)}
                accept="image/*"
                className="text-sm"
                aria-label={sku ? `Imagen para ${sku}` : "Imagen para la publicación"}
              />
              <IntentButton intent={{ type: "upload", sku }} className="btn-secondary px-2 py-1 text-sm">
                Subir imagen
              </IntentButton>
              <IntentButton intent={{ type: "library", sku }} className="btn-ghost px-2 py-1 text-sm">
                Elegir de la biblioteca
              </IntentButton>
            </div>
            {library && library.sku === sku ? (
              <div className="mt-2 rounded bg-slate-50 p-2">
                <div className="flex items-end gap-2">
                  <label className="flex flex-col gap-1 text-sm">
                    <span>Buscar en la biblioteca</span>
                    <input {...getInputProps(librarySearch, { type: "text" })} className="input" />
                  </label>
                  <IntentButton intent={{ type: "library", sku }} className="btn-secondary px-2 py-1 text-sm">
                    Buscar
                  </IntentButton>
                </div>
                {library.images.length === 0 ? <p className="mt-2 text-sm text-slate-500">No hay imágenes.</p> : null}
                <div className="mt-2 flex flex-wrap gap-2">
                  {library.images.map((img) => (
                    <IntentButton
                      key={img.fileId}
                      intent={{ type: "pick-image", sku, fileId: img.fileId }}
                      className="rounded border border-slate-200 p-1 text-xs hover:border-brand-600"
                    >
                      <img src={`${img.url}?w=150`} alt="" className="h-16 w-16 object-cover" loading="lazy" />
                      <span className="block max-w-16 truncate">{img.name}</span>
                    </IntentButton>
                  ))}
                </div>
              </div>
            ) : null}
          </div>
        );
      })}
    </section>
  );
}

/** A cost row in pesos, or "—" with the reason when a linked product has no price in pesos (decision 0038). */
function pesosOrDash(cost: { unpriced: string | null }, amount: number) {
  return cost.unpriced ? <span title={cost.unpriced}>—</span> : formatMoney(amount);
}
