import { Form, useLocation, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { ConfirmDialog, EditDialogFooter, RouteDialog } from "~/components/Dialog";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { ErrorList } from "~/components/Field";
import { CATALOGS_PATH, CATALOG_IMAGE, CATALOG_LIMITS, CATALOG_TEXTS, type CatalogFormState } from "./catalogs";
import { ProductRowsTable, ProductSearch } from "./product-list-editor";

/**
 * "Catálogo {id}" and the create form. One multipart form holds the whole catalogue in its inputs;
 * every button posts it with its own name and the server answers with the dialog drawn again, so it
 * all works without JavaScript. Only Guardar writes.
 */
export function CatalogDialog({ catalogId, state, canDelete }: { catalogId: number | null; state: CatalogFormState; canDelete: boolean }) {
  const { search, pathname } = useLocation();
  const navigation = useNavigation();
  const closeTo = `${CATALOGS_PATH}${search}`;
  const formId = `catalog-${catalogId ?? "new"}`;
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith(pathname);
  const saving = submitting && navigation.formData?.get("intent") === "save";
  return (
    <RouteDialog
      title={catalogId ? `${CATALOG_TEXTS.singular} ${catalogId}` : CATALOG_TEXTS.newTitle}
      closeTo={closeTo}
      size="xl"
      footer={
        <EditDialogFooter
          closeTo={closeTo}
          formId={formId}
          busy={Boolean(saving)}
          saveIntent="save"
          deleteTo={catalogId && canDelete ? `${CATALOGS_PATH}/${catalogId}/delete${search}` : null}
        />
      }
    >
      {/* Keyed by the answer so every input takes the server's values again. */}
      <CatalogForm key={state.rev} formId={formId} state={state} busy={Boolean(submitting)} />
    </RouteDialog>
  );
}

function CatalogForm({ formId, state, busy }: { formId: string; state: CatalogFormState; busy: boolean }) {
  // Adds need a title (spec 5); with JavaScript the buttons follow the field as it is typed.
  const [title, setTitle] = useState(state.title);
  const noTitle = title.trim() === "";
  const titleError = state.errors.title?.length ? `${formId}-title-error` : undefined;
  const subtitlesError = state.errors.subtitles?.length ? `${formId}-subtitles-error` : undefined;
  const imagesError = state.errors.images?.length ? `${formId}-images-error` : undefined;
  const enterClicks = (id: string) => (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter") {
      e.preventDefault();
      document.getElementById(id)?.click();
    }
  };

  return (
    <Form method="post" encType="multipart/form-data" id={formId} preventScrollReset className="flex flex-col gap-4" aria-busy={busy || undefined}>
      {/* First submit button: Enter in a field refreshes the dialog (running the searches) instead of saving or adding. */}
      <button type="submit" name="intent" value="refresh" formNoValidate tabIndex={-1} aria-hidden className="sr-only">
        Actualizar
      </button>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${formId}-title`} className="text-sm font-medium text-slate-700">
          Título
        </label>
        <input
          id={`${formId}-title`}
          name="title"
          defaultValue={state.title}
          onChange={(e) => setTitle(e.target.value)}
          // With JavaScript the buttons already follow the title; a refresh post would only race what is typed next.
          onKeyDown={(e) => {
            if (e.key === "Enter") e.preventDefault();
          }}
          required
          maxLength={CATALOG_LIMITS.title}
          autoComplete="off"
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError}
          className="input"
        />
        <ErrorList id={titleError} errors={state.errors.title} />
        {noTitle ? <p className="text-xs text-slate-500">{CATALOG_TEXTS.needsTitle} Sin JavaScript, presiona Enter después de escribirlo.</p> : null}
      </div>

      <section className="rounded-lg border border-slate-200 p-3" aria-labelledby={`${formId}-images`}>
        <h3 id={`${formId}-images`} className="text-sm font-semibold text-slate-700">
          Imágenes <span className="font-normal text-slate-500">({state.images.length})</span>
        </h3>
        <ErrorList id={imagesError} errors={state.errors.images} />
        {state.images.length === 0 ? (
          <p className="mt-1 text-sm text-slate-500">{CATALOG_TEXTS.noImages}</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-2" data-testid="catalog-images">
            {state.images.map((img, i) => (
              <li key={img.fileId} className="flex items-center gap-3">
                <input type="hidden" name="imageFileId" value={img.fileId} />
                <img src={`${img.url}?w=150`} alt={img.alt || img.name} width={120} height={40} className="h-10 w-30 rounded border border-slate-200 object-contain" />
                <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
                  <span className="truncate font-medium">{img.name}</span>
                  <input
                    name="imageAlt"
                    defaultValue={img.alt}
                    maxLength={CATALOG_LIMITS.alt}
                    placeholder="Texto alternativo"
                    aria-label={`Texto alternativo de ${img.name}`}
                    aria-describedby={imagesError}
                    className="input"
                  />
                </div>
                <button type="submit" name="removeImage" value={i} formNoValidate className="btn-ghost px-2 py-1 text-red-700" aria-label={`Quitar imagen ${img.name}`}>
                  Quitar
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${formId}-upload`} className="text-sm font-medium text-slate-700">
              Subir una imagen
            </label>
            <input
              id={`${formId}-upload`}
              type="file"
              name="imageUpload"
              accept="image/*"
              className="text-sm"
              aria-invalid={state.imageError ? true : undefined}
              aria-describedby={`${formId}-upload-hint ${formId}-upload-error`}
            />
          </div>
          <button type="submit" name="intent" value="upload" formNoValidate className="btn-secondary">
            Subir imagen
          </button>
        </div>
        <p id={`${formId}-upload-hint`} className="mt-1 text-xs text-slate-500">
          Mínimo {CATALOG_IMAGE.minWidth}×{CATALOG_IMAGE.minHeight} px; se guarda también una copia de 1200×400. Un nombre de archivo que ya existe se rechaza.
        </p>
        <div id={`${formId}-upload-error`} role="alert" className="min-h-5 text-xs text-red-600">
          {state.imageError ? (
            <>
              <strong>{state.imageError.title}:</strong> {state.imageError.message}
            </>
          ) : null}
        </div>
      </section>

      <section aria-labelledby={`${formId}-subtitles`} className="flex flex-col gap-3">
        <h3 id={`${formId}-subtitles`} className="text-sm font-semibold text-slate-700">
          Subtítulos <span className="font-normal text-slate-500">({state.subtitles.length})</span>
        </h3>
        <ErrorList id={subtitlesError} errors={state.errors.subtitles} />
        {state.subtitles.length === 0 ? <p className="text-sm text-slate-500">{CATALOG_TEXTS.noSubtitles}</p> : null}
        {state.subtitles.map((sub, s) => (
          <fieldset key={s} className="rounded-lg border border-slate-200 p-3" data-testid={`catalog-subtitle-${s}`}>
            <legend className="px-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Subtítulo {s + 1}</legend>
            <div className="flex items-center gap-2">
              <input
                name="subtitleTitle"
                defaultValue={sub.title}
                maxLength={CATALOG_LIMITS.subtitle}
                aria-label={`Texto del subtítulo ${s + 1}`}
                aria-describedby={subtitlesError}
                className="input flex-1"
              />
              <button type="submit" name="removeSubtitle" value={s} formNoValidate className="btn-ghost px-2 py-1 text-red-700" aria-label={`Quitar subtítulo ${sub.title}`}>
                Quitar subtítulo
              </button>
            </div>
            <div className="mt-2">
              <ProductRowsTable
                products={sub.products}
                names={{ product: `product.${s}`, qty: `qty.${s}`, up: `up.${s}`, down: `down.${s}`, remove: `remove.${s}` }}
                label={`Productos de ${sub.title}`}
                empty={CATALOG_TEXTS.noProducts}
                rowKey={(p, i) => `${p.id}-${i}`}
              />
            </div>
            <div className="mt-2">
              <ProductSearch
                inputId={`${formId}-q-${s}`}
                inputName={`q.${s}`}
                defaultValue={sub.q}
                label={
                  <>
                    {CATALOG_TEXTS.searchLabel} <span className="sr-only">en {sub.title}</span>
                  </>
                }
                buttonLabel={`Buscar productos para ${sub.title}`}
                results={sub.results}
                addName={`add.${s}`}
                // While an add is on its way, another would post the form without it.
                addDisabled={noTitle || busy}
                resultsLabel={`Resultados para ${sub.title}`}
                noResults={CATALOG_TEXTS.noResults}
              />
            </div>
          </fieldset>
        ))}
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex min-w-48 flex-1 flex-col gap-1">
            <label htmlFor={`${formId}-new-subtitle`} className="text-sm font-medium text-slate-700">
              Nuevo subtítulo
            </label>
            <input
              id={`${formId}-new-subtitle`}
              name="newSubtitle"
              defaultValue={state.newSubtitle}
              maxLength={CATALOG_LIMITS.subtitle}
              autoComplete="off"
              className="input"
              onKeyDown={enterClicks(`${formId}-add-subtitle`)}
            />
          </div>
          <button id={`${formId}-add-subtitle`} type="submit" name="intent" value="add-subtitle" formNoValidate disabled={noTitle} className="btn-secondary">
            Agregar subtítulo
          </button>
        </div>
      </section>
    </Form>
  );
}

export function CatalogDeleteDialog({ catalog }: { catalog: { id: number; title: string; subtitleCount: number } }) {
  const { search } = useLocation();
  return (
    <ConfirmDialog title={CATALOG_TEXTS.deleteTitle} closeTo={`${CATALOGS_PATH}${search}`} confirmLabel="Eliminar" busyLabel="Eliminando…">
      <p>
        ¿Eliminar el catálogo <strong>{catalog.title}</strong> (número {catalog.id}, {catalog.subtitleCount} subtítulos)? No se puede deshacer.
      </p>
      <p className="mt-2 text-sm text-slate-600">Sus imágenes seguirán en la biblioteca de archivos.</p>
    </ConfirmDialog>
  );
}

export function CatalogDialogErrorBoundary() {
  return <DialogErrorBoundary listPath={CATALOGS_PATH} notFoundTitle={CATALOG_TEXTS.notFoundTitle} notFoundText={CATALOG_TEXTS.notFoundText} />;
}
