import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { Form, useLocation, useNavigation } from "react-router";
import type { z } from "zod";
import { EditDialogFooter, RouteDialog } from "~/components/Dialog";
import { ListRecordDeleteDialog } from "~/components/ListRecordDeleteDialog";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { ErrorList, Field, InlineErrors } from "~/components/Field";
import { Toaster } from "~/components/Toast";
import type { FormConstraints } from "~/lib/constraints";
import { useLazyValidation } from "~/lib/lazy-validation";
import type { CatalogFormSchema } from "~/modules/content/catalog-form";
// Types only: the module builds the posts' schemas, which the page must not load.
import type { CatalogAnswer, CatalogIntent, CatalogLoaded } from "~/modules/content/catalogs";
import { CATALOGS_PATH, CATALOG_IMAGE, CATALOG_LIMITS, CATALOG_TEXTS } from "~/modules/content/catalogs-texts";
import { addProduct, infoOfHits, intentValue, searchKey } from "~/modules/content/product-list";
import { ProductRowsTable, ProductSearch, submitWithConform, typedList } from "./product-list-editor";

/**
 * "Catálogo {id}" and the create form: one multipart Conform form. Its images and subtitles are
 * field lists, and so is each subtitle's product list: adding or removing a subtitle or an image,
 * and moving or removing a product, are Conform intents (in the browser with JavaScript, a post
 * without it). Subir imagen, Buscar and Agregar post the form as typed and the server answers with
 * the dialog again (with JavaScript Agregar applies the same +1 rule in the browser); only Guardar
 * is judged and writes.
 */
export function CatalogDialog({
  catalogId,
  loaded,
  constraint,
  answer,
  canDelete,
}: {
  catalogId: number | null;
  loaded: CatalogLoaded;
  constraint: FormConstraints<typeof CatalogFormSchema>;
  answer: CatalogAnswer | undefined;
  canDelete: boolean;
}) {
  const { search, pathname } = useLocation();
  const navigation = useNavigation();
  const closeTo = `${CATALOGS_PATH}${search}`;
  const validation = useLazyValidation(() => import("~/modules/content/catalog-form").then((m) => m.CatalogFormSchema));
  const [form, fields] = useForm<z.input<typeof CatalogFormSchema>, z.output<typeof CatalogFormSchema>>({
    id: `catalog-${catalogId ?? "new"}`,
    lastResult: answer?.result,
    defaultValue: loaded.values,
    constraint,
    ...validation,
  });
  const submitting = Boolean(navigation.state === "submitting" && navigation.formAction?.startsWith(pathname));
  const saving = submitting && navigation.formData?.get("intent") === "save";
  // Adds need a title (spec 5); with JavaScript the buttons follow the field as it is typed.
  const noTitle = (fields.title.value ?? "").trim() === "";
  const imageInfos = { ...loaded.images, ...answer?.images };
  const results = answer?.results ?? {};
  const productInfos = { ...loaded.products, ...answer?.products, ...infoOfHits(Object.values(results).flat()) };
  const images = fields.images.getFieldList();
  const subtitles = fields.subtitles.getFieldList();
  const hiddenProps = (meta: Parameters<typeof getInputProps>[0]) => {
    // A hidden input takes no constraint.
    const { required: _required, ...props } = getInputProps(meta, { type: "hidden" });
    return props;
  };

  return (
    <RouteDialog
      title={catalogId ? `${CATALOG_TEXTS.singular} ${catalogId}` : CATALOG_TEXTS.newTitle}
      closeTo={closeTo}
      size="xl"
      footer={
        <EditDialogFooter
          closeTo={closeTo}
          formId={form.id}
          busy={saving}
          saveIntent="save"
          deleteTo={catalogId && canDelete ? `${CATALOGS_PATH}/${catalogId}/delete${search}` : null}
        />
      }
    >
      {answer?.toast ? <Toaster key={answer.toast.id} toast={answer.toast} /> : null}
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        onSubmit={submitWithConform(form)}
        preventScrollReset
        className="flex flex-col gap-4"
        aria-busy={submitting || undefined}
      >
        {/* First submit button: Enter in a field refreshes the dialog (running the searches) instead of saving or adding. */}
        <button type="submit" name="intent" value="refresh" formNoValidate tabIndex={-1} aria-hidden className="sr-only">
          Actualizar
        </button>
        <ErrorList id={form.errorId} errors={form.errors} />
        <div>
          {/* An empty title has its own message (the server's; Conform's with JavaScript), not the browser's. */}
          <Field
            label="Título"
            meta={fields.title}
            inputProps={{
              autoComplete: "off",
              required: false,
              // With JavaScript the buttons already follow the title; a refresh post would only race what is typed next.
              onKeyDown: (e) => {
                if (e.key === "Enter") e.preventDefault();
              },
            }}
          />
          {noTitle ? (
            <p className="text-xs text-slate-500">{CATALOG_TEXTS.needsTitle} Sin JavaScript, presiona Enter después de escribirlo.</p>
          ) : null}
        </div>

        <section className="rounded-lg border border-slate-200 p-3" aria-labelledby={`${form.id}-images`}>
          <h3 id={`${form.id}-images`} className="text-sm font-semibold text-slate-700">
            Imágenes <span className="font-normal text-slate-500">({images.length})</span>
          </h3>
          <ErrorList id={fields.images.errorId} errors={fields.images.errors} />
          {images.length === 0 ? (
            <p className="mt-1 text-sm text-slate-500">{CATALOG_TEXTS.noImages}</p>
          ) : (
            <ul className="mt-2 flex flex-col gap-2" data-testid="catalog-images">
              {images.map((row, i) => {
                const { fileId, alt } = row.getFieldset();
                const info = imageInfos[fileId.value ?? ""];
                const name = info?.name ?? "";
                return (
                  <li key={row.key} className="flex items-center gap-3">
                    <input {...hiddenProps(fileId)} />
                    {info ? (
                      <img
                        src={`${info.url}?w=150`}
                        alt={alt.value || name}
                        width={120}
                        height={40}
                        className="h-10 w-30 rounded border border-slate-200 object-contain"
                      />
                    ) : null}
                    <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
                      <span className="truncate font-medium">{name}</span>
                      <input
                        {...getInputProps(alt, { type: "text" })}
                        placeholder="Texto alternativo"
                        aria-label={`Texto alternativo de ${name}`}
                        className="input"
                      />
                      <InlineErrors meta={alt} />
                    </div>
                    <button
                      type="submit"
                      {...form.remove.getButtonProps({ name: fields.images.name, index: i })}
                      className="btn-ghost px-2 py-1 text-red-700"
                      aria-label={`Quitar imagen ${name}`}
                    >
                      Quitar
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          <div className="mt-3 flex flex-wrap items-end gap-2">
            <div className="flex flex-col gap-1">
              <label htmlFor={`${form.id}-upload`} className="text-sm font-medium text-slate-700">
                Subir una imagen
              </label>
              {/* Keyed by the answer: a file the server already took is not sent again. */}
              <input
                key={answer?.rev}
                id={`${form.id}-upload`}
                type="file"
                name="imageUpload"
                accept="image/*"
                className="text-sm"
                aria-invalid={answer?.imageError ? true : undefined}
                aria-describedby={`${form.id}-upload-hint ${form.id}-upload-error`}
              />
            </div>
            <button type="submit" name="intent" value="upload" formNoValidate className="btn-secondary">
              Subir imagen
            </button>
          </div>
          <p id={`${form.id}-upload-hint`} className="mt-1 text-xs text-slate-500">
            Mínimo {CATALOG_IMAGE.minWidth}×{CATALOG_IMAGE.minHeight} px; se guarda también una copia de 1200×400. Un nombre de archivo que
            ya existe se rechaza.
          </p>
          <div id={`${form.id}-upload-error`} role="alert" className="min-h-5 text-xs text-red-600">
            {answer?.imageError ? (
              <>
                <strong>{answer.imageError.title}:</strong> {answer.imageError.message}
              </>
            ) : null}
          </div>
        </section>

        <section aria-labelledby={`${form.id}-subtitles`} className="flex flex-col gap-3">
          <h3 id={`${form.id}-subtitles`} className="text-sm font-semibold text-slate-700">
            Subtítulos <span className="font-normal text-slate-500">({subtitles.length})</span>
          </h3>
          <ErrorList id={fields.subtitles.errorId} errors={fields.subtitles.errors} />
          {subtitles.length === 0 ? <p className="text-sm text-slate-500">{CATALOG_TEXTS.noSubtitles}</p> : null}
          {subtitles.map((row, s) => {
            const sub = row.getFieldset();
            const n = s + 1;
            const { required: _subtitleRequired, ...titleProps } = getInputProps(sub.title, { type: "text" });
            return (
              <fieldset key={row.key} className="rounded-lg border border-slate-200 p-3" data-testid={`catalog-subtitle-${s}`}>
                <legend className="px-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Subtítulo {n}</legend>
                <div className="flex items-center gap-2">
                  {/* An empty subtitle has its own message, not the browser's. */}
                  <input {...titleProps} aria-label={`Texto del subtítulo ${n}`} className="input flex-1" />
                  <button
                    type="submit"
                    {...form.remove.getButtonProps({ name: fields.subtitles.name, index: s })}
                    className="btn-ghost px-2 py-1 text-red-700"
                    aria-label={`Quitar subtítulo ${n}`}
                  >
                    Quitar subtítulo
                  </button>
                </div>
                <ErrorList id={sub.title.errorId} errors={sub.title.errors} />
                <div className="mt-1">
                  <ProductRowsTable
                    form={form}
                    list={sub.products}
                    infos={productInfos}
                    label={`Productos del subtítulo ${n}`}
                    empty={CATALOG_TEXTS.noProducts}
                  />
                  {sub.products.errors?.length ? <ErrorList id={sub.products.errorId} errors={sub.products.errors} /> : null}
                </div>
                <div className="mt-2">
                  <ProductSearch
                    field={sub.q}
                    label={
                      <>
                        {CATALOG_TEXTS.searchLabel} <span className="sr-only">en el subtítulo {n}</span>
                      </>
                    }
                    buttonLabel={`Buscar productos para el subtítulo ${n}`}
                    results={results[searchKey(sub.q.value ?? "")] ?? null}
                    addValue={(hit) => intentValue<CatalogIntent>({ type: "add", subtitle: s, sku: hit.id })}
                    onAdd={(hit) => form.update({ name: sub.products.name, value: addProduct(typedList(sub.products), hit.id) })}
                    // A post on its way may answer with the list redrawn, without an add made meanwhile.
                    addDisabled={noTitle || submitting}
                    resultsLabel={`Resultados para el subtítulo ${n}`}
                    noResults={CATALOG_TEXTS.noResults}
                  />
                </div>
              </fieldset>
            );
          })}
          <div>
            <button
              type="submit"
              {...form.insert.getButtonProps({ name: fields.subtitles.name, defaultValue: { title: "", q: "", products: [] } })}
              disabled={noTitle || subtitles.length >= CATALOG_LIMITS.subtitles}
              className="btn-secondary"
            >
              Agregar subtítulo
            </button>
          </div>
        </section>
      </Form>
    </RouteDialog>
  );
}

export function CatalogDeleteDialog({ catalog }: { catalog: { id: number; title: string; subtitleCount: number } }) {
  return (
    <ListRecordDeleteDialog title={CATALOG_TEXTS.deleteTitle} listPath={CATALOGS_PATH}>
      <p>
        ¿Eliminar el catálogo <strong>{catalog.title}</strong> (número {catalog.id}, {catalog.subtitleCount} subtítulos)? No se puede
        deshacer.
      </p>
      <p className="mt-2 text-sm text-slate-600">Sus imágenes seguirán en la biblioteca de archivos.</p>
    </ListRecordDeleteDialog>
  );
}

export function CatalogDialogErrorBoundary() {
  return (
    <DialogErrorBoundary listPath={CATALOGS_PATH} notFoundTitle={CATALOG_TEXTS.notFoundTitle} notFoundText={CATALOG_TEXTS.notFoundText} />
  );
}
