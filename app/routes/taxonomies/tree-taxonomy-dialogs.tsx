import { Form, Link, Outlet, useActionData, useLoaderData, useLocation, useNavigation } from "react-router";
import { BackLink, ConfirmDialog, RouteDialog } from "~/components/Dialog";
import { ErrorList } from "~/components/Field";
import { Toaster } from "~/components/Toast";
import { cn } from "~/lib/cn";
import type { TaxonomyOption } from "~/modules/catalog/inventory.server";
import type { DialogToast } from "~/routes/shared/catalog/product-action.server";
import type { treeDeleteAction, treeDeleteLoader, treeItemLoader, treeSaveAction } from "~/routes/taxonomies/tree-taxonomy-route.server";
import { taxonomySlug } from "~/modules/catalog/taxonomy-slug";
import { DeleteQuestion, TaxonomyScreenErrorBoundary } from "./taxonomy-screen";
import { TREE_NAME_MAX, TREE_TEXTS, type SlotSpec, type TreeDraft, type TreeTaxonomy } from "~/modules/catalog/tree-taxonomy";
import { SaveButton } from "~/components/SaveButton";

const FORM_ID = "tree-node-form";

/**
 * "Categoría {id}" / "Marca {id}" and their create dialogs (spec 2): the images with alt text (upload
 * or pick from "Archivos subidos"), name and parent. One multipart form; every button posts it whole.
 */
export function TreeEditDialog({
  kind,
  node,
  draft,
  parents,
  fieldErrors,
  toast,
  revision,
  canDelete,
  closeTo,
}: {
  kind: TreeTaxonomy;
  node: { id: number; name: string } | null;
  draft: TreeDraft;
  parents: TaxonomyOption[];
  fieldErrors: Partial<Record<string, string[]>>;
  toast: DialogToast | null;
  revision: string;
  canDelete: boolean;
  closeTo: string;
}) {
  const t = TREE_TEXTS[kind];
  const { search } = useLocation();
  const busy = useNavigation().state === "submitting";
  const selfPath = node ? `${t.path}/${node.id}` : `${t.path}/new`;
  return (
    <RouteDialog
      title={node ? `${t.singular} ${node.id}` : t.newTitle}
      closeTo={closeTo}
      size="lg"
      dismissOnOutside={false}
      footer={
        <>
          <BackLink to={closeTo} />
          {canDelete && node ? (
            <Link to={`${t.path}/${node.id}/delete${search}`} preventScrollReset className="btn-danger">
              Eliminar
            </Link>
          ) : null}
          <SaveButton busy={busy} form={FORM_ID} intent="save" />
        </>
      }
    >
      {toast ? <Toaster key={toast.id} toast={toast} /> : null}
      <Form method="post" encType="multipart/form-data" id={FORM_ID} key={revision} preventScrollReset replace className="space-y-5">
        <input type="hidden" name="version" value={draft.version} />
        {/* Enter in the name saves: the first submit button of the form is Guardar. */}
        <button type="submit" name="intent" value="save" className="hidden" tabIndex={-1} aria-hidden />
        {node ? (
          <p className="text-sm text-slate-600">
            ID{" "}
            <span className="font-mono" data-testid="node-id">
              {node.id}
            </span>
          </p>
        ) : null}
        <div className="flex flex-col gap-1">
          <label htmlFor="t-name" className="text-sm font-medium text-slate-700">
            Nombre
          </label>
          <input
            id="t-name"
            name="name"
            defaultValue={draft.name}
            maxLength={TREE_NAME_MAX}
            required
            autoComplete="off"
            aria-invalid={fieldErrors.name?.length ? true : undefined}
            aria-describedby="name-error name-hint"
            className="input"
          />
          <p id="name-hint" className="text-xs text-slate-500">
            Máximo {TREE_NAME_MAX} caracteres. Slug: <code data-testid="taxonomy-slug">{taxonomySlug(draft.name) || "—"}</code>
          </p>
          <ErrorList id="name-error" errors={fieldErrors.name} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="t-parent" className="text-sm font-medium text-slate-700">
            {t.parentLabel}
          </label>
          <select
            id="t-parent"
            name="parentId"
            defaultValue={String(draft.parentId)}
            aria-invalid={fieldErrors.parentId?.length ? true : undefined}
            aria-describedby="parentId-error"
            className="input"
          >
            <option value="0">{t.none}</option>
            {parents.map((o) => (
              <option key={o.id} value={o.id}>
                {"\u00a0\u00a0".repeat(o.depth)}
                {o.name}
              </option>
            ))}
          </select>
          <ErrorList id="parentId-error" errors={fieldErrors.parentId} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {t.slots.map((spec) => (
            <ImageSlotField key={spec.slot} spec={spec} draft={draft} fieldErrors={fieldErrors} selfPath={selfPath} search={search} />
          ))}
        </div>
      </Form>
    </RouteDialog>
  );
}

function libraryLink(selfPath: string, search: string, slot: string) {
  const params = new URLSearchParams(search);
  params.delete("pick");
  params.set("for", slot);
  return `${selfPath}/files?${params.toString()}`;
}

function ImageSlotField({
  spec,
  draft,
  fieldErrors,
  selfPath,
  search,
}: {
  spec: SlotSpec;
  draft: TreeDraft;
  fieldErrors: Partial<Record<string, string[]>>;
  selfPath: string;
  search: string;
}) {
  const image = draft[spec.slot];
  const id = `t-${spec.slot}`;
  return (
    <fieldset
      className={cn("rounded-md border border-slate-200 p-3", spec.shape === "cover" && "sm:col-span-2")}
      data-testid={`slot-${spec.slot}`}
    >
      <legend className="px-1 text-sm font-semibold">
        {spec.label} <span className="font-normal text-slate-500">({spec.hint})</span>
      </legend>
      {image.fileId ? (
        <>
          <input type="hidden" name={`${spec.slot}.fileId`} value={image.fileId} />
          <input type="hidden" name={`${spec.slot}.name`} value={image.name} />
          <input type="hidden" name={`${spec.slot}.origin`} value={image.origin} />
          <img
            src={`/files/${image.fileId}?w=${spec.shape === "cover" ? 1200 : 150}`}
            alt={image.alt || image.name}
            className={cn("mx-auto rounded bg-slate-50 object-contain", spec.shape === "cover" ? "h-32 w-full" : "h-28 w-28")}
          />
          <p className="mt-1 truncate text-xs text-slate-500" title={image.name}>
            {image.name}
          </p>
          <label className="mt-2 block text-xs font-medium text-slate-700">
            Texto alternativo
            <input name={`${spec.slot}.alt`} defaultValue={image.alt} maxLength={200} className="input mt-1 text-xs" />
          </label>
          <button
            type="submit"
            name="intent"
            value={`remove:${spec.slot}`}
            formNoValidate
            className="btn-ghost mt-2 px-2 py-0.5 text-xs text-red-700"
          >
            Quitar imagen
          </button>
        </>
      ) : (
        <p className="text-sm text-slate-500">Sin imagen.</p>
      )}
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <label htmlFor={id} className="flex flex-col gap-1 text-xs">
          <span className="font-medium text-slate-700">Elegir nueva</span>
          <input
            id={id}
            type="file"
            name={`${spec.slot}Upload`}
            accept="image/*"
            className="text-xs"
            aria-describedby={`${spec.slot}Upload-error`}
          />
        </label>
        <button type="submit" name="intent" value="upload" formNoValidate className="btn-secondary px-2 py-1 text-xs">
          Subir
        </button>
        <Link
          to={libraryLink(selfPath, search, spec.slot)}
          preventScrollReset
          className="btn-ghost px-2 py-1 text-xs"
          aria-label={`Elegir existente: ${spec.label}`}
        >
          Elegir existente
        </Link>
      </div>
      <ErrorList id={`${spec.slot}Upload-error`} errors={fieldErrors[`${spec.slot}Upload`]} />
    </fieldset>
  );
}

/** The delete confirmation; when something blocks it, the refusal names it and there is nothing to confirm. */
export function TreeDeleteDialog({
  kind,
  node,
  refusal,
  closeTo,
}: {
  kind: TreeTaxonomy;
  node: { id: number; name: string };
  refusal: string | null;
  closeTo: string;
}) {
  const t = TREE_TEXTS[kind];
  return (
    <ConfirmDialog title={t.deleteTitle} closeTo={closeTo} confirmLabel="Eliminar" busyLabel="Eliminando…" refused={!!refusal}>
      {refusal ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="delete-refusal">
          {refusal}
        </p>
      ) : (
        <DeleteQuestion texts={t} item={node} />
      )}
    </ConfirmDialog>
  );
}

export function TreeDialogErrorBoundary({ kind }: { kind: TreeTaxonomy }) {
  return <TaxonomyScreenErrorBoundary texts={TREE_TEXTS[kind]} />;
}

/**
 * The body of the four node routes (new and edit, categories and brands): the loader's node and
 * choices, the action's answer when a save was refused, and the library picker as a child route.
 */
export function TreeEditRoute({ kind }: { kind: TreeTaxonomy }) {
  const loaded = useLoaderData<typeof treeItemLoader>();
  const answer = useActionData<typeof treeSaveAction>();
  return (
    <>
      <TreeEditDialog
        kind={kind}
        node={loaded.node}
        draft={answer?.draft ?? loaded.draft}
        parents={loaded.parents}
        fieldErrors={answer?.fieldErrors ?? {}}
        toast={answer?.toast ?? loaded.pickToast}
        revision={answer?.revision ?? "load"}
        canDelete={loaded.canDelete}
        closeTo={loaded.closeTo}
      />
      <Outlet />
    </>
  );
}

/** The body of the two delete routes: the loader's refusal, or the action's when the node became blocked meanwhile. */
export function TreeDeleteRoute({ kind }: { kind: TreeTaxonomy }) {
  const { node, refusal, closeTo } = useLoaderData<typeof treeDeleteLoader>();
  const answer = useActionData<typeof treeDeleteAction>();
  return <TreeDeleteDialog kind={kind} node={node} refusal={answer?.refusal ?? refusal} closeTo={closeTo} />;
}
