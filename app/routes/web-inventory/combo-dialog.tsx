import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { PriceCell } from "~/components/pricing/price-cell";
import { Form, Outlet, useActionData, useLoaderData } from "react-router";
import { ErrorList } from "~/components/Field";
import type { AccessUser } from "~/lib/access";
import { formatMoney, formatNumber } from "@common/format";
import {
  COMBO_DIALOG_TEXTS,
  COMBO_SEARCH_LIMIT,
  comboLinesOf,
  summariseCombo,
  typedQty,
  type ComponentInfo,
} from "~/modules/catalog/combo-lines";
import type { ComboDraft, ComboDraftSchema } from "~/modules/catalog/combo-form";
import type { FormConstraints } from "~/lib/constraints";
import type { ComboView, comboDialogAction, comboDialogLoader } from "~/routes/web-inventory/combo-route.server";
import type { DialogToast, LibraryPick } from "~/routes/shared/catalog/product-action.server";
import { useAppUser } from "~/lib/use-app-user";
import { useSearchButton } from "~/components/FilterBar";
import type { FieldErrors } from "~/modules/catalog/product-texts";
import {
  DescriptionSection,
  Dimensions,
  EcommerceSwitch,
  Gallery,
  ListFieldTable,
  ListingDialog,
  ListingFormHead,
  Properties,
  TaxonomySelects,
  useLibraryPick,
  useListingForm,
  type TaxonomyChoices,
} from "./listing-form";

const FORM_ID = "combo-form";

const COMBO_LINE_HEADERS = [
  { text: "SKU" },
  { text: "Nombre" },
  { text: "Precio", right: true },
  { text: "Stock", right: true },
  { text: "Cantidad" },
  { text: "Subtotal", right: true },
];

type ComboDialogProps = {
  /** The values the form starts from: the stored combo (an answer's `initialValue` wins on a page drawn afresh). */
  draft: ComboDraft;
  /** Conform's reply to the last post: its errors, and the fields the server rewrote. */
  result: SubmissionResult<string[]> | undefined;
  constraint: FormConstraints<typeof ComboDraftSchema>;
  /** A library pick made since the page was drawn, to add to the form as it stands. */
  pick: LibraryPick | null;
  catalogue: Record<string, ComponentInfo>;
  matches: ComboView["matches"];
  fileErrors: FieldErrors;
  toast: DialogToast | null;
  comboId: string | null;
  options: TaxonomyChoices;
  closeTo: string;
  selfPath: string;
  user: AccessUser;
};

/**
 * "Publicación {id}" (spec 2 'Combo publication modal'): name, component table with the typeahead,
 * description, gallery, dimensions, properties, total price, e-commerce switch, minimum stock and the
 * four selectors. A saved combo's components are read-only (spec 4).
 */
export function ComboDialog(props: ComboDialogProps) {
  const { comboId, closeTo, toast, selfPath } = props;
  return (
    <ListingDialog
      title={comboId ? COMBO_DIALOG_TEXTS.title(comboId) : COMBO_DIALOG_TEXTS.newTitle}
      closeTo={closeTo}
      formId={FORM_ID}
      toast={toast}
    >
      {/* One form per combo: an answer redraws only the fields the server rewrote, so what is being
          typed, the focus and the scroll stay; another combo starts afresh. */}
      <ComboForm key={selfPath} {...props} />
    </ListingDialog>
  );
}

function ComboForm(props: ComboDialogProps) {
  const { draft, catalogue, matches, comboId, options, user } = props;
  const readOnly = comboId !== null;
  const [form, fields] = useListingForm({
    id: FORM_ID,
    load: () => import("~/modules/catalog/combo-checks").then(({ ComboDraftSchema }) => ComboDraftSchema),
    constraint: props.constraint,
    draft,
    result: props.result,
  });
  useLibraryPick(form, fields.gallery, props.pick);
  // Spec 5: no component is added while the name is empty (the server refuses it too).
  const named = Boolean(fields.name.value?.trim());
  const productSearch = useSearchButton();
  const rows = fields.components.getFieldList().map((row) => {
    const line = row.getFieldset();
    return { key: row.key, id: line.id, qty: line.qty, info: catalogue[line.id.value ?? ""] };
  });
  // Spec 5: price and minimum stock from today's catalogue and the quantities as typed.
  const lines = comboLinesOf(
    rows.map((r) => ({ id: r.id.value ?? "", qty: typedQty(r.qty.value) })),
    catalogue,
  );
  const summary = summariseCombo(lines);
  const limiting = lines.find((l) => l.id === summary.limitedBy);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      preventScrollReset
      replace
      className="grid grid-cols-1 gap-6 lg:grid-cols-3"
    >
      <ListingFormHead version={fields.version} />
      <div className="min-w-0 space-y-5 lg:col-span-2">
        {/* No `required`: an empty name gets the spec's "Campos obligatorios" message on Guardar. */}
        <div className="flex flex-col gap-1">
          <label htmlFor={fields.name.id} className="text-sm font-medium text-slate-700">
            Nombre
          </label>
          <input {...getInputProps(fields.name, { type: "text" })} className="input" />
          <ErrorList id={fields.name.errorId} errors={fields.name.errors} />
        </div>

        <section aria-labelledby="c-lines" className="space-y-2">
          <h3 id="c-lines" className="font-semibold">
            Productos del combo
          </h3>
          {readOnly ? <p className="text-sm text-slate-500">{COMBO_DIALOG_TEXTS.readOnly}</p> : null}
          <ListFieldTable label="Productos del combo" headers={COMBO_LINE_HEADERS} testId="combo-lines">
            {rows.map((row, k) => {
              const sku = row.id.value ?? "";
              const qty = typedQty(row.qty.value);
              return (
                <tr key={row.key ?? k} className="border-t border-slate-100" data-testid={`combo-line-${k}`}>
                  <td className="py-1 pr-2 font-mono text-xs">
                    <input {...getInputProps(row.id, { type: "hidden" })} />
                    {sku}
                  </td>
                  <td className="py-1 pr-2">{row.info?.name ?? ""}</td>
                  <td className="py-1 pr-2 text-right tabular-nums">{row.info ? <PriceCell view={row.info} /> : ""}</td>
                  <td className="py-1 pr-2 text-right tabular-nums">{row.info ? formatNumber(row.info.stock) : ""}</td>
                  <td className="py-1 pr-2">
                    {readOnly ? (
                      <>
                        <input {...getInputProps(row.qty, { type: "hidden" })} />
                        <span className="tabular-nums">{row.qty.value}</span>
                      </>
                    ) : (
                      <input
                        {...getInputProps(row.qty, { type: "number" })}
                        step={1}
                        aria-label={`Cantidad de ${sku}`}
                        className="input w-20"
                      />
                    )}
                    <ErrorList id={row.qty.errorId} errors={row.qty.errors} />
                  </td>
                  <td className="py-1 pr-2 text-right tabular-nums">
                    {row.info ? (
                      row.info.price === null ? (
                        <PriceCell view={row.info} />
                      ) : (
                        formatMoney(Math.round(row.info.price * 100 * qty) / 100)
                      )
                    ) : (
                      ""
                    )}
                  </td>
                  <td className="py-1">
                    {readOnly ? null : (
                      <button
                        {...form.remove.getButtonProps({ name: fields.components.name, index: k })}
                        className="btn-ghost px-2 py-1 text-xs text-red-700"
                        aria-label={`Quitar ${sku}`}
                      >
                        Quitar
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </ListFieldTable>
          {readOnly ? null : (
            <div className="space-y-2 rounded-md border border-slate-200 p-3">
              <div className="flex flex-wrap items-end gap-2">
                <label className="flex min-w-48 flex-1 flex-col gap-1 text-sm">
                  <span className="font-medium text-slate-700">{COMBO_DIALOG_TEXTS.searchLabel}</span>
                  <input
                    {...getInputProps(fields.componentSearch, { type: "search" })}
                    autoComplete="off"
                    className="input"
                    // Enter searches here instead of saving the combo.
                    onKeyDown={productSearch.onEnter}
                    onChange={(e) => (e.currentTarget.value.trim() ? productSearch.typed() : productSearch.cancel())}
                  />
                </label>
                <button
                  ref={productSearch.button}
                  type="submit"
                  name="intent"
                  value="search"
                  formNoValidate
                  className="btn-secondary"
                  onClick={productSearch.cancel}
                >
                  Buscar producto
                </button>
              </div>
              {matches && matches.length > 0 && !named ? <p className="text-sm text-amber-700">{COMBO_DIALOG_TEXTS.nameFirst}</p> : null}
              {matches ? (
                matches.length === 0 ? (
                  <p className="text-sm text-slate-500">{COMBO_DIALOG_TEXTS.noMatches}</p>
                ) : (
                  <ul
                    className="max-h-64 divide-y divide-slate-100 overflow-y-auto"
                    data-testid="combo-matches"
                    aria-label={`Hasta ${COMBO_SEARCH_LIMIT} coincidencias`}
                  >
                    {matches.map((m) => (
                      <li key={m.id}>
                        {/* Spec 5: a product already in the combo gets +1 (the server decides, see combo-form.ts). */}
                        <button
                          type="submit"
                          name="add"
                          value={m.id}
                          formNoValidate
                          disabled={!named}
                          title={named ? undefined : COMBO_DIALOG_TEXTS.nameFirst}
                          className="flex w-full items-center justify-between gap-2 px-2 py-1 text-left text-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60"
                        >
                          <span>
                            <span className="font-mono text-xs">{m.id}</span> {m.name}
                          </span>
                          <span className="whitespace-nowrap tabular-nums text-slate-600">
                            {m.price === null ? <span title={m.priceNote ?? undefined}>—</span> : formatMoney(m.price)} · stock{" "}
                            {formatNumber(m.stock)}
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

        <DescriptionSection meta={fields.description} label="Descripción de la publicación" />
        <Gallery form={form} list={fields.gallery} fileErrors={props.fileErrors} selfPath={props.selfPath} />
        <Dimensions fields={fields} />
        <Properties form={form} list={fields.properties} />
      </div>
      <aside className="min-w-0 space-y-4">
        <dl className="space-y-2 rounded-md border border-slate-200 p-3 text-sm" data-testid="combo-summary">
          <div className="flex justify-between gap-2">
            <dt className="font-medium text-slate-700">Precio total</dt>
            <dd className="font-semibold tabular-nums" data-testid="combo-price">
              {summary.price === null ? <span title={summary.priceProblem ?? undefined}>—</span> : formatMoney(summary.price)}
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
        <EcommerceSwitch meta={fields.isActive} locked={user.role === "iluminacion"} stored={draft.isActive} />
        <TaxonomySelects fields={fields} options={options} />
      </aside>
    </Form>
  );
}

/** The body of the new and edit combo routes: the loaded combo, or the answer to the last post. */
export function ComboRoute() {
  const loaded = useLoaderData<typeof comboDialogLoader>();
  const answer = useActionData<typeof comboDialogAction>();
  const user = useAppUser();
  return (
    <>
      <ComboDialog
        draft={loaded.draft}
        result={answer?.result}
        constraint={loaded.constraint}
        pick={answer ? null : loaded.pick}
        // Rows removed in the page since are still named: the catalogue only adds.
        catalogue={{ ...loaded.catalogue, ...answer?.catalogue }}
        matches={answer?.matches ?? null}
        fileErrors={answer?.fileErrors ?? {}}
        toast={answer?.toast ?? loaded.pickToast}
        comboId={loaded.comboId}
        options={loaded.options}
        closeTo={loaded.closeTo}
        selfPath={loaded.selfPath}
        user={user}
      />
      <Outlet />
    </>
  );
}
