import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useFetcher, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { z } from "zod";
import { EditDialogFooter, RouteDialog } from "~/components/Dialog";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { ErrorList, Field } from "~/components/Field";
import { SwitchField } from "~/components/Switch";
import { cn } from "~/lib/cn";
import { ProductRowsTable, ProductSearch, submitWithConform, typedList } from "./product-list-editor";
import {
  SHOP_SECTIONS_PATH,
  SHOP_SECTION_TEXTS,
  ShopSectionFormSchema,
  addProduct,
  infoOfHits,
  intentValue,
  type SectionAnswer,
  type SectionIntent,
  type SectionLoaded,
  type ShopSectionRow,
} from "./shop-sections";

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

/**
 * "Sección {id}" and the create form ("Nueva sección"): one Conform form whose product list is a
 * field list. ↑ ↓ Quitar are Conform intents (in the browser with JavaScript, a post without it);
 * Buscar and Agregar post the form as typed and the server answers with the dialog again (with
 * JavaScript Agregar applies the same +1 rule in the browser); only Guardar is judged and writes.
 */
export function ShopSectionDialog({ sectionId, loaded, answer }: { sectionId: number | null; loaded: SectionLoaded; answer: SectionAnswer | undefined }) {
  const { search, pathname } = useLocation();
  const navigation = useNavigation();
  const closeTo = `${SHOP_SECTIONS_PATH}${search}`;
  const [form, fields] = useForm<z.input<typeof ShopSectionFormSchema>, z.output<typeof ShopSectionFormSchema>>({
    id: `shop-section-${sectionId ?? "new"}`,
    lastResult: answer?.result,
    defaultValue: loaded.values,
    constraint: getZodConstraint(ShopSectionFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ShopSectionFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const searchButton = useRef<HTMLButtonElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
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
        onSubmit={submitWithConform(form, () => clearTimeout(timer.current))}
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
            <ProductRowsTable form={form} list={fields.products} infos={infos} label="Productos de la sección" empty={SHOP_SECTION_TEXTS.noProducts} />
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
