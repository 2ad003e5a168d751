import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import type { z } from "zod";
import { Badge } from "~/components/Badge";
import { DataTable, type Column } from "~/components/DataTable";
import { BackLink, ConfirmDialog, EditDialogFooter, RouteDialog } from "~/components/Dialog";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { ErrorList, Field } from "~/components/Field";
import { Pagination } from "~/components/Pagination";
import type { FormConstraints, InputConstraint } from "~/lib/constraints";
import { useLazyValidation } from "~/lib/lazy-validation";
import { withParams } from "~/lib/list-url";
import type { AssistantCreateSchema } from "~/modules/assistants/assistant-form";
import {
  ASSISTANTS_PATH,
  ASSISTANT_TEXTS,
  DOCUMENT_ERRORS,
  deleteDocumentQuestion,
  listSearchOf,
  type AssistantDocumentRow,
  type LibraryFile,
  type PageOf,
} from "~/modules/assistants/rules";

type Assistant = { id: number; name: string; restricted: boolean };
type Refusal = { title: string; message: string };

/** "Nuevo asistente": the name only, then Crear. */
export function AssistantCreateDialog({
  constraint,
  lastResult,
}: {
  constraint: FormConstraints<typeof AssistantCreateSchema>;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { search, pathname } = useLocation();
  const navigation = useNavigation();
  const closeTo = `${ASSISTANTS_PATH}${listSearchOf(search)}`;
  const validation = useLazyValidation(() => import("~/modules/assistants/assistant-form").then((m) => m.AssistantCreateSchema));
  const [form, fields] = useForm<z.input<typeof AssistantCreateSchema>, z.output<typeof AssistantCreateSchema>>({
    id: "assistant-new",
    lastResult,
    constraint,
    ...validation,
  });
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith(pathname);
  return (
    <RouteDialog
      title={ASSISTANT_TEXTS.newTitle}
      closeTo={closeTo}
      footer={<EditDialogFooter closeTo={closeTo} formId={form.id} busy={busy} saveLabel={ASSISTANT_TEXTS.create} busyLabel="Creando…" />}
    >
      <Form method="post" preventScrollReset {...getFormProps(form)}>
        <div role="alert">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <Field
          label={ASSISTANT_TEXTS.nameLabel}
          meta={fields.assistantName}
          hint={ASSISTANT_TEXTS.nameHint}
          inputProps={{ autoComplete: "off", autoFocus: true, placeholder: "Iluminacion_Exterior" }}
        />
      </Form>
    </RouteDialog>
  );
}

function RefusalBox({ error, id }: { error?: Refusal | null; id: string }) {
  return (
    <div
      id={id}
      role="alert"
      className={error ? "mb-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" : "sr-only"}
    >
      {error ? (
        <>
          <strong>{error.title}:</strong> {error.message}
        </>
      ) : null}
    </div>
  );
}

/**
 * The assistant's dialog: name read-only, its documents (10 per page in `docPage`) and, for whoever
 * may change them, the add-document form (upload a sheet or pick one from the library, plus its SKU).
 */
export function AssistantEditDialog({
  assistant,
  documents,
  canEdit,
  library,
  fileSearch,
  constraint,
  answer,
}: {
  assistant: Assistant;
  documents: PageOf<AssistantDocumentRow>;
  canEdit: boolean;
  library: LibraryFile[];
  fileSearch: string;
  /** The add-document form's SKU and the library search box. */
  constraint: { sku: InputConstraint; fileSearch: InputConstraint };
  answer?: { error: Refusal; sku: string; fileId: string } | null;
}) {
  const { search, pathname } = useLocation();
  const navigation = useNavigation();
  const closeTo = `${ASSISTANTS_PATH}${listSearchOf(search)}`;
  const base = `${ASSISTANTS_PATH}/${assistant.id}`;
  const keep = withParams(search, { fileSearch: undefined });
  const busy =
    navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post" && navigation.formAction?.startsWith(pathname);
  const formId = `assistant-${assistant.id}-documents`;
  const skuInvalid = answer?.error.title === DOCUMENT_ERRORS.missingSku.title || answer?.error.title === DOCUMENT_ERRORS.invalidSku.title;
  const columns: Column<AssistantDocumentRow>[] = [
    { key: "id", header: "ID", className: "w-16 tabular-nums text-slate-600", cell: (d) => d.id },
    { key: "sku", header: "SKU", className: "w-40 font-mono text-xs", cell: (d) => d.sku },
    { key: "name", header: "Título del documento", cell: (d) => <span className="break-all">{d.nameDocument}</span> },
    {
      key: "actions",
      header: <span className="sr-only">Acciones</span>,
      className: "w-40 text-right whitespace-nowrap",
      cell: (d) => (
        <>
          <Link
            to={`${base}/documents/${d.id}${keep}`}
            preventScrollReset
            className="btn-ghost px-2 py-1"
            aria-label={`Ver ${d.nameDocument}`}
          >
            Ver
          </Link>
          {canEdit ? (
            <Link
              to={`${base}/documents/${d.id}/delete${keep}`}
              preventScrollReset
              className="btn-ghost px-2 py-1 text-red-700"
              aria-label={`Eliminar ${d.nameDocument}`}
            >
              Eliminar
            </Link>
          ) : null}
        </>
      ),
    },
  ];
  return (
    <RouteDialog
      title={
        <span className="inline-flex items-center gap-2">
          Asistente {assistant.name}
          {assistant.restricted ? <Badge variant="warning">{ASSISTANT_TEXTS.restricted}</Badge> : null}
        </span>
      }
      closeTo={closeTo}
      size="lg"
      footer={
        canEdit ? (
          <EditDialogFooter closeTo={closeTo} formId={formId} busy={busy} saveLabel={ASSISTANT_TEXTS.update} busyLabel="Actualizando…" />
        ) : (
          <BackLink to={closeTo} />
        )
      }
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={`assistant-${assistant.id}-name`} className="text-sm font-medium text-slate-700">
          {ASSISTANT_TEXTS.nameLabel}
        </label>
        <input id={`assistant-${assistant.id}-name`} className="input bg-slate-50" value={assistant.name} readOnly />
      </div>

      <h3 className="mb-2 mt-5 text-sm font-semibold text-slate-700">Documentos ({documents.total})</h3>
      <DataTable
        rows={documents.rows}
        columns={columns}
        rowKey={(d) => d.id}
        caption={`Documentos del asistente ${assistant.name}`}
        empty={ASSISTANT_TEXTS.noDocuments}
      />
      <Pagination page={documents.page} total={documents.total} pageSize={documents.pageSize} param="docPage" />

      {canEdit ? (
        <>
          {/* The library search is its own GET form; its fields sit inside the add form through `form=`. */}
          <Form method="get" id={`${formId}-library`} preventScrollReset>
            {["search", "page", "docPage"].map((key) => {
              const value = new URLSearchParams(search).get(key);
              return value ? <input key={key} type="hidden" name={key} value={value} /> : null;
            })}
          </Form>
          <Form
            method="post"
            id={formId}
            encType="multipart/form-data"
            preventScrollReset
            className="mt-5 flex flex-col gap-4 rounded-lg border border-slate-200 p-4"
            key={answer ? "answered" : "fresh"}
          >
            <h3 className="text-sm font-semibold text-slate-700">Agregar documento</h3>
            <RefusalBox id={`${formId}-error`} error={answer?.error} />
            <div className="flex flex-col gap-1">
              <label htmlFor={`${formId}-file`} className="text-sm font-medium text-slate-700">
                {ASSISTANT_TEXTS.uploadLabel}
              </label>
              <input id={`${formId}-file`} type="file" name="file" accept="application/pdf,.pdf" className="input" />
            </div>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium text-slate-700">{ASSISTANT_TEXTS.pickLabel}</legend>
              <div className="flex flex-wrap items-end gap-2">
                <label className="flex min-w-48 flex-1 flex-col gap-1 text-sm">
                  <span className="sr-only">Buscar en la biblioteca</span>
                  <input
                    type="search"
                    name="fileSearch"
                    {...constraint.fileSearch}
                    form={`${formId}-library`}
                    defaultValue={fileSearch}
                    placeholder="Buscar PDF por nombre"
                    className="input"
                  />
                </label>
                <button type="submit" form={`${formId}-library`} className="btn-secondary">
                  Buscar
                </button>
              </div>
              {library.length === 0 ? (
                <p className="text-sm text-slate-500">{ASSISTANT_TEXTS.noLibrary}</p>
              ) : (
                <ul
                  className="max-h-48 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200"
                  aria-label="Biblioteca de PDF"
                >
                  {library.map((f) => (
                    <li key={f.fileId} className="flex items-center justify-between gap-2 px-3 py-1.5 text-sm">
                      <label className="flex items-center gap-2">
                        <input type="radio" name="fileId" value={f.fileId} defaultChecked={answer?.fileId === f.fileId} />
                        <span className="break-all">{f.name}</span>
                      </label>
                      <a href={f.url} target="_blank" rel="noreferrer" className="text-xs text-brand-700 underline">
                        Abrir
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </fieldset>
            <div className="flex flex-col gap-1">
              <label htmlFor={`${formId}-sku`} className="text-sm font-medium text-slate-700">
                {ASSISTANT_TEXTS.skuLabel}
              </label>
              <input
                id={`${formId}-sku`}
                name="sku"
                {...constraint.sku}
                className="input"
                defaultValue={answer?.sku ?? ""}
                autoComplete="off"
                placeholder="QO120"
                aria-invalid={skuInvalid ? true : undefined}
                aria-describedby={`${formId}-error`}
              />
            </div>
          </Form>
        </>
      ) : (
        <p className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">{ASSISTANT_TEXTS.readOnly}</p>
      )}
    </RouteDialog>
  );
}

/** One page of the sheet's content per page (`sheet` in the URL), with previous and next links. */
export function DocumentViewerDialog({
  assistant,
  document,
  error,
  page,
  pages,
  content,
}: {
  assistant: Assistant;
  document: AssistantDocumentRow;
  error: string | null;
  page: number;
  pages: number;
  content: string | null;
}) {
  const { search } = useLocation();
  const closeTo = `${ASSISTANTS_PATH}/${assistant.id}${withParams(search, { sheet: undefined })}`;
  const here = `${ASSISTANTS_PATH}/${assistant.id}/documents/${document.id}`;
  const to = (p: number) => here + withParams(search, { sheet: p === 1 ? undefined : p });
  return (
    <RouteDialog
      title={`${ASSISTANT_TEXTS.viewerTitle}: ${document.nameDocument}`}
      description={`Asistente ${assistant.name} · SKU ${document.sku}`}
      closeTo={closeTo}
      size="lg"
      footer={<BackLink to={closeTo} />}
    >
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : content === null ? (
        <p className="text-slate-600">{ASSISTANT_TEXTS.viewerEmpty}</p>
      ) : (
        <>
          <article
            className="whitespace-pre-line rounded-md border border-slate-200 bg-slate-50 p-4 text-sm leading-relaxed text-slate-800"
            data-testid="document-page"
          >
            {content}
          </article>
          <nav aria-label="Páginas del documento" className="mt-3 flex items-center justify-between text-sm">
            {page > 1 ? (
              <Link to={to(page - 1)} preventScrollReset replace className="btn-secondary">
                Anterior
              </Link>
            ) : (
              <span className="btn-secondary pointer-events-none opacity-40" aria-disabled="true">
                Anterior
              </span>
            )}
            <span className="text-slate-600">
              Página {page} de {pages}
            </span>
            {page < pages ? (
              <Link to={to(page + 1)} preventScrollReset replace className="btn-secondary">
                Siguiente
              </Link>
            ) : (
              <span className="btn-secondary pointer-events-none opacity-40" aria-disabled="true">
                Siguiente
              </span>
            )}
          </nav>
        </>
      )}
    </RouteDialog>
  );
}

export function DocumentDeleteDialog({ assistant, document }: { assistant: Assistant; document: AssistantDocumentRow }) {
  const { search } = useLocation();
  return (
    <ConfirmDialog
      title={ASSISTANT_TEXTS.deleteDocumentTitle}
      closeTo={`${ASSISTANTS_PATH}/${assistant.id}${search}`}
      confirmLabel="Eliminar"
      busyLabel="Eliminando…"
    >
      <p>{deleteDocumentQuestion(assistant.name)}</p>
      <p className="mt-2 text-sm text-slate-600">
        {document.nameDocument} · SKU {document.sku}
      </p>
    </ConfirmDialog>
  );
}

export function AssistantDeleteDialog({ assistant, documents }: { assistant: Assistant; documents: number }) {
  const { search } = useLocation();
  return (
    <ConfirmDialog
      title={ASSISTANT_TEXTS.deleteTitle}
      closeTo={`${ASSISTANTS_PATH}${listSearchOf(search)}`}
      confirmLabel="Eliminar"
      busyLabel="Eliminando…"
    >
      <p>
        ¿Eliminar el asistente <strong>{assistant.name}</strong> (ID {assistant.id})? No se puede deshacer.
      </p>
      <p className="mt-2 text-sm text-slate-600">
        {documents === 1
          ? "Se eliminará también su documento."
          : documents > 1
            ? `Se eliminarán también sus ${documents} documentos.`
            : "No tiene documentos."}
      </p>
    </ConfirmDialog>
  );
}

export function AssistantDialogErrorBoundary() {
  return (
    <DialogErrorBoundary
      listPath={ASSISTANTS_PATH}
      notFoundTitle={ASSISTANT_TEXTS.notFoundTitle}
      notFoundText={ASSISTANT_TEXTS.notFoundText}
    />
  );
}
