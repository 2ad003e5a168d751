import { Form, Link, useFetcher, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Badge } from "~/components/Badge";
import { RouteDialog } from "~/components/Dialog";
import { ErrorList } from "~/components/Field";
import { Toaster } from "~/components/Toast";
import { cn } from "~/lib/cn";
import { formatDateTime, formatMoney, formatNumber } from "~/lib/format";
import { CHANNELS, CHANNEL_NAMES, GALLERY_ALT_MAX, LISTING_TYPES, PRODUCT_SEARCH_DEBOUNCE_MS, STATUSES, WAREHOUSES } from "./constants";
import { pricedLines, readDraft, type Draft, type DraftLinked } from "./draft";
import type { EditorActionData } from "~/web/publications/editor-action.server";
import type { EditorView } from "./editor.server";
import { computeCost } from "./fees";
import { canMove, moveImageTo } from "./gallery-order";
import { storeLabel } from "./labels";
import type { ProductInfo } from "./publications.server";
import { computeStock } from "./stock";
import { remainingCharacters, specialTitlePrefix } from "./title";

const FORM_ID = "publication-form";

type Props = {
  view: EditorView;
  fieldErrors: Record<string, string[]>;
  toast: EditorActionData["toast"];
  library: EditorActionData["library"];
  revision: string;
  closeTo: string;
  action: string;
};

/** A submit button of the dialog's single form: its intent says what the server should do. */
function IntentButton({ intent, children, className = "btn-secondary", disabled, label }: { intent: string; children: React.ReactNode; className?: string; disabled?: boolean; label?: string }) {
  return (
    <button type="submit" form={FORM_ID} name="intent" value={intent} className={className} disabled={disabled} aria-label={label} formNoValidate>
      {children}
    </button>
  );
}

function Errors({ errors, id }: { errors?: string[]; id?: string }) {
  return errors?.length ? <ErrorList id={id} errors={errors} /> : null;
}

export function PublicationDialog({ view, fieldErrors, toast, library, revision, closeTo, action }: Props) {
  const { draft } = view;
  const isNew = !draft.id;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : "";
  const formRef = useRef<HTMLFormElement>(null);
  const [title, setTitle] = useState(draft.title);
  const [special, setSpecial] = useState(draft.special);
  const [live, setLive] = useState<{ cost: EditorView["cost"]; stock: EditorView["stock"] } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => {
    setTitle(draft.title);
    setSpecial(draft.special);
    setLive(null);
  }, [revision, draft.title, draft.special]);

  /** Live cost totals with JavaScript: the same maths as the server, 100 ms after the last change. */
  function recompute() {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (!formRef.current) return;
      const current = readDraft(new FormData(formRef.current));
      const lines = pricedLines(current).map((l) => ({ ...l, price: view.products[l.sku]?.price ?? 0, stocks: view.products[l.sku]?.stocks ?? [] }));
      setLive({
        cost: computeCost({ lines, commission: view.commissionRate, shipmentCost: view.shipmentCost, shipmentConstant: view.shipmentConstant, iva: view.iva }),
        stock: computeStock(lines, current.warehouses),
      });
    }, 100);
  }
  const cost = live?.cost ?? view.cost;
  const stock = live?.stock ?? view.stock;
  const remaining = remainingCharacters(title, special);
  const targets: Array<[string, string]> = draft.variations.length
    ? draft.variations.map((v, j) => [`v${j}`, `Variación ${j + 1}${v.name ? ` (${v.name})` : ""}`])
    : [["flat", "Productos vinculados"]];

  return (
    <RouteDialog
      title={isNew ? "Nueva publicación" : `Publicación ${draft.id}`}
      description={view.meta.permalink ? <a href={view.meta.permalink} target="_blank" rel="noreferrer" className="text-brand-700 underline">{view.meta.permalink}</a> : undefined}
      closeTo={closeTo}
      size="xl"
      footer={
        <>
          <Link to={closeTo} preventScrollReset className="btn-ghost">Volver</Link>
          {!isNew ? <IntentButton intent="premium" disabled={!!busy}>Premium</IntentButton> : null}
          <Link to={closeTo} preventScrollReset className="btn-secondary">Cancelar</Link>
          <IntentButton intent="save" className="btn-primary" disabled={!!busy}>{busy === "save" ? "Guardando…" : "Guardar"}</IntentButton>
        </>
      }
    >
      {toast ? <Toaster key={toast.id} toast={toast} /> : null}
      <Form
        method="post"
        action={action}
        encType="multipart/form-data"
        id={FORM_ID}
        ref={formRef}
        key={revision}
        preventScrollReset
        onChange={recompute}
        className="space-y-6"
      >
        {/* Enter in a text field recalculates instead of pressing some other button. */}
        <div className="absolute -left-[9999px]" aria-hidden>
          <button type="submit" name="intent" value="recalc" tabIndex={-1}>Recalcular</button>
        </div>
        <input type="hidden" name="version" value={draft.version} />
        {view.notices.length ? (
          <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">{view.notices.join(" ")}</div>
        ) : null}

        <section aria-labelledby="pub-general" className="grid gap-4 lg:grid-cols-3">
          <h3 id="pub-general" className="sr-only">Datos generales</h3>
          <div className="lg:col-span-2">
            <label htmlFor="pub-title" className="flex items-center justify-between text-sm font-medium text-slate-700">
              <span>Título</span>
              <Badge variant={remaining < 0 ? "danger" : remaining <= 5 ? "warning" : "gray"}>
                <span data-testid="title-remaining">{remaining}</span>&nbsp;caracteres restantes
              </Badge>
            </label>
            <div className="mt-1 flex items-center gap-2">
              {special ? <span className="whitespace-nowrap text-sm text-slate-500">{specialTitlePrefix(view.brand)}</span> : null}
              <input
                id="pub-title"
                name="title"
                defaultValue={draft.title}
                className="input flex-1"
                aria-invalid={fieldErrors.title ? true : undefined}
                aria-describedby={fieldErrors.title ? "pub-title-error" : undefined}
                onChange={(e) => setTitle(e.currentTarget.value)}
              />
            </div>
            <Errors id="pub-title-error" errors={fieldErrors.title} />
            <label className="mt-2 inline-flex items-center gap-2 text-sm">
              <input type="checkbox" name="special" defaultChecked={draft.special} onChange={(e) => setSpecial(e.currentTarget.checked)} className="h-4 w-4" />
              Publicación especial
            </label>
          </div>
          <div className="grid grid-cols-2 gap-2 text-sm">
            <label className="flex flex-col gap-1">
              <span className="font-medium text-slate-700">Estado</span>
              <select name="status" defaultValue={draft.status} className="input">
                {STATUSES.map(([k, l]) => <option key={k} value={k}>{l}</option>)}
              </select>
            </label>
            <label className="flex flex-col gap-1">
              <span className="font-medium text-slate-700">Tipo de publicación</span>
              <select name="listingType" defaultValue={draft.listingType} className="input">
                {LISTING_TYPES.map(([k, l]) => <option key={k} value={k}>{l}</option>)}
              </select>
            </label>
            <p><span className="text-slate-500">Ventas:</span> <strong data-testid="sold">{formatNumber(view.meta.soldQuantity)}</strong></p>
            <p><span className="text-slate-500">Visitas:</span> <strong>{formatNumber(view.meta.visits)}</strong></p>
            <label className="col-span-2 inline-flex items-center gap-2">
              <input type="checkbox" name="premium" defaultChecked={draft.premium} className="h-4 w-4" /> Premium
            </label>
          </div>
        </section>

        <section aria-labelledby="pub-category" className="space-y-2">
          <h3 id="pub-category" className="font-semibold">Categoría</h3>
          <div className="flex flex-wrap items-end gap-2">
            <label className="flex flex-col gap-1 text-sm">
              <span className="font-medium text-slate-700">ID de categoría</span>
              <input name="categoryId" defaultValue={draft.categoryId} className="input w-48 font-mono" aria-invalid={fieldErrors.categoryId ? true : undefined} aria-describedby="pub-category-error" />
            </label>
            <IntentButton intent="load-category">Cargar categoría</IntentButton>
            <IntentButton intent="predict" disabled={!title.trim()}>Predecir desde el título</IntentButton>
          </div>
          <Errors id="pub-category-error" errors={fieldErrors.categoryId} />
          {view.category ? (
            <nav aria-label="Ruta de la categoría" className="text-sm text-slate-600" data-testid="category-path">
              {view.category.path.map((c) => c.name).join(" › ")}
            </nav>
          ) : null}
          {view.predictions ? (
            <div className="rounded-md border border-slate-200 p-3">
              <p className="mb-2 text-sm font-medium">Categorías sugeridas</p>
              <ul className="space-y-1">
                {view.predictions.map((p) => (
                  <li key={p.categoryId} className="flex items-center justify-between gap-2 text-sm">
                    <span>{p.pathFromRoot.map((c) => c.name).join(" › ")} <span className="font-mono text-xs text-slate-500">{p.categoryId}</span></span>
                    <IntentButton intent={`set-category:${p.categoryId}`} className="btn-secondary px-2 py-1 text-xs">Usar</IntentButton>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {[...view.attributes.required, ...view.attributes.optional].length ? (
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {[...view.attributes.required, ...view.attributes.optional].map((a) => {
                const required = a.required || a.catalogRequired;
                const name = `attr.${a.id}`;
                return (
                  <label key={a.id} className="flex flex-col gap-1 text-sm">
                    <span className="font-medium text-slate-700">{a.name}{required ? " *" : ""}</span>
                    {a.values.length ? (
                      <select name={name} defaultValue={draft.attributes[a.id] ?? ""} className="input" aria-invalid={fieldErrors[name] ? true : undefined}>
                        <option value="">—</option>
                        {a.values.map((v) => <option key={v.id} value={v.name}>{v.name}</option>)}
                      </select>
                    ) : (
                      <input name={name} defaultValue={draft.attributes[a.id] ?? ""} className="input" aria-invalid={fieldErrors[name] ? true : undefined} />
                    )}
                    <Errors errors={fieldErrors[name]} />
                  </label>
                );
              })}
            </div>
          ) : null}
        </section>

        <section aria-labelledby="pub-store" className="grid gap-4 md:grid-cols-3">
          <fieldset>
            <legend id="pub-store" className="mb-1 font-semibold">Tienda oficial</legend>
            {(["meli1", "5139", "4981", "4979"] as const).map((choice) => (
              <label key={choice} className="flex items-center gap-2 text-sm">
                <input type="radio" name="store" value={choice} defaultChecked={draft.store === choice} className="h-4 w-4" />
                {storeLabel(choice === "meli1" ? null : choice, view.brand)}
              </label>
            ))}
            <Errors errors={fieldErrors.store} />
          </fieldset>
          <fieldset>
            <legend className="mb-1 font-semibold">Sincronización</legend>
            {([["autosync", "Autosincronizar"], ["priceSync", "Sincronizar precio"], ["stockSync", "Sincronizar stock"]] as const).map(([name, label]) => (
              <label key={name} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name={name} defaultChecked={draft[name]} className="h-4 w-4" /> {label}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend className="mb-1 font-semibold">Canales</legend>
            {CHANNELS.map(([key]) => (
              <label key={key} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="channels" value={key} defaultChecked={draft.channels.includes(key)} className="h-4 w-4" /> {CHANNEL_NAMES[key]}
              </label>
            ))}
            <Errors errors={fieldErrors.channels} />
          </fieldset>
        </section>

        <fieldset aria-labelledby="pub-warehouses">
          <div className="mb-1 flex items-center gap-2">
            <legend id="pub-warehouses" className="font-semibold">Almacenes</legend>
            <WarehouseToggle all formRef={formRef} onToggled={recompute} />
            <WarehouseToggle all={false} formRef={formRef} onToggled={recompute} />
          </div>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {WAREHOUSES.map(([name, delay]) => (
              <label key={name} className="inline-flex items-center gap-1 text-sm">
                <input type="checkbox" name="warehouses" value={name} defaultChecked={draft.warehouses.includes(name)} className="h-4 w-4" />
                {name}{delay ? <span className="text-xs text-slate-500">(+{delay})</span> : null}
              </label>
            ))}
          </div>
        </fieldset>

        <section aria-labelledby="pub-linked" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="pub-linked" className="font-semibold">Productos vinculados</h3>
            <IntentButton intent="add-variation">Agregar variación</IntentButton>
          </div>
          <Errors errors={fieldErrors.linked} />
          <Errors errors={fieldErrors.variations} />
          {draft.variations.length === 0 ? (
            <LinkedTable prefix="" target="flat" rows={draft.linked} products={view.products} canAdd={!!title.trim()} />
          ) : (
            draft.variations.map((v, j) => (
              <div key={j} className="rounded-md border border-slate-200 p-3" data-testid={`variation-${j}`}>
                <div className="mb-2 flex flex-wrap items-end gap-3">
                  <input type="hidden" name={`v.${j}.id`} value={v.id ?? ""} />
                  {view.attributes.variation.length ? (
                    <>
                      <input type="hidden" name={`v.${j}.name`} value={v.name} />
                      {view.attributes.variation.map((a) => {
                        const name = `v.${j}.attr.${a.id}`;
                        return (
                          <label key={a.id} className="flex flex-col gap-1 text-sm">
                            <span className="font-medium text-slate-700">{a.name} *</span>
                            {a.values.length ? (
                              <select name={name} defaultValue={v.attributes[a.id] ?? ""} className="input" aria-invalid={fieldErrors[name] ? true : undefined}>
                                <option value="">—</option>
                                {a.values.map((o) => <option key={o.id} value={o.name}>{o.name}</option>)}
                                {v.attributes[a.id] && !a.values.some((o) => o.name === v.attributes[a.id]) ? <option value={v.attributes[a.id]}>{v.attributes[a.id]}</option> : null}
                              </select>
                            ) : (
                              <input name={name} defaultValue={v.attributes[a.id] ?? ""} className="input" />
                            )}
                            <Errors errors={fieldErrors[name]} />
                          </label>
                        );
                      })}
                    </>
                  ) : (
                    <label className="flex flex-col gap-1 text-sm">
                      <span className="font-medium text-slate-700">Nombre de la variación</span>
                      <input name={`v.${j}.name`} defaultValue={v.name} className="input" />
                      <Errors errors={fieldErrors[`v.${j}.name`]} />
                    </label>
                  )}
                  <IntentButton intent={`remove-variation:${j}`} className="btn-ghost text-red-700">Quitar variación</IntentButton>
                </div>
                <Errors errors={fieldErrors[`v.${j}`]} />
                <LinkedTable prefix={`v.${j}.`} target={`v${j}`} rows={v.linked} products={view.products} canAdd={!!title.trim()} />
              </div>
            ))
          )}
          <ProductSearch view={view} targets={targets} fieldErrors={fieldErrors} />
        </section>

        <Gallery view={view} library={library} formRef={formRef} />

        <section aria-labelledby="pub-description" className="space-y-2">
          <h3 id="pub-description" className="font-semibold">Descripción</h3>
          {([["descIntro", "Introducción", draft.description.intro, 3], ["descBody", "Características", draft.description.body, 6], ["descClosing", "Cierre", draft.description.closing, 3]] as const).map(([name, label, value, rows]) => (
            <label key={name} className="flex flex-col gap-1 text-sm">
              <span className="font-medium text-slate-700">{label}</span>
              <textarea name={name} defaultValue={value} rows={rows} className="input" />
            </label>
          ))}
          <details className="text-sm">
            <summary className="cursor-pointer text-slate-600">Pie fijo del vendedor (se agrega al final)</summary>
            <pre className="mt-2 whitespace-pre-wrap rounded bg-slate-50 p-3 font-sans text-xs text-slate-600">{view.footer}</pre>
          </details>
        </section>

        <section aria-labelledby="pub-costs" className="rounded-md border border-slate-200 p-3">
          <div className="mb-2 flex items-center justify-between">
            <h3 id="pub-costs" className="font-semibold">Costos</h3>
            <div className="flex gap-2">
              <IntentButton intent="recalc" className="btn-ghost text-sm">Recalcular</IntentButton>
              {!isNew ? <IntentButton intent="sync-price">Sincronizar precio</IntentButton> : null}
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-5" data-testid="cost-summary">
            <div><dt className="text-slate-500">Stock inmediato</dt><dd data-testid="stock-now">{formatNumber(stock.now)}</dd></div>
            <div><dt className="text-slate-500">Stock posterior</dt><dd data-testid="stock-later">{formatNumber(stock.later)}</dd></div>
            <div><dt className="text-slate-500">Subtotal</dt><dd data-testid="cost-subtotal">{formatMoney(cost.subtotal)}</dd></div>
            <div><dt className="text-slate-500">Comisión Mercado Libre ({(view.commissionRate * 100).toFixed(1)} %)</dt><dd data-testid="cost-fee">{formatMoney(cost.fee)}</dd></div>
            <div><dt className="text-slate-500">Total</dt><dd className="font-semibold" data-testid="cost-total">{formatMoney(cost.total)}</dd></div>
          </dl>
          {view.meta.lastSyncUp ? <p className="mt-2 text-xs text-slate-500">Última sincronización de precio: {formatDateTime(view.meta.lastSyncUp)}</p> : null}
        </section>
      </Form>
    </RouteDialog>
  );
}

/** All/none for the warehouses: checks the boxes in place with JavaScript, asks the server without it. */
function WarehouseToggle({ all, formRef, onToggled }: { all: boolean; formRef: React.RefObject<HTMLFormElement>; onToggled: () => void }) {
  return (
    <button
      type="submit"
      form={FORM_ID}
      name="intent"
      value={all ? "warehouses-all" : "warehouses-none"}
      className="btn-ghost px-2 py-0.5 text-xs"
      formNoValidate
      onClick={(e) => {
        const boxes = formRef.current?.querySelectorAll<HTMLInputElement>('input[name="warehouses"]');
        if (!boxes) return;
        e.preventDefault();
        boxes.forEach((b) => (b.checked = all));
        onToggled();
      }}
    >
      {all ? "Todos" : "Ninguno"}
    </button>
  );
}

function LinkedTable({ prefix, target, rows, products, canAdd }: { prefix: string; target: string; rows: DraftLinked[]; products: Record<string, ProductInfo>; canAdd: boolean }) {
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
            <th className="px-2 py-1.5"><span className="sr-only">Quitar</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row, i) => {
            const p = row.sku ? products[row.sku] : undefined;
            return (
              <tr key={`${row.sku}-${i}`} data-testid={`linked-${target}-${i}`}>
                <td className="px-2 py-1 font-mono text-xs">
                  <input type="hidden" name={`${prefix}lp.${i}.sku`} value={row.sku} />
                  {row.sku || <span className="text-amber-700">Nueva fila: busca el producto abajo</span>}
                </td>
                <td className="px-2 py-1">{p?.name ?? (row.sku ? <span className="text-red-700">No existe en el catálogo</span> : "")}</td>
                <td className="px-2 py-1 text-right">{p ? formatMoney(p.price) : ""}</td>
                <td className="px-2 py-1 text-right">{p ? formatNumber(p.stock) : ""}</td>
                <td className="px-2 py-1">
                  <input type="number" name={`${prefix}lp.${i}.qty`} defaultValue={row.qty} min={1} step={1} className="input w-20" aria-label={`Cantidad ${row.sku}`} />
                </td>
                <td className="px-2 py-1">
                  <input type="number" name={`${prefix}lp.${i}.discount`} defaultValue={row.discount} min={0} max={10} step="0.5" className="input w-20" aria-label={`Descuento ${row.sku}`} />
                </td>
                <td className="px-2 py-1">
                  <IntentButton intent={`remove-row:${target}:${i}`} className="btn-ghost px-2 py-0.5 text-red-700" label={`Quitar ${row.sku || "fila"}`}>✕</IntentButton>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <IntentButton intent={`add-row:${target}`} className="btn-ghost mt-1 text-sm" disabled={!canAdd}>+ Agregar producto</IntentButton>
    </div>
  );
}

/**
 * Product search: without JavaScript a "Buscar" button posts the form; with it, results come 600 ms
 * after typing stops (more than one non-blank character, upper-cased, at most 40).
 */
function ProductSearch({ view, targets, fieldErrors }: { view: EditorView; targets: Array<[string, string]>; fieldErrors: Record<string, string[]> }) {
  const fetcher = useFetcher<{ results: ProductInfo[] }>();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const [typed, setTyped] = useState<string | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  const results = typed !== null && fetcher.data ? fetcher.data.results : view.searchResults;
  return (
    <div className="rounded-md bg-slate-50 p-3">
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-56 flex-1 flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">Buscar producto (SKU o nombre)</span>
          <input
            name="productSearch"
            defaultValue={view.draft.productSearch}
            className="input uppercase"
            autoComplete="off"
            onChange={(e) => {
              const value = e.currentTarget.value;
              setTyped(value);
              clearTimeout(timer.current);
              timer.current = setTimeout(() => {
                if (value.trim().length > 1) fetcher.load(`/publications/products?search=${encodeURIComponent(value.trim().toUpperCase())}`);
              }, PRODUCT_SEARCH_DEBOUNCE_MS);
            }}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">Agregar a</span>
          <select name="searchTarget" defaultValue={view.draft.searchTarget} className="input">
            {targets.map(([k, l]) => <option key={k} value={k}>{l}</option>)}
          </select>
        </label>
        <IntentButton intent="search-products">Buscar</IntentButton>
      </div>
      <Errors errors={fieldErrors.productSearch} />
      {results ? (
        results.length ? (
          <ul className="mt-2 max-h-64 divide-y divide-slate-200 overflow-y-auto" data-testid="product-results">
            {results.map((p) => (
              <li key={p.sku} className="flex items-center justify-between gap-2 py-1 text-sm">
                <span><span className="font-mono text-xs">{p.sku}</span> · {p.name} · {formatMoney(p.price)} · stock {formatNumber(p.stock)}</span>
                <AddProductButton sku={p.sku} />
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

/** Adds a found product to the target chosen in the "Agregar a" select (read when the button is pressed). */
function AddProductButton({ sku }: { sku: string }) {
  const ref = useRef<HTMLButtonElement>(null);
  return (
    <button
      ref={ref}
      type="submit"
      form={FORM_ID}
      name="intent"
      value={`add-product:selected:${sku}`}
      className="btn-secondary px-2 py-1 text-xs"
      formNoValidate
      onClick={() => {
        const select = ref.current?.form?.querySelector<HTMLSelectElement>('select[name="searchTarget"]');
        if (ref.current && select) ref.current.value = `add-product:${select.value}:${sku}`;
      }}
    >
      Agregar {sku}
    </button>
  );
}

/**
 * The gallery, per linked product: "Subir"/"Bajar" and the alt text post the form like every other
 * button. With JavaScript an image can also be dragged onto another of the same product: the drop
 * rewrites the hidden `g.<k>.sort` fields (same rule as the buttons) and posts the form.
 */
function Gallery({ view, library, formRef }: { view: EditorView; library: EditorActionData["library"]; formRef: React.RefObject<HTMLFormElement> }) {
  const gallery = view.draft.gallery;
  const skus = [...new Set([...view.draft.linked, ...view.draft.variations.flatMap((v) => v.linked)].map((l) => l.sku).filter(Boolean))];
  // The publication's own images (the two defaults of a new one, spec 1 §4) come first, then each linked product's.
  const groups = ["", ...skus];
  const dragged = useRef<{ k: number; sku: string } | null>(null);
  const [dropTarget, setDropTarget] = useState<number | null>(null);

  function drop(target: number) {
    const from = dragged.current?.k;
    dragged.current = null;
    setDropTarget(null);
    const form = formRef.current;
    if (from === undefined || from === target || !form) return;
    moveImageTo(gallery.map((g, k) => ({ sku: g.sku, k })), from, target).forEach((item, position) => {
      const input = form.querySelector<HTMLInputElement>(`input[name="g.${item.k}.sort"]`);
      if (input) input.value = String(position);
    });
    form.requestSubmit(form.querySelector<HTMLButtonElement>('button[name="intent"][value="reorder-images"]'));
  }

  return (
    <section aria-labelledby="pub-gallery" className="space-y-3">
      <h3 id="pub-gallery" className="font-semibold">Galería</h3>
      <button type="submit" name="intent" value="reorder-images" hidden tabIndex={-1} formNoValidate>Reordenar</button>
      {gallery.map((g, k) => (
        <span key={`${g.fileId}-${k}`} hidden>
          <input type="hidden" name={`g.${k}.fileId`} value={g.fileId} />
          <input type="hidden" name={`g.${k}.url`} value={g.url} />
          <input type="hidden" name={`g.${k}.name`} value={g.name} />
          <input type="hidden" name={`g.${k}.sku`} value={g.sku} />
          <input type="hidden" name={`g.${k}.origin`} value={g.origin} />
          <input type="hidden" name={`g.${k}.sort`} defaultValue={k} />
          {/* Images of a product no longer linked have no visible alt field: keep their text. */}
          {groups.includes(g.sku) ? null : <input type="hidden" name={`g.${k}.alt`} value={g.alt} />}
        </span>
      ))}
      {skus.length === 0 ? <p className="text-sm text-slate-600">Vincula un producto para agregar sus imágenes (hasta 8 por producto).</p> : null}
      {groups.map((sku) => {
        const images = gallery.map((g, k) => ({ g, k })).filter(({ g }) => g.sku === sku);
        const title = sku || "Imágenes de la publicación";
        return (
          <div key={sku || "general"} className="rounded-md border border-slate-200 p-3" data-testid={`gallery-${sku || "general"}`}>
            <p className="mb-2 text-sm font-medium">{title} <span className="text-slate-600">({images.length}/8)</span></p>
            <ol className="flex flex-wrap gap-3">
              {images.map(({ g, k }, position) => (
                <li
                  key={k}
                  data-testid={`gallery-${sku || "general"}-${position}`}
                  className={cn("flex w-44 flex-col gap-1 rounded border border-transparent p-1", dropTarget === k && "border-brand-600 bg-brand-50")}
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
                      src={`${g.url}?w=150`}
                      alt={g.alt || g.name}
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
                    <IntentButton intent={`remove-image:${k}`} className="absolute left-16 top-0 rounded bg-white/80 px-1 text-xs text-red-700" label={`Quitar ${g.name}`}>✕</IntentButton>
                  </figure>
                  <div className="flex gap-1">
                    <IntentButton intent={`move-image:${k}:up`} className="btn-ghost px-2 py-0.5 text-xs" disabled={!canMove(gallery, k, "up")} label={`Subir ${g.name}`}>Subir</IntentButton>
                    <IntentButton intent={`move-image:${k}:down`} className="btn-ghost px-2 py-0.5 text-xs" disabled={!canMove(gallery, k, "down")} label={`Bajar ${g.name}`}>Bajar</IntentButton>
                  </div>
                  <label className="flex flex-col gap-0.5 text-xs">
                    <span className="text-slate-600">Texto alternativo<span className="sr-only"> de {g.name}</span></span>
                    <input name={`g.${k}.alt`} defaultValue={g.alt} maxLength={GALLERY_ALT_MAX} className="input px-2 py-1 text-xs" />
                  </label>
                </li>
              ))}
            </ol>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <input type="file" name={`upload.${sku}`} accept="image/*" className="text-sm" aria-label={sku ? `Imagen para ${sku}` : "Imagen para la publicación"} />
              <IntentButton intent={`upload:${sku}`} className="btn-secondary px-2 py-1 text-sm">Subir imagen</IntentButton>
              <IntentButton intent={`library:${sku}`} className="btn-ghost px-2 py-1 text-sm">Elegir de la biblioteca</IntentButton>
            </div>
            {library && library.sku === sku ? (
              <div className="mt-2 rounded bg-slate-50 p-2">
                <div className="flex items-end gap-2">
                  <label className="flex flex-col gap-1 text-sm">
                    <span>Buscar en la biblioteca</span>
                    <input name="librarySearch" defaultValue={library.search} className="input" />
                  </label>
                  <IntentButton intent={`library:${sku}`} className="btn-secondary px-2 py-1 text-sm">Buscar</IntentButton>
                </div>
                {library.images.length === 0 ? <p className="mt-2 text-sm text-slate-500">No hay imágenes.</p> : null}
                <div className="mt-2 flex flex-wrap gap-2">
                  {library.images.map((img) => (
                    <button key={img.fileId} type="submit" form={FORM_ID} name="intent" value={`pick-image:${sku}:${img.fileId}`} className={cn("rounded border border-slate-200 p-1 text-xs hover:border-brand-600")} formNoValidate>
                      <img src={`${img.url}?w=150`} alt="" className="h-16 w-16 object-cover" loading="lazy" />
                      <span className="block max-w-16 truncate">{img.name}</span>
                    </button>
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

export type { Draft };
