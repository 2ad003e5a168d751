import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLocation, useNavigation } from "react-router";
import { Suspense, useEffect, useRef, useState } from "react";
import { Badge } from "~/components/Badge";
import { RouteDialog } from "~/components/Dialog";
import { Toaster } from "~/components/Toast";
import type { FormConstraints } from "~/lib/constraints";
import { checksAttribute, useLazyValidation } from "~/lib/lazy-validation";
import { useClearedFiles } from "~/lib/use-cleared-files";
import { formatNumber } from "@common/format";
import type { EditorActionData } from "~/routes/publications/editor-action.server";
import { LISTING_TYPES, STATUSES } from "~/modules/publications/constants";
import { formDefaults, type PublicationFormInput } from "~/modules/publications/draft";
import type { PublicationFormSchema } from "~/modules/publications/draft-form";
import { busyIntent, intentValue } from "~/modules/publications/editor-buttons";
import { ACTIONS_FORM_ID, Errors, FORM_ID, IntentButton } from "./editor-controls";
import * as detailsForServer from "./editor-details";
import type { EditorView } from "~/modules/publications/editor.server";
import type { LiveTotals } from "~/modules/publications/live-totals";
import { remainingCharacters, specialTitlePrefix } from "~/modules/publications/title";

/** Spec 1 §2: the cost summary is recalculated 100 ms after the last change. */
const RECALC_DELAY_MS = 100;

type Props = {
  view: EditorView;
  /** The native checks, from the loader (constraints.server.ts). */
  constraint: FormConstraints<typeof PublicationFormSchema>;
  result: SubmissionResult<string[]> | undefined;
  toast: EditorActionData["toast"];
  library: EditorActionData["library"];
  /** Which loaded publication the form shows: a new one starts the form afresh (see `useLoadedFormKey`). */
  formKey: string;
  closeTo: string;
  action: string;
};

type Details = typeof detailsForServer;

/*
 * The editor's lower sections (editor-details.tsx) come after the page's script. The server draws
 * them in the same pass as the rest (the HTML is whole, with or without JavaScript); in the browser
 * their code is asked for as soon as this file runs, and a navigation to the editor waits for it
 * with the data (`clientLoader` of the routes), so the dialog never opens without them. The static
 * import serves the server alone: in the browser build `import.meta.env.SSR` is false, the import
 * goes unused and the bundler leaves editor-details.tsx to a chunk of its own.
 */
let lateDetails: Details | undefined = import.meta.env.SSR ? detailsForServer : undefined;
let detailsFailure: unknown;
let detailsLoading: Promise<void> | undefined;

/** Fetches the lower sections' code once; never rejects (a failure is shown by the route's error boundary). */
export function loadEditorDetails(): Promise<void> {
  detailsLoading ??= import("./editor-details").then(
    (loaded) => {
      lateDetails = loaded;
    },
    (error: unknown) => {
      detailsFailure = error;
    },
  );
  return detailsLoading;
}
if (!import.meta.env.SSR) void loadEditorDetails();

/**
 * The lower sections, or a wait for their code. While the page hydrates without it, React keeps the
 * server's HTML for them on screen and hydrates them once it arrives.
 */
function LateDetails({ onShown, ...props }: detailsForServer.EditorDetailsProps & { onShown: () => void }) {
  useEffect(() => onShown(), [onShown]);
  if (detailsFailure) throw detailsFailure;
  // React 18 suspends on a thrown promise and draws this again once it settles.
  if (!lateDetails) throw loadEditorDetails();
  return <lateDetails.EditorDetails {...props} />;
}

/**
 * The editor as the new and edit routes open it: the action's answer (a refused save, a changed list)
 * over what the loader read; it posts to its own URL and closes to the list with its query.
 */
export function PublicationEditorRoute({ view, constraint }: Pick<Props, "view" | "constraint">) {
  const answer = useActionData<EditorActionData>();
  const { search, pathname } = useLocation();
  const formKey = useLoadedFormKey(answer !== undefined);
  return (
    <PublicationDialog
      view={answer?.view ?? view}
      constraint={constraint}
      result={answer?.result}
      toast={answer?.toast ?? null}
      library={answer?.library ?? null}
      formKey={formKey}
      closeTo={`/publications${search}`}
      action={`${pathname}${search}`}
    />
  );
}

/**
 * The form's answers never redraw it: each carries the fields the server rewrote (Conform's update),
 * and the rest — what is being typed, the focus, the scroll — stays. A navigation that brings no
 * answer (opening the dialog, the redirect after Premium or a price sync) shows the publication as
 * the loader read it, so the form starts afresh from it, as a page load would.
 */
function useLoadedFormKey(answered: boolean) {
  const { key } = useLocation();
  const [formKey, setFormKey] = useState(key);
  if (!answered && formKey !== key) setFormKey(key);
  return formKey;
}

export function PublicationDialog({ view, constraint, result, toast, library, formKey, closeTo, action }: Props) {
  const isNew = !view.draft.id;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? busyIntent(navigation.formData?.get("intent") ?? null) : "";
  return (
    <RouteDialog
      title={isNew ? "Nueva publicación" : `Publicación ${view.draft.id}`}
      description={
        view.meta.permalink ? (
          <a href={view.meta.permalink} target="_blank" rel="noreferrer" className="text-brand-700 underline">
            {view.meta.permalink}
          </a>
        ) : undefined
      }
      closeTo={closeTo}
      size="xl"
      footer={
        <>
          <Link to={closeTo} preventScrollReset className="btn-ghost">
            Volver
          </Link>
          {!isNew ? (
            <IntentButton intent={{ type: "premium" }} form={ACTIONS_FORM_ID} disabled={!!busy}>
              Premium
            </IntentButton>
          ) : null}
          <Link to={closeTo} preventScrollReset className="btn-secondary">
            Cancelar
          </Link>
          <IntentButton intent={{ type: "save" }} className="btn-primary" disabled={!!busy}>
            {busy === "save" ? "Guardando…" : "Guardar"}
          </IntentButton>
        </>
      }
    >
      {toast ? <Toaster key={toast.id} toast={toast} /> : null}
      {!isNew ? <Form method="post" action={action} id={ACTIONS_FORM_ID} preventScrollReset hidden /> : null}
      <EditorForm key={formKey} view={view} constraint={constraint} result={result} library={library} action={action} />
    </RouteDialog>
  );
}

function EditorForm({ view, constraint, result, library, action }: Pick<Props, "view" | "constraint" | "result" | "library" | "action">) {
  const formRef = useRef<HTMLFormElement>(null);
  // The schema and Zod come after the page; until then a post is checked by the server alone.
  const validation = useLazyValidation<typeof PublicationFormSchema, PublicationFormInput>(
    () =>
      import("~/modules/publications/draft-form").then(({ PublicationFormSchema, formErrorMap }) => ({
        schema: PublicationFormSchema,
        errorMap: formErrorMap,
      })),
    { shouldValidate: "onBlur", shouldRevalidate: "onBlur" },
  );
  const [form, fields] = useForm<PublicationFormInput>({
    id: FORM_ID,
    lastResult: result,
    defaultValue: formDefaults(view.draft),
    constraint,
    ...validation,
  });

  useClearedFiles(FORM_ID, result);

  // Live cost totals with JavaScript: the same maths as the server, after the last change. Their
  // code comes after the page (live-totals.ts), fetched as soon as the form is drawn.
  const value = form.value;
  const initialValue = useRef(value);
  useEffect(() => {
    import("~/modules/publications/live-totals").catch(() => {});
  }, []);
  // Worked out for one view: a server answer brings its own totals until the next change.
  const [live, setLive] = useState<(LiveTotals & { view: EditorView }) | null>(null);
  useEffect(() => {
    if (value === initialValue.current) return;
    let current = true;
    const timer = setTimeout(() => {
      if (!formRef.current) return;
      const formData = new FormData(formRef.current);
      import("~/modules/publications/live-totals")
        .then(({ liveTotals }) => {
          const totals = liveTotals(formData, view);
          if (totals && current) setLive({ view, ...totals });
        })
        // Without its code the totals stay the server's, as without JavaScript ("Recalcular").
        .catch(() => {});
    }, RECALC_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [value, view]);
  const cost = live?.view === view ? live.cost : view.cost;
  const stock = live?.view === view ? live.stock : view.stock;

  // Until the lower sections are live, React is handed the same element as on the first render: a
  // part still waiting for its code then keeps the server's HTML through the form's re-renders (new
  // props would make React drop that HTML and draw an empty space until the code arrives). "Live" is
  // when they have mounted, not when their code is here: after a page load React hydrates a Suspense
  // boundary in a pass of its own, after the rest of the page, and a field typed into before that
  // pass would hand the still-dehydrated boundary new props (React error 421: it gives up the
  // server's HTML and draws the fallback).
  const [detailsShown, setDetailsShown] = useState(false);
  const onDetailsShown = useRef(() => setDetailsShown(true)).current;
  const lower = (
    <Suspense fallback={null}>
      <LateDetails form={form} fields={fields} view={view} library={library} cost={cost} stock={stock} onShown={onDetailsShown} />
    </Suspense>
  );
  const firstLower = useRef(lower).current;

  const title = fields.title.value ?? "";
  const special = fields.special.value === "on";
  const remaining = remainingCharacters(title, special);

  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      {...getFormProps(form)}
      ref={formRef}
      preventScrollReset
      className="space-y-6"
      data-sections={detailsShown ? "live" : "server"}
      {...checksAttribute(validation)}
    >
      {/* Enter in a text field recalculates instead of pressing some other button. */}
      <div className="absolute -left-[9999px]" aria-hidden>
        <button type="submit" name="intent" value={intentValue({ type: "recalc" })} tabIndex={-1}>
          Recalcular
        </button>
      </div>
      <input {...getInputProps(fields.version, { type: "hidden" })} />
      {view.notices.length ? (
        <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {view.notices.join(" ")}
        </div>
      ) : null}

      <section aria-labelledby="pub-general" className="grid gap-4 lg:grid-cols-3">
        <h3 id="pub-general" className="sr-only">
          Datos generales
        </h3>
        <div className="lg:col-span-2">
          <label htmlFor={fields.title.id} className="flex items-center justify-between text-sm font-medium text-slate-700">
            <span>Título</span>
            <Badge variant={remaining < 0 ? "danger" : remaining <= 5 ? "warning" : "gray"}>
              <span data-testid="title-remaining">{remaining}</span>&nbsp;caracteres restantes
            </Badge>
          </label>
          <div className="mt-1 flex items-center gap-2">
            {special ? <span className="whitespace-nowrap text-sm text-slate-500">{specialTitlePrefix(view.brand)}</span> : null}
            <input {...getInputProps(fields.title, { type: "text" })} className="input flex-1" />
          </div>
          <Errors id={fields.title.errorId} errors={fields.title.errors} />
          <label className="mt-2 inline-flex items-center gap-2 text-sm">
            <input {...getInputProps(fields.special, { type: "checkbox" })} className="h-4 w-4" />
            Publicación especial
          </label>
        </div>
        <div className="grid grid-cols-2 gap-2 text-sm">
          <label className="flex flex-col gap-1">
            <span className="font-medium text-slate-700">Estado</span>
            <select {...getSelectProps(fields.status)} className="input">
              {STATUSES.map(([k, l]) => (
                <option key={k} value={k}>
                  {l}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-medium text-slate-700">Tipo de publicación</span>
            <select {...getSelectProps(fields.listingType)} className="input">
              {LISTING_TYPES.map(([k, l]) => (
                <option key={k} value={k}>
                  {l}
                </option>
              ))}
            </select>
          </label>
          <p>
            <span className="text-slate-500">Ventas:</span> <strong data-testid="sold">{formatNumber(view.meta.soldQuantity)}</strong>
          </p>
          <p>
            <span className="text-slate-500">Visitas:</span> <strong>{formatNumber(view.meta.visits)}</strong>
          </p>
          <label className="col-span-2 inline-flex items-center gap-2">
            <input {...getInputProps(fields.premium, { type: "checkbox" })} className="h-4 w-4" /> Premium
          </label>
        </div>
      </section>

      {detailsShown ? lower : firstLower}
    </Form>
  );
}
