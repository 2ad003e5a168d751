import { Form, Link, Outlet, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { RouteDialog } from "~/components/Dialog";
import { RichTextEditor } from "~/components/RichTextEditor";
import { Toaster } from "~/components/Toast";
import type { AccessUser } from "~/lib/access";
import { formatMoney, formatNumber } from "~/lib/format";
import { COMBO_DIALOG_TEXTS, COMBO_SEARCH_LIMIT } from "./combo-form";
import type { ComboView, comboDialogAction, comboDialogLoader } from "~/web/catalog/combo-route.server";
import { useAppUser } from "~/lib/use-app-user";
import type { TaxonomyOption } from "./inventory.server";
import { Dimensions, Err, Gallery, Properties, Select } from "./product-dialog";

type Option = { id: number; name: string; depth?: number };
const FORM_ID = "combo-form";

/**
 * "Publicación {id}" (spec 2 'Combo publication modal'): name, component table with the typeahead,
 * description, gallery, dimensions, properties, total price, e-commerce switch, minimum stock and the
 * four selectors. A saved combo's components are read-only (spec 4).
 */
export function ComboDialog({
  view,
  comboId,
  options,
  closeTo,
  selfPath,
  user,
}: {
  view: ComboView;
  comboId: string | null;
  options: { categories: TaxonomyOption[]; brands: TaxonomyOption[]; sectors: Option[]; applications: Option[] };
  closeTo: string;
  selfPath: string;
  user: AccessUser;
}) {
  const { draft, lines, summary, matches, fieldErrors, toast, revision } = view;
  const busy = useNavigation().state === "submitting";
  const readOnly = comboId !== null;
  const searchButton = useRef<HTMLButtonElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const limiting = lines.find((l) => l.id === summary.limitedBy);
  // A pending typeahead search must not fire after the form was posted another way.
  useEffect(() => () => clearTimeout(timer.current), [revision]);
  return (
    <RouteDialog
      title={comboId ? COMBO_DIALOG_TEXTS.title(comboId) : COMBO_DIALOG_TEXTS.newTitle}
      closeTo={closeTo}
      size="xl"
      dismissOnOutside={false}
      footer={
        <>
          <Link to={closeTo} preventScrollReset className="btn-secondary">
            Volver
          </Link>
          <button type="submit" form={FORM_ID} name="intent" value="save" className="btn-primary" disabled={busy}>
            {busy ? "Guardando…" : "Guardar"}
          </button>
        </>
      }
    >
      {toast ? <Toaster key={toast.id} toast={toast} /> : null}
      <Form method="post" encType="multipart/form-data" id={FORM_ID} key={revision} preventScrollReset replace className="grid gap-6 lg:grid-cols-3">
        <input type="hidden" name="version" value={draft.version} />
        <button type="submit" name="intent" value="save" className="hidden" tabIndex={-1} aria-hidden />
        <div className="space-y-5 lg:col-span-2">
          <div className="flex flex-col gap-1">
            <label htmlFor="c-name" className="text-sm font-medium text-slate-700">
              Nombre
            </label>
            <input id="c-name" name="name" defaultValue={draft.name} maxLength={300} className="input" />
          </div>

          <section aria-labelledby="c-lines" className="space-y-2">
            <h3 id="c-lines" className="font-semibold">
              Productos del combo
            </h3>
            {readOnly ? <p className="text-sm text-slate-500">{COMBO_DIALOG_TEXTS.readOnly}</p> : null}
            <div className="overflow-x-auto">
              <table className="min-w-full text-sm" data-testid="combo-lines">
                <thead>
                  <tr className="text-left text-slate-600">
                    <th className="py-1 pr-2">SKU</th>
                    <th className="py-1 pr-2">Nombre</th>
                    <th className="py-1 pr-2 text-right">Precio</th>
                    <th className="py-1 pr-2 text-right">Stock</th>
                    <th className="py-1 pr-2">Cantidad</th>
                    <th className="py-1 pr-2 text-right">Subtotal</th>
                    <th className="py-1">
                      <span className="sr-only">Acciones</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {lines.map((l, k) => (
                    <tr key={l.id} className="border-t border-slate-100" data-testid={`combo-line-${k}`}>
                      <td className="py-1 pr-2 font-mono text-xs">
                        <input type="hidden" name={`components[${k}].id`} value={l.id} />
                        {l.id}
                      </td>
                      <td className="py-1 pr-2">{l.name}</td>
                      <td className="py-1 pr-2 text-right tabular-nums">{formatMoney(l.price)}</td>
                      <td className="py-1 pr-2 text-right tabular-nums">{formatNumber(l.stock)}</td>
                      <td className="py-1 pr-2">
                        {readOnly ? (
                          <>
                            <input type="hidden" name={`components[${k}].qty`} value={l.qty} />
                            <span className="tabular-nums">{l.qty}</span>
                          </>
                        ) : (
                          <input
                            type="number"
                            name={`components[${k}].qty`}
                            defaultValue={l.qty}
                            step={1}
                            aria-label={`Cantidad de ${l.id}`}
                            aria-invalid={fieldErrors[`components[${k}].qty`] ? true : undefined}
                            aria-describedby={`components[${k}].qty-error`}
                            className="input w-20"
                          />
                        )}
                        <Err errors={fieldErrors} name={`components[${k}].qty`} />
                      </td>
                      <td className="py-1 pr-2 text-right tabular-nums">{formatMoney(Math.round(l.price * 100 * l.qty) / 100)}</td>
                      <td className="py-1">
                        {readOnly ? null : (
                          <button type="submit" name="intent" value={`line-remove:${k}`} formNoValidate className="btn-ghost px-2 py-1 text-xs text-red-700" aria-label={`Quitar ${l.id}`}>
                            Quitar
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {readOnly ? null : (
              <div className="space-y-2 rounded-md border border-slate-200 p-3">
                <div className="flex flex-wrap items-end gap-2">
                  <label className="flex min-w-48 flex-1 flex-col gap-1 text-sm">
                    <span className="font-medium text-slate-700">{COMBO_DIALOG_TEXTS.searchLabel}</span>
                    <input
                      type="search"
                      name="componentSearch"
                      defaultValue={draft.componentSearch}
                      maxLength={100}
                      autoComplete="off"
                      className="input"
                      onKeyDown={(e) => {
                        // Enter searches here instead of saving the combo.
                        if (e.key === "Enter") {
                          e.preventDefault();
                          searchButton.current?.click();
                        }
                      }}
                      onChange={(e) => {
                        clearTimeout(timer.current);
                        if (e.currentTarget.value.trim().length < 1) return;
                        timer.current = setTimeout(() => searchButton.current?.click(), 600);
                      }}
                    />
                  </label>
                  <button ref={searchButton} type="submit" name="intent" value="search" formNoValidate className="btn-secondary" onClick={() => clearTimeout(timer.current)}>
                    Buscar producto
                  </button>
                </div>
                {matches ? (
                  matches.length === 0 ? (
                    <p className="text-sm text-slate-500">{COMBO_DIALOG_TEXTS.noMatches}</p>
                  ) : (
                    <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto" data-testid="combo-matches" aria-label={`Hasta ${COMBO_SEARCH_LIMIT} coincidencias`}>
                      {matches.map((m) => (
                        <li key={m.id}>
                          <button type="submit" name="intent" value={`add:${m.id}`} formNoValidate className="flex w-full items-center justify-between gap-2 px-2 py-1 text-left text-sm hover:bg-slate-50">
                            <span>
                              <span className="font-mono text-xs">{m.id}</span> {m.name}
                            </span>
                            <span className="whitespace-nowrap tabular-nums text-slate-600">
                              {formatMoney(m.price)} · stock {formatNumber(m.stock)}
                            </span>
                          </button>
                        </li>
                      ))}
                    </ul>
                  )
                ) : null}
              </div>
            )}
          </section>

          <details open className="rounded-md border border-slate-200 p-3">
            <summary className="cursor-pointer text-sm font-semibold">Descripción</summary>
            <RichTextEditor id="c-description" name="description" label="Descripción de la publicación" defaultValue={draft.description} className="mt-2" />
          </details>
          <Gallery draft={draft} fieldErrors={fieldErrors} selfPath={selfPath} />
          <Dimensions draft={draft} />
          <Properties draft={draft} fieldErrors={fieldErrors} />
        </div>
        <aside className="space-y-4">
          <dl className="space-y-2 rounded-md border border-slate-200 p-3 text-sm" data-testid="combo-summary">
            <div className="flex justify-between gap-2">
              <dt className="font-medium text-slate-700">Precio total</dt>
              <dd className="font-semibold tabular-nums" data-testid="combo-price">
                {formatMoney(summary.price)}
              </dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt className="font-medium text-slate-700">Stock</dt>
              <dd className="tabular-nums" data-testid="combo-stock">
                {formatNumber(summary.stock)}
              </dd>
            </div>
            {limiting ? (
              <p className="text-xs text-slate-600" data-testid="combo-limit">
                Limitado por {limiting.id} ({formatNumber(limiting.stock)} en stock ÷ {limiting.qty})
              </p>
            ) : null}
          </dl>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="isActive" defaultChecked={draft.isActive} disabled={user.role === "iluminacion"} className="h-4 w-4" />
            Habilitar en Ecommerce
          </label>
          <Select name="categoryId" label="Categoría" value={draft.categoryId} options={options.categories} errors={fieldErrors} />
          <Select name="brandId" label="Marca" value={draft.brandId} options={options.brands} errors={fieldErrors} />
          <Select name="sectorId" label="Sector" value={draft.sectorId} options={options.sectors} errors={fieldErrors} />
          <Select name="applicationId" label="Aplicación" value={draft.applicationId} options={options.applications} errors={fieldErrors} />
        </aside>
      </Form>
    </RouteDialog>
  );
}

/** The body of the new and edit combo routes: the loaded combo, or the answer of a refused save. */
export function ComboRoute() {
  const loaded = useLoaderData<typeof comboDialogLoader>();
  const answer = useActionData<typeof comboDialogAction>();
  const user = useAppUser();
  return (
    <>
      <ComboDialog view={answer ?? loaded.view} comboId={loaded.comboId} options={loaded.options} closeTo={loaded.closeTo} selfPath={loaded.selfPath} user={user} />
      <Outlet />
    </>
  );
}
