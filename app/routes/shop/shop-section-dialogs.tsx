import { getFormProps, useForm } from "@conform-to/react";
import { Form, useLocation, useNavigation } from "react-router";
import type { z } from "zod";
import { EditDialogFooter, RouteDialog } from "~/components/Dialog";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { ErrorList, Field } from "~/components/Field";
import { SwitchField } from "~/components/Switch";
import type { FormConstraints } from "~/lib/constraints";
import { useLazyValidation } from "~/lib/lazy-validation";
import { ProductRowsTable, ProductSearch, submitWithConform, typedList } from "./product-list-editor";
import { addProduct, infoOfHits, intentValue } from "~/modules/content/product-list";
import type { ShopSectionFormSchema } from "~/modules/content/shop-section-form";
import { useSearchButton } from "~/components/FilterBar";
import { SHOP_SECTIONS_PATH, SHOP_SECTION_TEXTS } from "~/modules/content/shop-section-texts";
// Types only: the module builds the posts' schemas, which the page must not load.
import type { SectionAnswer, SectionIntent, SectionLoaded } from "~/modules/content/shop-sections";

/**
 * "Sección {id}" and the create form ("Nueva sección"): one Conform form whose product list is a
 * field list. ↑ ↓ Quitar are Conform intents (in the browser with JavaScript, a post without it);
 * Buscar and Agregar post the form as typed and the server answers with the dialog again (with
 * JavaScript Agregar applies the same +1 rule in the browser); only Guardar is judged and writes.
 */
export function ShopSectionDialog({
  sectionId,
  loaded,
  constraint,
  answer,
}: {
  sectionId: number | null;
  loaded: SectionLoaded;
  constraint: FormConstraints<typeof ShopSectionFormSchema>;
  answer: SectionAnswer | undefined;
}) {
  const { search, pathname } = useLocation();
  const navigation = useNavigation();
  const closeTo = `${SHOP_SECTIONS_PATH}${search}`;
  const validation = useLazyValidation(() => import("~/modules/content/shop-section-form").then((m) => m.ShopSectionFormSchema));
  const [form, fields] = useForm<z.input<typeof ShopSectionFormSchema>, z.output<typeof ShopSectionFormSchema>>({
    id: `shop-section-${sectionId ?? "new"}`,
    lastResult: answer?.result,
    defaultValue: loaded.values,
    constraint,
    ...validation,
  });
  const productSearch = useSearchButton();
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith(pathname);
  const saving = submitting && navigation.formData?.get("intent") === "save";
  const results = answer?.results ?? null;
  const infos = { ...loaded.products, ...answer?.products, ...infoOfHits(results) };
  const listed = typedList(fields.products);

  return (
    <RouteDialog
      title={sectionId ? `${SHOP_SECTION_TEXTS.singular} ${sectionId}` : SHOP_SECTION_TEXTS.newTitle}
      closeTo={closeTo}
      size="xl"
      footer={<EditDialogFooter closeTo={closeTo} formId={form.id} busy={Boolean(saving)} saveIntent="save" />}
    >
      <Form
        method="post"
        {...getFormProps(form)}
        preventScrollReset
        className="flex flex-col gap-4"
        aria-busy={submitting || undefined}
        // A pending typed search would otherwise interrupt the post of the button just pressed.
        onSubmit={submitWithConform(form, productSearch.cancel)}
      >
        {/* First submit button of the form: Enter in a field refreshes the dialog (and runs the search) instead of saving or moving a row. */}
        <button type="submit" name="intent" value="search" formNoValidate tabIndex={-1} aria-hidden className="sr-only">
          Actualizar
        </button>
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_auto] sm:items-start">
          {/* An empty title has its own message (the server's; Conform's with JavaScript), not the browser's. */}
          <Field label="Título" meta={fields.title} inputProps={{ autoComplete: "off", required: false }} />
          <div className="sm:mt-7">
            <SwitchField meta={fields.status} label={SHOP_SECTION_TEXTS.showInShop} />
          </div>
        </div>

        <section aria-labelledby={`${form.id}-products`}>
          <h3 id={`${form.id}-products`} className="mb-2 text-sm font-semibold text-slate-700">
            Productos <span className="font-normal text-slate-500">({listed.length}, en el orden en que se muestran)</span>
          </h3>
          <ErrorList id={fields.products.errorId} errors={fields.products.errors} />
          <div data-testid="section-products">
            <ProductRowsTable
              form={form}
              list={fields.products}
              infos={infos}
              label="Productos de la sección"
              empty={SHOP_SECTION_TEXTS.noProducts}
            />
          </div>
        </section>

        <div className="rounded-lg border border-slate-200 p-3">
          <ProductSearch
            field={fields.q}
            label={SHOP_SECTION_TEXTS.searchLabel}
            results={results}
            addValue={(hit) => intentValue<SectionIntent>({ type: "add", sku: hit.id })}
            onAdd={(hit) => form.update({ name: fields.products.name, value: addProduct(typedList(fields.products), hit.id) })}
            // A post on its way may answer with the list redrawn, without an add made meanwhile.
            addDisabled={Boolean(submitting)}
            addLabel={(hit) => {
              const inList = listed.find((p) => p.id === hit.id);
              return inList ? `Agregar (+1, hay ${inList.qty})` : "Agregar";
            }}
            resultsLabel="Resultados de la búsqueda"
            noResults={SHOP_SECTION_TEXTS.noResults}
            buttonRef={productSearch.button}
            onType={productSearch.typed}
          />
        </div>
      </Form>
    </RouteDialog>
  );
}

export function ShopSectionDialogErrorBoundary() {
  return (
    <DialogErrorBoundary
      listPath={SHOP_SECTIONS_PATH}
      notFoundTitle={SHOP_SECTION_TEXTS.notFoundTitle}
      notFoundText={SHOP_SECTION_TEXTS.notFoundText}
    />
  );
}
