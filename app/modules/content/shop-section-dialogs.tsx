import { Form, useFetcher, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { EditDialogFooter, RouteDialog } from "~/components/Dialog";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { ErrorList } from "~/components/Field";
import { SwitchInput } from "~/components/Switch";
import { cn } from "~/lib/cn";
import { ProductRowsTable, ProductSearch } from "./product-list-editor";
import { SHOP_SECTIONS_PATH, SHOP_SECTION_LIMITS, SHOP_SECTION_TEXTS, type SectionFormState, type ShopSectionRow } from "./shop-sections";

const SEARCH_PAUSE_MS = 600;

/**
 * The list's Activa switch. A real POST form (the page comes back with a toast without JavaScript);
 * with it, a fetcher posts in place and the switch shows the new state at once. The action always
 * redirects, so the list reloads from the database: a refused change flips back by itself.
 */
export function SectionStatusSwitch({ row }: { row: ShopSectionRow }) {
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("status");
  const shown = typeof pending === "string" ? pending === "true" : row.status;
  return (
    <fetcher.Form method="post" action={`${SHOP_SECTIONS_PATH}${useLocation().search}`} preventScrollReset>
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="id" value={row.id} />
      <input type="hidden" name="status" value={shown ? "false" : "true"} />
      <button
        type="submit"
        role="switch"
        aria-checked={shown}
        aria-label={`Activa ${row.title}`}
        data-testid={`section-status-${row.id}`}
        className={cn(
          "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2",
          shown ? "bg-brand-600" : "bg-slate-300",
        )}
      >
        <span aria-hidden className={cn("inline-block h-5 w-5 rounded-full bg-white shadow transition-transform", shown ? "translate-x-5" : "translate-x-0")} />
      </button>
    </fetcher.Form>
  );
}

/** "Sección {id}" and the create form ("Nueva sección"). */
export function ShopSectionDialog({ sectionId, state }: { sectionId: number | null; state: SectionFormState }) {
  const { search, pathname } = useLocation();
  const navigation = useNavigation();
  const closeTo = `${SHOP_SECTIONS_PATH}${search}`;
  const formId = `shop-section-${sectionId ?? "new"}`;
  const searchButton = useRef<HTMLButtonElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith(pathname);
  const saving = submitting && navigation.formData?.get("intent") === "save";
  const titleError = state.errors.title?.length ? `${formId}-title-error` : undefined;
  const listError = state.errors.products?.length ? `${formId}-products-error` : undefined;

  return (
    <RouteDialog
      title={sectionId ? `${SHOP_SECTION_TEXTS.singular} ${sectionId}` : SHOP_SECTION_TEXTS.newTitle}
      closeTo={closeTo}
      size="xl"
      footer={<EditDialogFooter closeTo={closeTo} formId={formId} busy={Boolean(saving)} saveIntent="save" />}
    >
      <Form
        method="post"
        id={formId}
        preventScrollReset
        className="flex flex-col gap-4"
        aria-busy={submitting || undefined}
        // A pending typed search would otherwise interrupt the post of the button just pressed.
        onSubmit={() => clearTimeout(timer.current)}
      >
        {/* First submit button of the form: Enter in a field refreshes the dialog (and runs the search) instead of saving or moving a row. */}
        <button type="submit" name="intent" value="search" formNoValidate tabIndex={-1} aria-hidden className="sr-only">
          Actualizar
        </button>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_auto] sm:items-start">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${formId}-title`} className="text-sm font-medium text-slate-700">
              Título
            </label>
            <input
              id={`${formId}-title`}
              name="title"
              defaultValue={state.title}
              required
              maxLength={SHOP_SECTION_LIMITS.title}
              autoComplete="off"
              aria-invalid={titleError ? true : undefined}
              aria-describedby={titleError}
              className="input"
            />
            <ErrorList id={titleError} errors={state.errors.title} />
          </div>
          <label className="inline-flex cursor-pointer items-center gap-3 text-sm font-medium text-slate-700 sm:mt-7">
            <SwitchInput name="status" defaultChecked={state.status} />
            {SHOP_SECTION_TEXTS.showInShop}
          </label>
        </div>

        <section aria-labelledby={`${formId}-products`}>
          <h3 id={`${formId}-products`} className="mb-2 text-sm font-semibold text-slate-700">
            Productos <span className="font-normal text-slate-500">({state.products.length}, en el orden en que se muestran)</span>
          </h3>
          <ErrorList id={listError} errors={state.errors.products} />
          <div data-testid="section-products">
            <ProductRowsTable
              products={state.products}
              names={{ product: "product", qty: "qty", up: "up", down: "down", remove: "remove" }}
              label="Productos de la sección"
              empty={SHOP_SECTION_TEXTS.noProducts}
              describedBy={listError}
              rowKey={(_p, i) => `${state.rev}-${i}`}
            />
          </div>
        </section>

        <div className="rounded-lg border border-slate-200 p-3">
          <ProductSearch
            inputId={`${formId}-q`}
            inputName="q"
            defaultValue={state.q}
            label={SHOP_SECTION_TEXTS.searchLabel}
            results={state.results}
            addName="add"
            // While an add is on its way, another would post the form without it.
            addDisabled={Boolean(submitting)}
            addLabel={(hit) => {
              const inList = state.products.find((p) => p.id === hit.id);
              return inList ? `Agregar (+1, hay ${inList.qty})` : "Agregar";
            }}
            resultsLabel="Resultados de la búsqueda"
            noResults={SHOP_SECTION_TEXTS.noResults}
            buttonRef={searchButton}
            onType={() => {
              clearTimeout(timer.current);
              timer.current = setTimeout(() => searchButton.current?.click(), SEARCH_PAUSE_MS);
            }}
          />
        </div>
      </Form>
    </RouteDialog>
  );
}

export function ShopSectionDialogErrorBoundary() {
  return <DialogErrorBoundary listPath={SHOP_SECTIONS_PATH} notFoundTitle={SHOP_SECTION_TEXTS.notFoundTitle} notFoundText={SHOP_SECTION_TEXTS.notFoundText} />;
}
