import { Form, Link, Outlet, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { Fragment, useRef, useState } from "react";
import { RouteDialog } from "~/components/Dialog";
import { ErrorList } from "~/components/Field";
import { RichTextEditor } from "~/components/RichTextEditor";
import { Toaster } from "~/components/Toast";
import { can, type AccessUser } from "~/lib/access";
import { cn } from "~/lib/cn";
import { formatNumber } from "~/lib/format";
import type { AiResult, DialogToast } from "~/web/catalog/product-action.server";
import type { productDialogAction, productDialogLoader } from "~/web/catalog/product-route.server";
import { useAppUser } from "~/lib/use-app-user";
import type { TaxonomyOption } from "./inventory.server";
import { PRODUCT_TEXTS, type FieldErrors, type ProductDraft } from "./product-form";
import type { StockView } from "./product.server";

type Option = { id: number; name: string; depth?: number };
export type ProductDialogProps = {
  draft: ProductDraft;
  stored: { id: string; manufacturerSku: string; intelisisName: string | null; intelisisCategory: string | null } | null;
  stock: StockView | null;
  options: { categories: TaxonomyOption[]; brands: TaxonomyOption[]; sectors: Option[]; applications: Option[] };
  fieldErrors: FieldErrors;
  toast: DialogToast | null;
  ai: AiResult | null;
  revision: string;
  closeTo: string;
  selfPath: string;
  user: AccessUser;
};

const FORM_ID = "product-form";

/** Spec 2 'Product detail modal'. Every button posts the whole form with its intent (see product-form.ts). */
export function ProductDialog(props: ProductDialogProps) {
  const { draft, stored, closeTo, toast, revision } = props;
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
      <Form method="post" encType="multipart/form-data" id={FORM_ID} key={revision} preventScrollReset replace className="grid gap-6 lg:grid-cols-3">
        <input type="hidden" name="version" value={draft.version} />
        {/* Enter in a text box saves, as the first submit button of the form is Guardar. */}
        <button type="submit" name="intent" value="save" className="hidden" tabIndex={-1} aria-hidden />
        <div className="space-y-5 lg:col-span-2">
          <MainFields {...props} />
          <Gallery {...props} />
          <Dimensions draft={draft} />
          <DataSheet {...props} />
          <Properties {...props} />
        </div>
        <aside className="space-y-4">
          <SideFields {...props} />
        </aside>
      </Form>
    </RouteDialog>
  );
}

export function Err({ errors, name }: { errors: FieldErrors; name: string }) {
  return <ErrorList id={`${name}-error`} errors={errors[name]} />;
}

function TextInput({ name, label, value, errors, ...rest }: { name: string; label: string; value: string | number; errors: FieldErrors } & React.InputHTMLAttributes<HTMLInputElement>) {
  const invalid = !!errors[name]?.length;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`p-${name}`} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input id={`p-${name}`} name={name} defaultValue={value} aria-invalid={invalid || undefined} aria-describedby={invalid ? `${name}-error` : undefined} className="input" {...rest} />
      <Err errors={errors} name={name} />
    </div>
  );
}

function MainFields({ draft, fieldErrors, ai, user }: ProductDialogProps) {
  const aiText = useRef<HTMLDivElement>(null);
  const [copied, setCopied] = useState<DialogToast | null>(null);
  return (
    <section className="space-y-3">
      <TextInput name="name" label="Nombre" value={draft.name} errors={fieldErrors} maxLength={300} required />
      <details open className="rounded-md border border-slate-200 p-3">
        <summary className="cursor-pointer text-sm font-semibold">Descripción</summary>
        <RichTextEditor id="p-description" name="description" label="Descripción del producto" defaultValue={draft.description} className="mt-2" />
      </details>
      {can(user, "products.aiDescription") && draft.dataSheetId ? (
        <div className="rounded-md border border-violet-200 bg-violet-50 p-3 text-sm" data-testid="ai-panel">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-medium text-violet-900">Descripción con IA a partir de la ficha técnica</p>
            <button type="submit" name="intent" value="ai" formNoValidate className="btn-secondary">
              Generar descripción
            </button>
          </div>
          {ai ? (
            <div className="mt-3 space-y-2">
              <div ref={aiText} className="whitespace-pre-wrap rounded bg-white p-2" data-testid="ai-description">
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
      ) : null}
    </section>
  );
}

export function Gallery({ draft, fieldErrors, selfPath }: { draft: Pick<ProductDraft, "gallery">; fieldErrors: FieldErrors; selfPath: string }) {
  const { search } = useLocation();
  const gallery = draft.gallery;
  const mover = useRef<HTMLButtonElement>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const drop = (to: number) => {
    if (dragFrom === null || dragFrom === to || !mover.current) return;
    mover.current.value = `image-move:${dragFrom}:${to}`;
    mover.current.click();
  };
  return (
    <section aria-labelledby="p-gallery" className="space-y-3">
      <h3 id="p-gallery" className="font-semibold">Galería</h3>
      <button ref={mover} type="submit" name="intent" value="" formNoValidate className="hidden" tabIndex={-1} aria-hidden />
      {gallery.length === 0 ? <p className="text-sm text-slate-500">Sin imágenes.</p> : null}
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {gallery.map((g, k) => (
          <li
            key={`${g.fileId}-${k}`}
            draggable
            onDragStart={() => setDragFrom(k)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={() => drop(k)}
            className={cn("rounded-md border border-slate-200 p-2", k === 0 && "col-span-2 sm:col-span-3")}
            data-testid={`gallery-${k}`}
          >
            <input type="hidden" name={`gallery[${k}].fileId`} value={g.fileId} />
            <input type="hidden" name={`gallery[${k}].url`} value={g.url} />
            <input type="hidden" name={`gallery[${k}].name`} value={g.name} />
            <input type="hidden" name={`gallery[${k}].origin`} value={g.origin} />
            <img
              src={`${g.url}?w=${k === 0 ? 800 : 150}`}
              alt={g.alt || g.name}
              className={cn("mx-auto rounded bg-slate-50 object-contain", k === 0 ? "h-64 w-full" : "h-24 w-full")}
            />
            <p className="mt-1 truncate text-xs text-slate-500" title={g.name}>{g.name}</p>
            <label className="mt-1 block text-xs font-medium text-slate-700">
              Texto alternativo
              <input name={`gallery[${k}].alt`} defaultValue={g.alt} maxLength={200} className="input mt-1 text-xs" />
            </label>
            <div className="mt-2 flex flex-wrap gap-1">
              <button type="submit" name="intent" value={`image-move:${k}:${k - 1}`} formNoValidate disabled={k === 0} className="btn-ghost px-2 py-0.5 text-xs" aria-label={`Subir ${g.name}`}>
                ◀ Subir
              </button>
              <button type="submit" name="intent" value={`image-move:${k}:${k + 1}`} formNoValidate disabled={k === gallery.length - 1} className="btn-ghost px-2 py-0.5 text-xs" aria-label={`Bajar ${g.name}`}>
                Bajar ▶
              </button>
              <button type="submit" name="intent" value={`image-remove:${k}`} formNoValidate className="btn-ghost px-2 py-0.5 text-xs text-red-700" aria-label={`Quitar ${g.name}`}>
                Quitar
              </button>
            </div>
          </li>
        ))}
      </ol>
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
      <Err errors={fieldErrors} name="uploads" />
    </section>
  );
}

/** The library link keeps the list query and says what the pick is for. */
function withFor(search: string, target: "gallery" | "sheet") {
  const params = new URLSearchParams(search);
  params.delete("pick");
  params.set("for", target);
  return `?${params.toString()}`;
}

export function Dimensions({ draft }: { draft: Pick<ProductDraft, "tall" | "long" | "wide" | "weight"> }) {
  const fields = [
    ["tall", "Alto (cm)", draft.tall],
    ["long", "Largo (cm)", draft.long],
    ["wide", "Ancho (cm)", draft.wide],
    ["weight", "Peso (kg)", draft.weight],
  ] as const;
  return (
    <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      <legend className="mb-1 font-semibold">Dimensiones</legend>
      {fields.map(([name, label, value]) => (
        <label key={name} className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">{label}</span>
          <input type="number" name={name} defaultValue={value} min={0} step="0.001" inputMode="decimal" className="input" />
        </label>
      ))}
    </fieldset>
  );
}

function DataSheet({ draft, fieldErrors, selfPath }: ProductDialogProps) {
  const { search } = useLocation();
  return (
    <section aria-labelledby="p-sheet" className="space-y-2">
      <h3 id="p-sheet" className="font-semibold">Ficha técnica (PDF)</h3>
      {draft.dataSheetId ? <input type="hidden" name="dataSheetId" value={draft.dataSheetId} /> : null}
      <input type="hidden" name="dataSheetName" value={draft.dataSheetName} />
      {draft.dataSheetId ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <a href={`/files/${draft.dataSheetId}`} target="_blank" rel="noreferrer" className="text-brand-700 underline" data-testid="data-sheet">
            {draft.dataSheetName || "Ficha técnica"}
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
          <input type="file" name="sheetUpload" accept="application/pdf,.pdf" className="text-sm" />
        </label>
        <button type="submit" name="intent" value="sheet-upload" formNoValidate className="btn-secondary">
          Subir ficha
        </button>
        <Link to={`${selfPath}/files${withFor(search, "sheet")}`} preventScrollReset className="btn-ghost">
          Elegir de Archivos subidos
        </Link>
      </div>
      <Err errors={fieldErrors} name="sheetUpload" />
      <Err errors={fieldErrors} name="dataSheetId" />
    </section>
  );
}

export function Properties({ draft, fieldErrors }: { draft: Pick<ProductDraft, "properties">; fieldErrors: FieldErrors }) {
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
            {draft.properties.map((p, k) => (
              <tr key={k} data-testid={`property-${k}`}>
                <td className="py-1 pr-2 align-top">
                  <input name={`properties[${k}].name`} defaultValue={p.name} maxLength={100} aria-label={`Nombre de la propiedad ${k + 1}`} className="input" />
                  <Err errors={fieldErrors} name={`properties[${k}].name`} />
                </td>
                <td className="py-1 pr-2 align-top">
                  <input name={`properties[${k}].value`} defaultValue={p.value} maxLength={500} aria-label={`Valor de la propiedad ${k + 1}`} className="input" />
                </td>
                <td className="py-1 pr-2 align-top">
                  <input type="checkbox" name={`properties[${k}].isSelector`} defaultChecked={p.isSelector} aria-label={`La propiedad ${k + 1} es selector`} className="mt-2 h-4 w-4" />
                </td>
                <td className="py-1 align-top">
                  <button type="submit" name="intent" value={`property-remove:${k}`} formNoValidate className="btn-ghost px-2 py-1 text-xs text-red-700">
                    Quitar
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button type="submit" name="intent" value="property-add" formNoValidate className="btn-secondary">
        Agregar propiedad
      </button>
    </section>
  );
}

export function Select({ name, label, value, options, errors }: { name: string; label: string; value: number | undefined; options: Option[]; errors: FieldErrors }) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium text-slate-700">{label}</span>
      <select name={name} defaultValue={value ?? ""} className="input">
        <option value="">Sin {label.toLowerCase()}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {"\u00a0\u00a0".repeat(o.depth ?? 0)}
            {o.name}
          </option>
        ))}
      </select>
      <Err errors={errors} name={name} />
    </label>
  );
}

function SideFields({ draft, stored, stock, options, fieldErrors, user, selfPath }: ProductDialogProps) {
  const ecommerceLocked = user.role === "iluminacion";
  return (
    <>
      {stored ? (
        <div className="text-sm">
          <p className="font-medium text-slate-700">SKU</p>
          <p className="font-mono" data-testid="sku">{stored.id}</p>
        </div>
      ) : (
        <TextInput name="sku" label="SKU" value={draft.sku} errors={fieldErrors} maxLength={60} required autoCapitalize="characters" />
      )}
      {stored?.manufacturerSku ? (
        <div className="text-sm">
          <p className="font-medium text-slate-700">Clave de fabricante</p>
          <p className="font-mono">{stored.manufacturerSku}</p>
        </div>
      ) : (
        <TextInput name="manufacturerSku" label="Clave de fabricante" value={draft.manufacturerSku} errors={fieldErrors} maxLength={60} required />
      )}
      <TextInput name="price" label="Precio (MXN)" value={draft.price} errors={fieldErrors} type="number" min={0} step="0.01" inputMode="decimal" />
      {stored?.intelisisName ? <p className="text-sm"><span className="font-medium text-slate-700">Nombre Intelisis:</span> {stored.intelisisName}</p> : null}
      {stored?.intelisisCategory ? <p className="text-sm"><span className="font-medium text-slate-700">Categoría Intelisis:</span> {stored.intelisisCategory}</p> : null}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="isActive" defaultChecked={draft.isActive} disabled={ecommerceLocked} className="h-4 w-4" />
        Habilitar en Ecommerce
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="globalDescription" defaultChecked={draft.globalDescription} className="h-4 w-4" />
        Descripción global
      </label>
      <TextInput name="eanUpc" label="EAN/UPC" value={draft.eanUpc} errors={fieldErrors} inputMode="numeric" pattern="[0-9]*" maxLength={14} />
      {stock ? <StockWidget stock={stock} /> : null}
      {stored && can(user, "products.qr") ? (
        <a href={`${selfPath}/qr`} download={`${stored.id}-qr.png`} className="btn-secondary w-full justify-center">
          Descargar QR
        </a>
      ) : null}
      <Select name="categoryId" label="Categoría" value={draft.categoryId} options={options.categories} errors={fieldErrors} />
      <Select name="brandId" label="Marca" value={draft.brandId} options={options.brands} errors={fieldErrors} />
      <Select name="sectorId" label="Sector" value={draft.sectorId} options={options.sectors} errors={fieldErrors} />
      <Select name="applicationId" label="Aplicación" value={draft.applicationId} options={options.applications} errors={fieldErrors} />
      {stored ? (
        <button type="submit" name="intent" value="sync" formNoValidate className="btn-secondary w-full justify-center" aria-label="Sincronizar con Intelisis">
          ⇄ Sincronizar con Intelisis
        </button>
      ) : null}
    </>
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

/** The body of the new and edit product routes: the loaded product, or the answer of a refused save. */
export function ProductRoute() {
  const loaded = useLoaderData<typeof productDialogLoader>();
  const answer = useActionData<typeof productDialogAction>();
  const user = useAppUser();
  return (
    <>
      <ProductDialog
        draft={answer?.draft ?? loaded.draft}
        stored={loaded.stored}
        stock={loaded.stock}
        options={loaded.options}
        fieldErrors={answer?.fieldErrors ?? {}}
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
