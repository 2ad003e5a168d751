import type { CategoryPrediction } from "@server/integrations";
import { useNavigation } from "react-router";
import { useId, useRef, useState } from "react";
import { useIsomorphicLayoutEffect } from "~/lib/layout-effect";
import type { CategoryPickerView } from "~/modules/publications/category-picker.server";
import { CATEGORY_SEARCH_FIELD, intentValue } from "~/modules/publications/editor-buttons";
import { FORM_ID, IntentButton } from "./editor-controls";

/*
 * The editor's two category dialogs (spec 1 §2: "category (picker, or a predictor that suggests
 * categories from the title in a modal)"). The editor keeps its draft in the form alone, so they are
 * not routes of their own: their buttons are the editor form's and post the whole form with an
 * intent (browse a level, filter it, use a suggestion), and the server answers with the editor and
 * the dialog drawn open over it — nothing typed is lost, with or without JavaScript (decision 0039).
 * With JavaScript the answer arrives without a page load and the dialog is made modal; closing it
 * (Cerrar, Escape) then just hides it. Without JavaScript "Cerrar" posts the form and the editor
 * comes back without the dialog.
 */

/**
 * A native `<dialog open>` drawn by the server over the editor; modal once the page runs. `onDismiss`
 * hides it in the page (JavaScript only).
 */
function EditorSubDialog({
  title,
  onDismiss,
  returnFocusTo,
  children,
}: {
  title: string;
  onDismiss: () => void;
  returnFocusTo: string;
  children: React.ReactNode;
}) {
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  useIsomorphicLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog || typeof dialog.showModal !== "function") return;
    if (!dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
    const onCancel = (event: Event) => {
      event.preventDefault();
      dismiss.current();
    };
    dialog.addEventListener("cancel", onCancel);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      // Closed, or gone with the answer that chose a category: the focus goes back to the category
      // field, not to the top of the page (a level replaced by the next one takes it first).
      requestAnimationFrame(() => {
        if (document.activeElement && document.activeElement !== document.body) return;
        document.getElementById(returnFocusTo)?.focus({ preventScroll: false });
      });
    };
  }, [returnFocusTo]);
  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={titleId}
      className="fixed inset-x-2 bottom-auto top-16 z-[60] mx-auto my-0 flex max-h-[calc(100vh-6rem)] w-auto max-w-2xl flex-col rounded-xl border border-slate-300 bg-white text-slate-900 shadow-2xl backdrop:bg-slate-900/40 sm:inset-x-4"
    >
      <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-3">
        <h3 id={titleId} className="text-base font-semibold">
          {title}
        </h3>
        <button
          type="submit"
          form={FORM_ID}
          name="intent"
          value={intentValue({ type: "recalc" })}
          formNoValidate
          className="btn-ghost px-2 py-1 text-sm"
          onClick={(event) => {
            event.preventDefault();
            dismiss.current();
          }}
        >
          Cerrar
        </button>
      </div>
      <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
    </dialog>
  );
}

/**
 * While a post of the editor is on its way its answer will redraw the dialog: its buttons wait, so a
 * second click cannot land on a button being taken away (a submit button gone from the page posts
 * the form without its intent, which the editor reads as "Guardar").
 */
function useWaiting(): boolean {
  return useNavigation().state !== "idle";
}

/** Hidden in the page after a close with JavaScript, until the server answers with another one. */
function useDismissed<T extends object>(shown: T | null): [boolean, () => void] {
  const [dismissedFor, setDismissedFor] = useState<T | null>(null);
  return [shown !== null && dismissedFor === shown, () => setDismissedFor(shown)];
}

const pathText = (path: ReadonlyArray<{ name: string }>) => path.map((c) => c.name).join(" › ");

/** The marketplace's category tree, one level at a time, with a breadcrumb back up. Opening a final category chooses it. */
export function CategoryPickerDialog({ picker, returnFocusTo }: { picker: CategoryPickerView | null; returnFocusTo: string }) {
  const [dismissed, dismiss] = useDismissed(picker);
  const filterButton = useRef<HTMLButtonElement>(null);
  const waiting = useWaiting();
  if (!picker || dismissed) return null;
  const last = picker.path.length - 1;
  return (
    <EditorSubDialog key={picker.parent ?? ""} title="Elegir categoría" onDismiss={dismiss} returnFocusTo={returnFocusTo}>
      <nav aria-label="Ruta en el árbol de categorías" data-testid="picker-breadcrumb">
        <ol className="flex flex-wrap items-center gap-1 text-sm">
          <li>
            {picker.parent === null ? (
              <span aria-current="location" className="font-medium">
                Todas las categorías
              </span>
            ) : (
              <IntentButton
                intent={{ type: "browse-category", parent: null }}
                disabled={waiting}
                className="btn-ghost px-1 py-0.5 text-sm underline"
              >
                Todas las categorías
              </IntentButton>
            )}
          </li>
          {picker.path.map((c, i) => (
            <li key={c.id} className="flex items-center gap-1">
              <span aria-hidden className="text-slate-400">
                ›
              </span>
              {i === last ? (
                <span aria-current="location" className="font-medium">
                  {c.name}
                </span>
              ) : (
                <IntentButton
                  intent={{ type: "browse-category", parent: c.id }}
                  disabled={waiting}
                  className="btn-ghost px-1 py-0.5 text-sm underline"
                >
                  {c.name}
                </IntentButton>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-3 flex items-end gap-2">
        <label className="flex flex-1 flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">Filtrar este nivel</span>
          <input
            type="search"
            name={CATEGORY_SEARCH_FIELD}
            defaultValue={picker.search}
            className="input"
            autoComplete="off"
            onKeyDown={(event) => {
              // Enter filters the level (the editor's Enter would recalculate and close the picker).
              if (event.key !== "Enter") return;
              event.preventDefault();
              filterButton.current?.click();
            }}
          />
        </label>
        <button
          ref={filterButton}
          type="submit"
          form={FORM_ID}
          name="intent"
          value={intentValue({ type: "filter-categories", parent: picker.parent })}
          formNoValidate
          disabled={waiting}
          className="btn-secondary"
        >
          Filtrar
        </button>
      </div>
      {picker.error ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {picker.error}
        </p>
      ) : null}
      <p className="mt-3 text-xs text-slate-500">
        Abre una categoría para ver sus subcategorías; una categoría final queda elegida y carga sus atributos.
      </p>
      <ul className="mt-2 divide-y divide-slate-100" aria-label="Categorías de este nivel">
        {picker.options.map((c) => (
          <li key={c.id} className="flex items-center justify-between gap-2 py-1">
            <IntentButton
              intent={{ type: "browse-category", parent: c.id }}
              disabled={waiting}
              className="btn-ghost w-full justify-start px-2 py-1 text-left text-sm"
            >
              {c.name}
            </IntentButton>
            <span className="font-mono text-xs text-slate-500">{c.id}</span>
          </li>
        ))}
      </ul>
      {picker.matched > picker.options.length ? (
        <p className="mt-2 text-xs text-slate-500">
          Se muestran {picker.options.length} de {picker.matched} categorías; filtra para encontrar la tuya.
        </p>
      ) : null}
      {picker.matched === 0 && !picker.error ? (
        <p className="mt-2 text-sm text-slate-500">
          {picker.search ? "Ninguna categoría de este nivel coincide." : "Este nivel no tiene categorías."}
        </p>
      ) : null}
    </EditorSubDialog>
  );
}

/** The predictor's suggestions for the title, each with "Usar" (which loads its attributes). */
export function PredictionsDialog({
  predictions,
  title,
  returnFocusTo,
}: {
  predictions: CategoryPrediction[] | null;
  title: string;
  returnFocusTo: string;
}) {
  const [dismissed, dismiss] = useDismissed(predictions);
  const waiting = useWaiting();
  if (!predictions || dismissed) return null;
  return (
    <EditorSubDialog title="Categorías sugeridas" onDismiss={dismiss} returnFocusTo={returnFocusTo}>
      <p className="text-sm text-slate-600">Sugeridas por Mercado Libre para «{title}».</p>
      {predictions.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">Mercado Libre no sugirió categorías para este título.</p>
      ) : null}
      <ul className="mt-3 space-y-2" aria-label="Categorías sugeridas">
        {predictions.map((p) => (
          <li key={p.categoryId} className="flex items-center justify-between gap-2 text-sm">
            <span>
              {pathText(p.pathFromRoot.length ? p.pathFromRoot : [{ name: p.categoryName }])}{" "}
              <span className="font-mono text-xs text-slate-500">{p.categoryId}</span>
            </span>
            <IntentButton
              intent={{ type: "set-category", categoryId: p.categoryId }}
              disabled={waiting}
              className="btn-secondary px-2 py-1 text-xs"
              label={`Usar ${p.categoryName}`}
            >
              Usar
            </IntentButton>
          </li>
        ))}
      </ul>
    </EditorSubDialog>
  );
}
