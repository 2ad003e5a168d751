import { getFormProps, getInputProps, getSelectProps, useForm, type FieldMetadata, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, Outlet, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { Fragment, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { RouteDialog } from "~/components/Dialog";
import { ErrorList, Field } from "~/components/Field";
import { RichTextEditor } from "~/components/RichTextEditor";
import { Toaster } from "~/components/Toast";
import { can, type AccessUser } from "~/lib/access";
import { cn } from "~/lib/cn";
import { formatNumber } from "~/lib/format";
import type { AiResult, DialogToast, LibraryPick } from "~/web/catalog/product-action.server";
import type { productDialogAction, productDialogLoader } from "~/web/catalog/product-route.server";
import { useAppUser } from "~/lib/use-app-user";
import type { TaxonomyOption } from "./inventory.server";
import {
  NEW_PROPERTY, PRODUCT_TEXTS, ProductDraftSchema, catalogErrorMap, type FieldErrors, type GalleryDraftSchema,
  type ProductDraft, type PropertyDraftSchema,
} from "./product-form";
import type { StockView } from "./product.server";

type Option = { id: number; name: string; depth?: number };
export type ProductDialogProps = {
  /** The values the form starts from: the stored product, or what the server last filled in. */
  draft: ProductDraft;
  /** Conform's reply to the last post (values as posted, errors). */
  result: SubmissionResult<string[]> | undefined;
  /** A library pick made since the page was drawn, to add to the form as it stands. */
  pick: LibraryPick | null;
  stored: { id: string; manufacturerSku: string; intelisisName: string | null; intelisisCategory: string | null } | null;
  stock: StockView | null;
  options: { categories: TaxonomyOption[]; brands: TaxonomyOption[]; sectors: Option[]; applications: Option[] };
  fileErrors: FieldErrors;
  toast: DialogToast | null;
  ai: AiResult | null;
  revision: string;
  closeTo: string;
  selfPath: string;
  user: AccessUser;
};

const FORM_ID = "product-form";
const CONSTRAINT = getZodConstraint(ProductDraftSchema);

/** Spec 2 'Product detail modal'. One Conform form (see product-form.ts). */
export function ProductDialog(props: ProductDialogProps) {
  const { stored, closeTo, toast, revision } = props;
  const busy = useNavigation().state === "submitting";
  return (
    <RouteDialog
      title={stored ? `Producto ${stored.id}` : PRODUCT_TEXTS.newTitle}
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
      {/* A new revision is a form the server filled again: it starts over from the new draft. */}
      <ProductForm key={revision} {...props} />
    </RouteDialog>
  );
}

function ProductForm(props: ProductDialogProps) {
  const { draft, stored, revision, user } = props;
  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult: props.result,
    defaultValue: draft,
    constraint: CONSTRAINT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProductDraftSchema, errorMap: catalogErrorMap }),
    shouldValidate: "onBlur",
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
  }, [sheetPick?.fileId, sheetId, sheetName]);
  const ecommerceLocked = user.role === "iluminacion";
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} preventScrollReset replace className="grid gap-6 lg:grid-cols-3">
      {/* Enter in a text box saves, as the first submit button of the form is Guardar. */}
      <button type="submit" name="intent" value="save" className="hidden" tabIndex={-1} aria-hidden />
      <input type="hidden" name="revision" value={revision} />
      <input {...getInputProps(fields.version, { type: "hidden" })} />
      <div className="space-y-5 lg:col-span-2">
        <section className="space-y-3">
          <Field label="Nombre" meta={fields.name} />
          <DescriptionSection meta={fields.description} label="Descripción del producto" />
          {can(user, "products.aiDescription") && fields.dataSheetId.value ? <AiPanel ai={props.ai} /> : null}
        </section>
        <Gallery form={form} list={fields.gallery} fileErrors={props.fileErrors} selfPath={props.selfPath} />
        <Dimensions fields={fields} />
        <DataSheet id={fields.dataSheetId} name={fields.dataSheetName} fileErrors={props.fileErrors} selfPath={props.selfPath} />
        <Properties form={form} list={fields.properties} />
      </div>
      <aside className="space-y-4">
        {stored ? (
          <div className="text-sm">
            <p className="font-medium text-slate-700">SKU</p>
            <p className="font-mono" data-testid="sku">{stored.id}</p>
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
        <Field label="Precio (MXN)" meta={fields.price} type="number" inputProps={{ step: "0.01", inputMode: "decimal" }} />
        {stored?.intelisisName ? <p className="text-sm"><span className="font-medium text-slate-700">Nombre Intelisis:</span> {stored.intelisisName}</p> : null}
        {stored?.intelisisCategory ? <p className="text-sm"><span className="font-medium text-slate-700">Categoría Intelisis:</span> {stored.intelisisCategory}</p> : null}
        <label className="flex items-center gap-2 text-sm">
          {/* Spec 4: Iluminacion sees the switch but cannot change it (the server keeps the stored value). */}
          {ecommerceLocked ? (
            <input type="checkbox" checked={draft.isActive} disabled readOnly className="h-4 w-4" />
          ) : (
            <input {...getInputProps(fields.isActive, { type: "checkbox" })} className="h-4 w-4" />
          )}
          Habilitar en Ecommerce
        </label>
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
        <Select meta={fields.categoryId} label="Categoría" options={props.options.categories} />
        <Select meta={fields.brandId} label="Marca" options={props.options.brands} />
        <Select meta={fields.sectorId} label="Sector" options={props.options.sectors} />
        <Select meta={fields.applicationId} label="Aplicación" options={props.options.applications} />
        {stored ? (
          <button type="submit" name="intent" value="sync" formNoValidate className="btn-secondary w-full justify-center" aria-label="Sincronizar con Intelisis">
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
                setCopied({ id: String(Date.now()), title: PRODUCT_TEXTS.copiedTitle, message: PRODUCT_TEXTS.copied, variant: "success", durationMs: 3000 });
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

/** The form's list buttons, whichever dialog's form they belong to. */
type ListButtons<Form extends Record<string, unknown>> = Pick<FormMetadata<Form>, "insert" | "remove" | "reorder" | "update">;
type GalleryInput = z.input<typeof GalleryDraftSchema>;
type PropertyInput = z.input<typeof PropertyDraftSchema>;

/**
 * With JavaScript, a library pick made after the page was drawn is added to the form as it stands
 * (the typed fields stay); without it, the page comes from the server with the pick already in it.
 */
export function useLibraryPick<Form extends Record<string, unknown>>(form: ListButtons<Form>, gallery: FieldMetadata<GalleryInput[] | undefined, Form>, pick: LibraryPick | null) {
  const { key } = useLocation();
  const latest = useRef({ form, gallery, pick });
  latest.current = { form, gallery, pick };
  // Once per navigation: an image removed after the pick is not added again.
  useEffect(() => {
    const { form, gallery, pick } = latest.current;
    if (pick?.target !== "gallery") return;
    const shown = Array.isArray(gallery.value) ? gallery.value : [];
    if (shown.some((g) => g?.fileId === pick.item.fileId)) return;
    form.insert({ name: gallery.name, defaultValue: pick.item });
  }, [key]);
}

/** Spec 2 gallery: the first image large, the others thumbnails; move, remove, alt text, drag to reorder with JavaScript. */
export function Gallery<Form extends Record<string, unknown>>({
  form,
  list,
  fileErrors,
  selfPath,
}: {
  form: ListButtons<Form>;
  list: FieldMetadata<GalleryInput[] | undefined, Form>;
  fileErrors: FieldErrors;
  selfPath: string;
}) {
  const { search } = useLocation();
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const rows = list.getFieldList();
  const drop = (to: number) => {
    if (dragFrom !== null && dragFrom !== to) form.reorder({ name: list.name, from: dragFrom, to });
    setDragFrom(null);
  };
  return (
    <section aria-labelledby="p-gallery" className="space-y-3">
      <h3 id="p-gallery" className="font-semibold">Galería</h3>
      {rows.length === 0 ? <p className="text-sm text-slate-500">Sin imágenes.</p> : null}
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {rows.map((row, k) => {
          const image = row.getFieldset();
          const name = image.name.value ?? "";
          return (
            <li
              key={row.key ?? k}
              draggable
              onDragStart={() => setDragFrom(k)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={() => drop(k)}
              className={cn("rounded-md border border-slate-200 p-2", k === 0 && "col-span-2 sm:col-span-3")}
              data-testid={`gallery-${k}`}
            >
              <input {...getInputProps(image.fileId, { type: "hidden" })} />
              <input {...getInputProps(image.url, { type: "hidden" })} />
              <input {...getInputProps(image.name, { type: "hidden" })} />
              <input {...getInputProps(image.origin, { type: "hidden" })} />
              <img
                src={`${image.url.value ?? ""}?w=${k === 0 ? 800 : 150}`}
                alt={image.alt.value || name}
                className={cn("mx-auto rounded bg-slate-50 object-contain", k === 0 ? "h-64 w-full" : "h-24 w-full")}
              />
              <p className="mt-1 truncate text-xs text-slate-500" title={name}>{name}</p>
              <label className="mt-1 block text-xs font-medium text-slate-700">
                Texto alternativo
                <input {...getInputProps(image.alt, { type: "text" })} className="input mt-1 text-xs" />
              </label>
              <ErrorList id={image.alt.errorId} errors={image.alt.errors} />
              <div className="mt-2 flex flex-wrap gap-1">
                <button {...form.reorder.getButtonProps({ name: list.name, from: k, to: k - 1 })} disabled={k === 0} className="btn-ghost px-2 py-0.5 text-xs" aria-label={`Subir ${name}`}>
                  ◀ Subir
                </button>
                <button {...form.reorder.getButtonProps({ name: list.name, from: k, to: k + 1 })} disabled={k === rows.length - 1} className="btn-ghost px-2 py-0.5 text-xs" aria-label={`Bajar ${name}`}>
                  Bajar ▶
                </button>
                <button {...form.remove.getButtonProps({ name: list.name, index: k })} className="btn-ghost px-2 py-0.5 text-xs text-red-700" aria-label={`Quitar ${name}`}>
                  Quitar
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <ErrorList id={list.errorId} errors={list.errors} />
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">Subir imágenes (mínimo 1500×1500)</span>
          <input type="file" name="uploads" multiple accept="image/*" className="text-sm" aria-describedby="uploads-error" />
        </label>
        <button type="submit" name="intent" value="upload" formNoValidate className="btn-secondary">
          Subir
        </button>
        <Link to={`${selfPath}/files${withFor(search, "gallery")}`} preventScrollReset className="btn-ghost">
          Elegir de Archivos subidos
        </Link>
      </div>
      <ErrorList id="uploads-error" errors={fileErrors.uploads} />
    </section>
  );
}

/** The library link keeps the list query and says what the pick is for. */
function withFor(search: string, target: "gallery" | "sheet") {
  const params = new URLSearchParams(search);
  params.delete("pick");
  params.delete("for");
  params.set("for", target);
  return `?${params.toString()}`;
}

type Measure = FieldMetadata<number | undefined>;

/** The rich-text description the product and the combo dialogs share (a textarea without JavaScript). */
export function DescriptionSection({ meta, label }: { meta: FieldMetadata<string | undefined>; label: string }) {
  return (
    <details open className="rounded-md border border-slate-200 p-3">
      <summary className="cursor-pointer text-sm font-semibold">Descripción</summary>
      <RichTextEditor
        id={meta.id}
        name={meta.name}
        label={label}
        defaultValue={meta.initialValue ?? ""}
        errorId={meta.errorId}
        invalid={!!meta.errors}
        className="mt-2"
      />
    </details>
  );
}

export function Dimensions({ fields }: { fields: { tall: Measure; long: Measure; wide: Measure; weight: Measure } }) {
  const rows = [
    [fields.tall, "Alto (cm)"],
    [fields.long, "Largo (cm)"],
    [fields.wide, "Ancho (cm)"],
    [fields.weight, "Peso (kg)"],
  ] as const;
  return (
    <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      <legend className="mb-1 font-semibold">Dimensiones</legend>
      {rows.map(([meta, label]) => (
        <label key={meta.name} className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">{label}</span>
          <input {...getInputProps(meta, { type: "number" })} step="0.001" inputMode="decimal" className="input" />
          <ErrorList id={meta.errorId} errors={meta.errors} />
        </label>
      ))}
    </fieldset>
  );
}

function DataSheet({ id, name, fileErrors, selfPath }: { id: FieldMetadata<string | undefined>; name: FieldMetadata<string | undefined>; fileErrors: FieldErrors; selfPath: string }) {
  const { search } = useLocation();
  return (
    <section aria-labelledby="p-sheet" className="space-y-2">
      <h3 id="p-sheet" className="font-semibold">Ficha técnica (PDF)</h3>
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
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">Subir ficha técnica</span>
          <input type="file" name="sheetUpload" accept="application/pdf,.pdf" className="text-sm" aria-describedby="sheetUpload-error" />
        </label>
        <button type="submit" name="intent" value="sheet-upload" formNoValidate className="btn-secondary">
          Subir ficha
        </button>
        <Link to={`${selfPath}/files${withFor(search, "sheet")}`} preventScrollReset className="btn-ghost">
          Elegir de Archivos subidos
        </Link>
      </div>
      <ErrorList id="sheetUpload-error" errors={fileErrors.sheetUpload} />
      <ErrorList id={id.errorId} errors={id.errors} />
    </section>
  );
}

/** Spec 2 property rows: name, value, selector switch; add and remove are Conform's list buttons. */
export function Properties<Form extends Record<string, unknown>>({ form, list }: { form: ListButtons<Form>; list: FieldMetadata<PropertyInput[] | undefined, Form> }) {
  const rows = list.getFieldList();
  return (
    <section aria-labelledby="p-props" className="space-y-2">
      <h3 id="p-props" className="font-semibold">Propiedades</h3>
      <div className="overflow-x-auto">
        <table className="min-w-full text-sm">
          <thead>
            <tr className="text-left text-slate-600">
              <th className="py-1 pr-2">Nombre</th>
              <th className="py-1 pr-2">Valor</th>
              <th className="py-1 pr-2">Selector</th>
              <th className="py-1"><span className="sr-only">Acciones</span></th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, k) => {
              const property = row.getFieldset();
              return (
                <tr key={row.key ?? k} data-testid={`property-${k}`}>
                  <td className="py-1 pr-2 align-top">
                    <input {...getInputProps(property.name, { type: "text" })} aria-label={`Nombre de la propiedad ${k + 1}`} className="input" />
                    <ErrorList id={property.name.errorId} errors={property.name.errors} />
                  </td>
                  <td className="py-1 pr-2 align-top">
                    <input {...getInputProps(property.value, { type: "text" })} aria-label={`Valor de la propiedad ${k + 1}`} className="input" />
                    <ErrorList id={property.value.errorId} errors={property.value.errors} />
                  </td>
                  <td className="py-1 pr-2 align-top">
                    <input {...getInputProps(property.isSelector, { type: "checkbox" })} aria-label={`La propiedad ${k + 1} es selector`} className="mt-2 h-4 w-4" />
                  </td>
                  <td className="py-1 align-top">
                    <button {...form.remove.getButtonProps({ name: list.name, index: k })} className="btn-ghost px-2 py-1 text-xs text-red-700">
                      Quitar
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ErrorList id={list.errorId} errors={list.errors} />
      <button {...form.insert.getButtonProps({ name: list.name, defaultValue: NEW_PROPERTY })} className="btn-secondary">
        Agregar propiedad
      </button>
    </section>
  );
}

export function Select({ meta, label, options }: { meta: FieldMetadata<number | undefined>; label: string; options: Option[] }) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium text-slate-700">{label}</span>
      <select {...getSelectProps(meta)} className="input">
        <option value="">Sin {label.toLowerCase()}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {"\u00a0\u00a0".repeat(o.depth ?? 0)}
            {o.name}
          </option>
        ))}
      </select>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </label>
  );
}

/** Spec 2: a Total cell, then the warehouses two name–quantity pairs per row. */
function StockWidget({ stock }: { stock: StockView }) {
  const rows: Array<typeof stock.warehouses> = [];
  for (let k = 0; k < stock.warehouses.length; k += 2) rows.push(stock.warehouses.slice(k, k + 2));
  return (
    <table className="w-full border border-slate-200 text-sm" data-testid="stock-widget">
      <caption className="mb-1 text-left font-medium text-slate-700">Existencias{stock.source === "catalogue" ? " (copia del catálogo)" : ""}</caption>
      <tbody>
        <tr className="bg-slate-50">
          <th scope="row" className="px-2 py-1 text-left">Total</th>
          <td colSpan={3} className="px-2 py-1 text-right font-semibold tabular-nums">{formatNumber(stock.total)}</td>
        </tr>
        {rows.map((pair, k) => (
          <tr key={k} className="border-t border-slate-100">
            {pair.map((w) => (
              <Fragment key={w.name}>
                <th scope="row" className="px-2 py-1 text-left font-normal">{w.name}</th>
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
        draft={answer?.draft ?? loaded.draft}
        result={answer?.result}
        pick={answer ? null : loaded.pick}
        stored={loaded.stored}
        stock={loaded.stock}
        options={loaded.options}
        fileErrors={answer?.fileErrors ?? {}}
        toast={answer?.toast ?? loaded.pickToast}
        ai={answer?.ai ?? null}
        revision={answer?.revision ?? "load"}
        closeTo={loaded.closeTo}
        selfPath={loaded.selfPath}
        user={user}
      />
      <Outlet />
    </>
  );
}
