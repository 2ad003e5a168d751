import { getFormProps, getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { PriceCell } from "~/components/pricing/price-cell";
import type { PriceView } from "~/modules/pricing/price";
import { Form, Outlet, useActionData, useLoaderData, useLocation } from "react-router";
import { Fragment, useEffect, useState } from "react";
import { ErrorList, Field } from "~/components/Field";
import { Toaster } from "~/components/Toast";
import { can, type AccessUser } from "~/lib/access";
import { formatNumber } from "@common/format";
import type { AiResult, DialogToast, LibraryPick } from "~/routes/shared/catalog/product-action.server";
import type { productDialogAction, productDialogLoader } from "~/routes/web-inventory/product-route.server";
import { useAppUser } from "~/lib/use-app-user";
import {
  DescriptionSection,
  Dimensions,
  EcommerceSwitch,
  Gallery,
  ListingDialog,
  ListingFormHead,
  Properties,
  TaxonomySelects,
  UploadOrPick,
  useLibraryPick,
  useListingForm,
  withFor,
  type TaxonomyChoices,
} from "./listing-form";
import type { ProductDraft, ProductDraftSchema } from "~/modules/catalog/product-form";
import { PRODUCT_TEXTS, type FieldErrors } from "~/modules/catalog/product-texts";
import type { FormConstraints } from "~/lib/constraints";
import type { StockView } from "~/modules/catalog/product.server";

export type ProductDialogProps = {
  /** The values the form starts from: the stored product (an answer's `initialValue` wins on a page drawn afresh). */
  draft: ProductDraft;
  /** Conform's reply to the last post: its errors, and the fields the server rewrote. */
  result: SubmissionResult<string[]> | undefined;
  constraint: FormConstraints<typeof ProductDraftSchema>;
  /** A library pick made since the page was drawn, to add to the form as it stands. */
  pick: LibraryPick | null;
  stored: {
    id: string;
    manufacturerSku: string;
    intelisisName: string | null;
    intelisisCategory: string | null;
    currency: string;
    pesos: PriceView;
  } | null;
  stock: StockView | null;
  options: TaxonomyChoices;
  fileErrors: FieldErrors;
  toast: DialogToast | null;
  ai: AiResult | null;
  closeTo: string;
  selfPath: string;
  user: AccessUser;
};

const FORM_ID = "product-form";

/** Spec 2 'Product detail modal'. One Conform form (see product-form.ts). */
export function ProductDialog(props: ProductDialogProps) {
  const { stored, closeTo, toast, selfPath } = props;
  return (
    <ListingDialog title={stored ? `Producto ${stored.id}` : PRODUCT_TEXTS.newTitle} closeTo={closeTo} formId={FORM_ID} toast={toast}>
      {/* One form per product: an answer redraws only the fields the server rewrote, so what is being
          typed, the focus and the scroll stay; another product starts afresh. */}
      <ProductForm key={selfPath} {...props} />
    </ListingDialog>
  );
}

function ProductForm(props: ProductDialogProps) {
  const { draft, stored, user } = props;
  const [form, fields] = useListingForm({
    id: FORM_ID,
    load: () => import("~/modules/catalog/product-form").then(({ ProductDraftSchema }) => ProductDraftSchema),
    constraint: props.constraint,
    draft,
    result: props.result,
  });
  useLibraryPick(form, fields.gallery, props.pick);
  // A data sheet pick sets two fields. Conform reads the form from the page for each update, so the
  // name waits until the id has been drawn (the next run of this effect).
  const sheetPick = props.pick?.target === "sheet" ? props.pick : null;
  const [sheetId, sheetName] = [fields.dataSheetId.value, fields.dataSheetName.value];
  useEffect(() => {
    if (!sheetPick) return;
    if (sheetId !== sheetPick.fileId) form.update({ name: fields.dataSheetId.name, value: sheetPick.fileId });
    else if (sheetName !== sheetPick.name) form.update({ name: fields.dataSheetName.name, value: sheetPick.name });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- it follows the pick by its file id and the two fields by their values; a new object for the same pick, or Conform's form object redrawn, is not a change to apply
  }, [sheetPick?.fileId, sheetId, sheetName]);
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
        <section className="space-y-3">
          <Field label="Nombre" meta={fields.name} />
          {/* Spec 6: the description (and the AI footer of its panel) only for those allowed to see it. */}
          {can(user, "products.description") ? <DescriptionSection meta={fields.description} label="Descripción del producto" /> : null}
          {can(user, "products.description") && can(user, "products.aiDescription") && fields.dataSheetId.value ? (
            <AiPanel ai={props.ai} />
          ) : null}
        </section>
        <Gallery form={form} list={fields.gallery} fileErrors={props.fileErrors} selfPath={props.selfPath} />
        <Dimensions fields={fields} />
        <DataSheet id={fields.dataSheetId} name={fields.dataSheetName} fileErrors={props.fileErrors} selfPath={props.selfPath} />
        <Properties form={form} list={fields.properties} />
      </div>
      <aside className="min-w-0 space-y-4">
        {stored ? (
          <div className="text-sm">
            <p className="font-medium text-slate-700">SKU</p>
            <p className="font-mono" data-testid="sku">
              {stored.id}
            </p>
          </div>
        ) : (
          // No `required`: an empty SKU gets the spec's own message from the server.
          <Field label="SKU" meta={fields.sku} inputProps={{ autoCapitalize: "characters" }} />
        )}
        {stored?.manufacturerSku ? (
          <div className="text-sm">
            <p className="font-medium text-slate-700">Clave de fabricante</p>
            <p className="font-mono">{stored.manufacturerSku}</p>
          </div>
        ) : (
          <Field label="Clave de fabricante" meta={fields.manufacturerSku} />
        )}
        {/* The price is kept in the article's currency; every figure labelled MXN is pesos (decision 0038). */}
        <Field
          label={stored?.currency === "Dolares" ? "Precio (USD)" : "Precio (MXN)"}
          meta={fields.price}
          type="number"
          inputProps={{ step: "0.01", inputMode: "decimal" }}
        />
        {stored && stored.currency !== "Pesos" ? (
          <p className="-mt-2 text-sm" data-testid="price-mxn">
            <span className="font-medium text-slate-700">Precio (MXN):</span> <PriceCell view={stored.pesos} />
          </p>
        ) : null}
        {stored?.intelisisName ? (
          <p className="text-sm">
            <span className="font-medium text-slate-700">Nombre Intelisis:</span> {stored.intelisisName}
          </p>
        ) : null}
        {stored?.intelisisCategory ? (
          <p className="text-sm">
            <span className="font-medium text-slate-700">Categoría Intelisis:</span> {stored.intelisisCategory}
          </p>
        ) : null}
        <EcommerceSwitch meta={fields.isActive} locked={user.role === "iluminacion"} stored={draft.isActive} />
        <label className="flex items-center gap-2 text-sm">
          <input {...getInputProps(fields.globalDescription, { type: "checkbox" })} className="h-4 w-4" />
          Descripción global
        </label>
        <Field label="EAN/UPC" meta={fields.eanUpc} inputProps={{ inputMode: "numeric" }} />
        {props.stock ? <StockWidget stock={props.stock} /> : null}
        {stored && can(user, "products.qr") ? (
          <a href={`${props.selfPath}/qr`} download={`${stored.id}-qr.png`} className="btn-secondary w-full justify-center">
            Descargar QR
          </a>
        ) : null}
        <TaxonomySelects fields={fields} options={props.options} />
        {stored ? (
          <button
            type="submit"
            name="intent"
            value="sync"
            formNoValidate
            className="btn-secondary w-full justify-center"
            aria-label="Sincronizar con Intelisis"
          >
            ⇄ Sincronizar con Intelisis
          </button>
        ) : null}
      </aside>
    </Form>
  );
}

function AiPanel({ ai }: { ai: AiResult | null }) {
  const [copied, setCopied] = useState<DialogToast | null>(null);
  return (
    <div className="rounded-md border border-violet-200 bg-violet-50 p-3 text-sm" data-testid="ai-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-violet-900">Descripción con IA a partir de la ficha técnica</p>
        <button type="submit" name="intent" value="ai" formNoValidate className="btn-secondary">
          Generar descripción
        </button>
      </div>
      {ai ? (
        <div className="mt-3 space-y-2">
          <div className="whitespace-pre-wrap rounded bg-white p-2" data-testid="ai-description">
            {ai.description}
          </div>
          <input type="hidden" name="aiDescription" value={ai.description} />
          {ai.note ? <p className="text-amber-800">{ai.note}</p> : null}
          {ai.skipped.length ? <p className="text-slate-600">Propiedades no agregadas (ya existían): {ai.skipped.join(", ")}</p> : null}
          <div className="flex flex-wrap gap-2">
            <button type="submit" name="intent" value="ai-use" formNoValidate className="btn-secondary">
              Usar como descripción
            </button>
            <button
              type="button"
              className="btn-ghost"
              onClick={async () => {
                await navigator.clipboard?.writeText(ai.description).catch(() => undefined);
                setCopied({
                  id: String(Date.now()),
                  title: PRODUCT_TEXTS.copiedTitle,
                  message: PRODUCT_TEXTS.copied,
                  variant: "success",
                  durationMs: 3000,
                });
              }}
            >
              Copiar
            </button>
          </div>
          {copied ? <Toaster key={copied.id} toast={copied} /> : null}
        </div>
      ) : null}
    </div>
  );
}

function DataSheet({
  id,
  name,
  fileErrors,
  selfPath,
}: {
  id: FieldMetadata<string | undefined>;
  name: FieldMetadata<string | undefined>;
  fileErrors: FieldErrors;
  selfPath: string;
}) {
  const { search } = useLocation();
  return (
    <section aria-labelledby="p-sheet" className="space-y-2">
      <h3 id="p-sheet" className="font-semibold">
        Ficha técnica (PDF)
      </h3>
      <input {...getInputProps(id, { type: "hidden" })} />
      <input {...getInputProps(name, { type: "hidden" })} />
      {id.value ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <a href={`/files/${id.value}`} target="_blank" rel="noreferrer" className="text-brand-700 underline" data-testid="data-sheet">
            {name.value || "Ficha técnica"}
          </a>
          <button type="submit" name="intent" value="sheet-remove" formNoValidate className="btn-ghost px-2 py-0.5 text-xs text-red-700">
            Quitar ficha
          </button>
        </p>
      ) : (
        <p className="text-sm text-slate-500">Sin ficha técnica.</p>
      )}
      <UploadOrPick
        label="Subir ficha técnica"
        input={{ name: "sheetUpload", accept: "application/pdf,.pdf" }}
        upload={{ intent: "sheet-upload", label: "Subir ficha" }}
        libraryTo={`${selfPath}/files${withFor(search, "sheet")}`}
        errors={fileErrors.sheetUpload}
      />
      <ErrorList id={id.errorId} errors={id.errors} />
    </section>
  );
}

/** Spec 2: a Total cell, then the warehouses two name–quantity pairs per row. */
function StockWidget({ stock }: { stock: StockView }) {
  const rows: Array<typeof stock.warehouses> = [];
  for (let k = 0; k < stock.warehouses.length; k += 2) rows.push(stock.warehouses.slice(k, k + 2));
  return (
    <table className="w-full border border-slate-200 text-sm" data-testid="stock-widget">
      <caption className="mb-1 text-left font-medium text-slate-700">
        Existencias{stock.source === "catalogue" ? " (copia del catálogo)" : ""}
      </caption>
      <tbody>
        <tr className="bg-slate-50">
          <th scope="row" className="px-2 py-1 text-left">
            Total
          </th>
          <td colSpan={3} className="px-2 py-1 text-right font-semibold tabular-nums">
            {formatNumber(stock.total)}
          </td>
        </tr>
        {rows.map((pair, k) => (
          <tr key={k} className="border-t border-slate-100">
            {pair.map((w) => (
              <Fragment key={w.name}>
                <th scope="row" className="px-2 py-1 text-left font-normal">
                  {w.name}
                </th>
                <td className="px-2 py-1 text-right tabular-nums">{formatNumber(w.qty)}</td>
              </Fragment>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The body of the new and edit product routes: the loaded product, or the answer to the last post. */
export function ProductRoute() {
  const loaded = useLoaderData<typeof productDialogLoader>();
  const answer = useActionData<typeof productDialogAction>();
  const user = useAppUser();
  return (
    <>
      <ProductDialog
        draft={loaded.draft}
        result={answer?.result}
        constraint={loaded.constraint}
        pick={answer ? null : loaded.pick}
        stored={loaded.stored}
        stock={loaded.stock}
        options={loaded.options}
        fileErrors={answer?.fileErrors ?? {}}
        toast={answer?.toast ?? loaded.pickToast}
        ai={answer?.ai ?? null}
        closeTo={loaded.closeTo}
        selfPath={loaded.selfPath}
        user={user}
      />
      <Outlet />
    </>
  );
}
