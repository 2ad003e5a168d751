import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "react-router";
import { EditDialogFooter, RouteDialog } from "~/components/Dialog";
import { ListRecordDeleteDialog } from "~/components/ListRecordDeleteDialog";
import { ErrorList, Field } from "~/components/Field";
import type { z } from "zod";
import type { FormConstraints } from "~/lib/constraints";
import { checksAttribute, useLazyValidation } from "~/lib/lazy-validation";
import { TAXONOMY_NAME_MAX, TAXONOMY_TEXTS, type SimpleTaxonomy, type TaxonomyRow } from "~/modules/catalog/simple-taxonomy";
import type { TaxonomyFormSchema } from "~/modules/catalog/simple-taxonomy-form";
import { taxonomySlug } from "~/modules/catalog/taxonomy-slug";
import { DeleteQuestion, TaxonomyScreenErrorBoundary } from "./taxonomy-screen";
import type {
  taxonomyDeleteLoader,
  taxonomyItemLoader,
  taxonomyNewLoader,
  taxonomySaveAction,
} from "~/routes/taxonomies/simple-taxonomy-route.server";

/**
 * "Sector {id}" / "Aplicación {id}" and their create form: one name field. The applications dialog
 * offers Volver, Guardar and Cancelar (spec 2 §2); Volver and Cancelar both close without saving.
 */
export function TaxonomyEditDialog({
  kind,
  item,
  constraint,
  lastResult,
}: {
  kind: SimpleTaxonomy;
  item: TaxonomyRow | null;
  constraint: FormConstraints<typeof TaxonomyFormSchema>;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { search, pathname } = useLocation();
  const navigation = useNavigation();
  const texts = TAXONOMY_TEXTS[kind];
  const closeTo = `${texts.path}${search}`;
  const validation = useLazyValidation(() => import("~/modules/catalog/simple-taxonomy-form").then((m) => m.TaxonomyFormSchema));
  const [form, fields] = useForm<z.input<typeof TaxonomyFormSchema>, z.output<typeof TaxonomyFormSchema>>({
    id: `${kind}-${item?.id ?? "new"}`,
    lastResult,
    constraint,
    defaultValue: { name: item?.name ?? "" },
    ...validation,
  });
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith(pathname);
  const typed = fields.name.value ?? item?.name ?? "";
  const slug = taxonomySlug(typed);
  return (
    <RouteDialog
      title={item ? `${texts.singular} ${item.id}` : texts.newTitle}
      closeTo={closeTo}
      footer={<EditDialogFooter closeTo={closeTo} formId={form.id} busy={busy} cancel={kind === "applications"} />}
    >
      <Form method="post" preventScrollReset {...getFormProps(form)} {...checksAttribute(validation)}>
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label="Nombre"
          meta={fields.name}
          hint={
            <>
              Máximo {TAXONOMY_NAME_MAX} caracteres. Slug: <code data-testid="taxonomy-slug">{slug || "—"}</code>
            </>
          }
          inputProps={{ autoComplete: "off", autoFocus: true }}
        />
      </Form>
    </RouteDialog>
  );
}

/** The delete confirmation: names the item and how many products lose the reference. */
export function TaxonomyDeleteDialog({ kind, item, productCount }: { kind: SimpleTaxonomy; item: TaxonomyRow; productCount: number }) {
  const texts = TAXONOMY_TEXTS[kind];
  const usage =
    productCount === 0
      ? `Ningún producto ${texts.it} usa.`
      : productCount === 1
        ? `1 producto ${texts.it} usa: seguirá existiendo y quedará ${texts.without}.`
        : `${productCount.toLocaleString("es-MX")} productos ${texts.it} usan: seguirán existiendo y quedarán ${texts.without}.`;
  return (
    <ListRecordDeleteDialog title={texts.deleteTitle} listPath={texts.path}>
      <DeleteQuestion texts={texts} item={item} />
      <p className="mt-2 text-sm text-slate-600" data-testid="taxonomy-usage">
        {usage}
      </p>
    </ListRecordDeleteDialog>
  );
}

export function TaxonomyDialogErrorBoundary({ kind }: { kind: SimpleTaxonomy }) {
  return <TaxonomyScreenErrorBoundary texts={TAXONOMY_TEXTS[kind]} />;
}

/** The body of the new and edit routes: the loader's item (none on the create route) and the action's reply to a refused save. */
export function TaxonomyEditRoute({ kind }: { kind: SimpleTaxonomy }) {
  const { item, constraint } = useLoaderData<typeof taxonomyItemLoader | typeof taxonomyNewLoader>();
  const lastResult = useActionData<typeof taxonomySaveAction>()?.result;
  return <TaxonomyEditDialog key={item?.id} kind={kind} item={item} constraint={constraint} lastResult={lastResult} />;
}

/** The body of the delete routes. */
export function TaxonomyDeleteRoute({ kind }: { kind: SimpleTaxonomy }) {
  const { item, productCount } = useLoaderData<typeof taxonomyDeleteLoader>();
  return <TaxonomyDeleteDialog kind={kind} item={item} productCount={productCount} />;
}
