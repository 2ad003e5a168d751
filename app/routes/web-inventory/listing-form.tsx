import {
  getInputProps,
  getSelectProps,
  useForm,
  type DefaultValue,
  type FieldMetadata,
  type FormMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { Link, useLocation, useNavigation } from "react-router";
import { useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { EditDialogFooter, RouteDialog } from "~/components/Dialog";
import { ErrorList } from "~/components/Field";
import { ScrollBox } from "~/components/ScrollBox";
import { RichTextEditor } from "~/components/RichTextEditor";
import { Toaster } from "~/components/Toast";
import { cn } from "~/lib/cn";
import type { FormConstraints } from "~/lib/constraints";
import { useLazyValidation } from "~/lib/lazy-validation";
import { useClearedFiles } from "~/lib/use-cleared-files";
import type { DialogToast, LibraryPick } from "~/routes/shared/catalog/product-action.server";
import type { TaxonomyOption } from "~/modules/catalog/inventory.server";
import type { GalleryDraftSchema, PropertyDraftSchema } from "~/modules/catalog/product-form";
import type { FieldErrors } from "~/modules/catalog/product-texts";
import { NEW_PROPERTY } from "~/modules/catalog/property-rows";

/**
 * What the product dialog and the combo dialog ("Publicación") share (spec 2): the dialog with
 * Volver and Guardar, the form's hidden fields, the description, gallery, dimensions and property
 * rows, the e-commerce switch and the four taxonomy selectors.
 */

type Option = { id: number; name: string; depth?: number };

/** The dialog around either form: Guardar posts the form `formId` with the intent `save`. */
export function ListingDialog({
  title,
  closeTo,
  formId,
  toast,
  children,
}: {
  title: string;
  closeTo: string;
  formId: string;
  toast: DialogToast | null;
  children: React.ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <RouteDialog
      title={title}
      closeTo={closeTo}
      size="xl"
      dismissOnOutside={false}
      footer={<EditDialogFooter closeTo={closeTo} formId={formId} busy={busy} saveIntent="save" />}
    >
      {toast ? <Toaster key={toast.id} toast={toast} /> : null}
      {children}
    </RouteDialog>
  );
}

/**
 * The form of either dialog. The native constraints come from the loader; the schema (and Zod) is
 * fetched after the page, and from then on the browser checks each field as it is left, with the
 * same Spanish messages as the server (`load` must import a file the page does not import).
 */
export function useListingForm<Schema extends Record<string, unknown>, Value>({
  id,
  load,
  constraint,
  draft,
  result,
}: {
  id: string;
  load: () => Promise<z.ZodType<Value, z.ZodTypeDef, Schema>>;
  constraint: FormConstraints<z.ZodType<Value, z.ZodTypeDef, Schema>>;
  draft: DefaultValue<Schema>;
  /** Conform's reply to the last post: its errors, and the fields the server rewrote. */
  result: SubmissionResult<string[]> | undefined;
}) {
  const validation = useLazyValidation<z.ZodType<Value, z.ZodTypeDef, Schema>, Schema, Value>(load);
  const form = useForm<Schema, Value>({ id, lastResult: result, defaultValue: draft, constraint, ...validation });
  useClearedFiles(id, result);
  return form;
}

/** Enter in a text box saves (the first submit button of the form is Guardar); the version the form was drawn from. */
export function ListingFormHead({ version }: { version: FieldMetadata<string | undefined> }) {
  return (
    <>
      <button type="submit" name="intent" value="save" className="hidden" tabIndex={-1} aria-hidden />
      <input {...getInputProps(version, { type: "hidden" })} />
    </>
  );
}

/** Spec 4 and 5: Iluminacion sees the switch but cannot change it (the server keeps the stored value). */
export function EcommerceSwitch({ meta, locked, stored }: { meta: FieldMetadata<boolean | undefined>; locked: boolean; stored: boolean }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      {locked ? (
        <input type="checkbox" checked={stored} disabled readOnly className="h-4 w-4" />
      ) : (
        <input {...getInputProps(meta, { type: "checkbox" })} className="h-4 w-4" />
      )}
      Habilitar en Ecommerce
    </label>
  );
}

type TaxonomyFields = {
  categoryId: FieldMetadata<number | undefined>;
  brandId: FieldMetadata<number | undefined>;
  sectorId: FieldMetadata<number | undefined>;
  applicationId: FieldMetadata<number | undefined>;
};
export type TaxonomyChoices = { categories: TaxonomyOption[]; brands: TaxonomyOption[]; sectors: Option[]; applications: Option[] };

/** The four selectors of a product or a combo. */
export function TaxonomySelects({ fields, options }: { fields: TaxonomyFields; options: TaxonomyChoices }) {
  return (
    <>
      <Select meta={fields.categoryId} label="Categoría" options={options.categories} />
      <Select meta={fields.brandId} label="Marca" options={options.brands} />
      <Select meta={fields.sectorId} label="Sector" options={options.sectors} />
      <Select meta={fields.applicationId} label="Aplicación" options={options.applications} />
    </>
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
export function useLibraryPick<Form extends Record<string, unknown>>(
  form: ListButtons<Form>,
  gallery: FieldMetadata<GalleryInput[] | undefined, Form>,
  pick: LibraryPick | null,
) {
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
      <h3 id="p-gallery" className="font-semibold">
        Galería
      </h3>
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
              <p className="mt-1 truncate text-xs text-slate-500" title={name}>
                {name}
              </p>
              <label className="mt-1 block text-xs font-medium text-slate-700">
                Texto alternativo
                <input {...getInputProps(image.alt, { type: "text" })} className="input mt-1 text-xs" />
              </label>
              <ErrorList id={image.alt.errorId} errors={image.alt.errors} />
              <div className="mt-2 flex flex-wrap gap-1">
                <button
                  {...form.reorder.getButtonProps({ name: list.name, from: k, to: k - 1 })}
                  disabled={k === 0}
                  className="btn-ghost px-2 py-0.5 text-xs"
                  aria-label={`Subir ${name}`}
                >
                  ◀ Subir
                </button>
                <button
                  {...form.reorder.getButtonProps({ name: list.name, from: k, to: k + 1 })}
                  disabled={k === rows.length - 1}
                  className="btn-ghost px-2 py-0.5 text-xs"
                  aria-label={`Bajar ${name}`}
                >
                  Bajar ▶
                </button>
                <button
                  {...form.remove.getButtonProps({ name: list.name, index: k })}
                  className="btn-ghost px-2 py-0.5 text-xs text-red-700"
                  aria-label={`Quitar ${name}`}
                >
                  Quitar
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <ErrorList id={list.errorId} errors={list.errors} />
      <UploadOrPick
        label="Subir imágenes (mínimo 1500×1500)"
        input={{ name: "uploads", accept: "image/*", multiple: true }}
        upload={{ intent: "upload", label: "Subir" }}
        libraryTo={`${selfPath}/files${withFor(search, "gallery")}`}
        errors={fileErrors.uploads}
      />
    </section>
  );
}

/**
 * A file input with the button that uploads it (the whole form is posted, what was typed stays) and
 * the link to pick a file already in "Archivos subidos" instead.
 */
export function UploadOrPick({
  label,
  input,
  upload,
  libraryTo,
  errors,
}: {
  label: string;
  input: { name: string; accept: string; multiple?: boolean };
  upload: { intent: string; label: string };
  libraryTo: string;
  errors: string[] | undefined;
}) {
  const errorId = `${input.name}-error`;
  return (
    <>
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">{label}</span>
          <input
            type="file"
            name={input.name}
            multiple={input.multiple}
            accept={input.accept}
            className="text-sm"
            aria-describedby={errorId}
          />
        </label>
        <button type="submit" name="intent" value={upload.intent} formNoValidate className="btn-secondary">
          {upload.label}
        </button>
        <Link to={libraryTo} preventScrollReset className="btn-ghost">
          Elegir de Archivos subidos
        </Link>
      </div>
      <ErrorList id={errorId} errors={errors} />
    </>
  );
}

/** The library link keeps the list query and says what the pick is for. */
export function withFor(search: string, target: "gallery" | "sheet") {
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
      {/* Drawn again only when an answer rewrote the description (the AI's text). */}
      <RichTextEditor
        key={meta.key}
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

/**
 * A list field's rows in either dialog (the properties, the combo's products): the column headers
 * (`right` for the figures), one row a list item from `children`, its buttons in the last column.
 */
export function ListFieldTable({
  label,
  headers,
  testId,
  children,
}: {
  label: string;
  headers: Array<{ text: string; right?: boolean }>;
  testId?: string;
  children: React.ReactNode;
}) {
  return (
    <ScrollBox label={label}>
      <table className="min-w-full text-sm" data-testid={testId}>
        <thead>
          <tr className="text-left text-slate-600">
            {headers.map((h) => (
              <th key={h.text} className={cn("py-1 pr-2", h.right && "text-right")}>
                {h.text}
              </th>
            ))}
            <th className="py-1">
              <span className="sr-only">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollBox>
  );
}

/** Spec 2 property rows: name, value, selector switch; add and remove are Conform's list buttons. */
export function Properties<Form extends Record<string, unknown>>({
  form,
  list,
}: {
  form: ListButtons<Form>;
  list: FieldMetadata<PropertyInput[] | undefined, Form>;
}) {
  const rows = list.getFieldList();
  return (
    <section aria-labelledby="p-props" className="space-y-2">
      <h3 id="p-props" className="font-semibold">
        Propiedades
      </h3>
      <ListFieldTable label="Propiedades" headers={[{ text: "Nombre" }, { text: "Valor" }, { text: "Selector" }]}>
        {rows.map((row, k) => {
          const property = row.getFieldset();
          return (
            <tr key={row.key ?? k} data-testid={`property-${k}`}>
              <td className="py-1 pr-2 align-top">
                <input
                  {...getInputProps(property.name, { type: "text" })}
                  aria-label={`Nombre de la propiedad ${k + 1}`}
                  className="input"
                />
                <ErrorList id={property.name.errorId} errors={property.name.errors} />
              </td>
              <td className="py-1 pr-2 align-top">
                <input
                  {...getInputProps(property.value, { type: "text" })}
                  aria-label={`Valor de la propiedad ${k + 1}`}
                  className="input"
                />
                <ErrorList id={property.value.errorId} errors={property.value.errors} />
              </td>
              <td className="py-1 pr-2 align-top">
                <input
                  {...getInputProps(property.isSelector, { type: "checkbox" })}
                  aria-label={`La propiedad ${k + 1} es selector`}
                  className="mt-2 h-4 w-4"
                />
              </td>
              <td className="py-1 align-top">
                <button {...form.remove.getButtonProps({ name: list.name, index: k })} className="btn-ghost px-2 py-1 text-xs text-red-700">
                  Quitar
                </button>
              </td>
            </tr>
          );
        })}
      </ListFieldTable>
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
