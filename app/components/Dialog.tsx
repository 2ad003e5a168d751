import { Form, Link, useNavigate, useNavigation } from "react-router";
import { CloseLink } from "./CloseLink";
import { useEffect, useId, useRef, useState } from "react";
import { useIsomorphicLayoutEffect } from "~/lib/layout-effect";
import { cn } from "~/lib/cn";
import { SaveButton } from "./SaveButton";

const sizes = { md: "max-w-lg", lg: "max-w-3xl", xl: "max-w-6xl" } as const;

/**
 * A dialog that is a nested route: the server renders a native `<dialog open>` (in the HTML, so it
 * works without JavaScript); closing is a link back to the list with its query. With JavaScript the
 * same element becomes modal (`showModal`): the page behind is inert, Tab stays inside, Escape and a
 * click outside close it by going back to the list, and closing gives focus back to the opener. The
 * browser does what a dialog library would, with no script of its own to load.
 */
export function RouteDialog({
  title,
  description,
  closeTo,
  size = "md",
  children,
  footer,
  dismissOnOutside = true,
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
  closeTo: string;
  size?: keyof typeof sizes;
  children: React.ReactNode;
  footer?: React.ReactNode;
  /** False keeps the dialog open on a click outside it even before anything is typed (an editor). */
  dismissOnOutside?: boolean;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const ref = useModal(closeTo, dismissOnOutside);
  useOpenerFocus();
  return (
    <>
      <div aria-hidden data-dialog-overlay className="fixed inset-0 z-40 bg-slate-900/40" />
      <dialog
        ref={ref}
        open
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        className={cn(
          "fixed inset-x-2 bottom-auto top-4 z-50 mx-auto my-0 flex max-h-[calc(100vh-2rem)] w-auto flex-col rounded-xl bg-white text-slate-900 shadow-2xl backdrop:bg-slate-900/40 sm:inset-x-4 sm:top-10 sm:max-h-[calc(100vh-5rem)]",
          sizes[size],
        )}
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
          <div>
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm text-slate-500">
                {description}
              </p>
            ) : null}
          </div>
          <Link to={closeTo} preventScrollReset className="btn-ghost -mr-2 px-2 py-1" aria-label="Cerrar">
            ✕
          </Link>
        </div>
        <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
        {footer ? <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div> : null}
      </dialog>
    </>
  );
}

/**
 * Turns the server's open dialog into a modal one once the page is interactive, and answers Escape
 * and a click on the backdrop with the route's way out. The browser may close a modal dialog on its
 * own (a second Escape); any close that is not ours also goes back to the list.
 */
function useModal(closeTo: string, dismissOnOutside: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const leave = useRef(() => {});
  leave.current = () => navigate(closeTo, { preventScrollReset: true });
  // Before the browser paints: a dialog opened by a click is modal from its first frame, so nothing
  // can be typed into it before `showModal` moves the focus.
  useIsomorphicLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog || typeof dialog.showModal !== "function") return;
    if (!dialog.matches(":modal")) {
      // Hydration may come after the user has started typing in the server's dialog: the field and
      // the caret they are in stay theirs.
      const typing = focusInside(dialog);
      dialog.close();
      dialog.showModal();
      typing?.();
    }
    // `close()` above queues a close event: it arrives while the dialog is open again, and is ignored.
    const onClose = () => !dialog.open && leave.current();
    const onCancel = (event: Event) => {
      // Only Escape on the dialog itself: Chromium also fires a bubbling `cancel` on a file input
      // whose picker was closed without a choice (or given the same file again), and that must not
      // throw the dialog and what was typed in it away.
      if (event.target !== dialog) return;
      event.preventDefault();
      leave.current();
    };
    // Once something is typed or chosen in the dialog, a stray click outside must not throw it away
    // (Cancelar, ✕ and Escape still leave).
    let edited = changedFromServer(dialog);
    const onEdit = () => {
      edited = true;
    };
    const onClick = (event: MouseEvent) => {
      if (!dismissOnOutside || edited || event.target !== dialog) return;
      const box = dialog.getBoundingClientRect();
      const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
      // A keyboard "click" on the dialog has no position (0, 0): it is not a click outside.
      if (!inside && (event.clientX !== 0 || event.clientY !== 0)) leave.current();
    };
    dialog.addEventListener("close", onClose);
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("click", onClick);
    dialog.addEventListener("input", onEdit);
    dialog.addEventListener("change", onEdit);
    return () => {
      dialog.removeEventListener("input", onEdit);
      dialog.removeEventListener("change", onEdit);
      dialog.removeEventListener("close", onClose);
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("click", onClick);
    };
  }, [dismissOnOutside]);
  return ref;
}

/** Whether a field of `container` already differs from the server's page (changed before React ran). */
function changedFromServer(container: HTMLElement): boolean {
  for (const el of Array.from(container.querySelectorAll("input, textarea, select"))) {
    if (el instanceof HTMLSelectElement) {
      const options = Array.from(el.options);
      // A single select with no option marked shows its first one.
      const first = Math.max(
        0,
        options.findIndex((o) => o.defaultSelected),
      );
      if (el.multiple ? options.some((o) => o.selected !== o.defaultSelected) : el.options.length > 0 && el.selectedIndex !== first)
        return true;
    } else if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")) {
      if (el.checked !== el.defaultChecked) return true;
    } else if (el instanceof HTMLInputElement && el.type === "file") {
      if (el.files?.length) return true;
    } else if ((el instanceof HTMLInputElement && el.type !== "hidden") || el instanceof HTMLTextAreaElement) {
      if (el.value !== el.defaultValue) return true;
    }
  }
  return false;
}

/** The element focused inside `container` and its caret, as a function that puts them back. */
function focusInside(container: HTMLElement): (() => void) | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !container.contains(active)) return null;
  const text = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement ? active : null;
  let caret: [number | null, number | null] = [null, null];
  try {
    caret = text ? [text.selectionStart, text.selectionEnd] : caret;
  } catch {
    // Inputs without a caret (checkbox, date) have no selection to read.
  }
  return () => {
    active.focus({ preventScroll: true });
    if (text && caret[0] !== null && caret[1] !== null) {
      try {
        text.setSelectionRange(caret[0], caret[1]);
      } catch {
        // As above.
      }
    }
  };
}

/**
 * The element that opened a route dialog (the link clicked in the list) is remembered when the dialog
 * mounts; when the dialog route goes away, focus returns to it, or to the element now in the page with
 * the same link or name (the list re-rendered), instead of falling to the top of the document.
 */
function useOpenerFocus() {
  // Read while rendering: the dialog's focus trap moves focus inside before any effect here runs.
  const [opener] = useState(() => {
    if (typeof document === "undefined") return null;
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || active === document.body || active.closest("dialog, [role=dialog]")) return null;
    return { element: active, href: active.getAttribute("href"), label: active.getAttribute("aria-label") ?? active.textContent };
  });
  useEffect(() => {
    return () => {
      const from = opener;
      if (!from) return;
      // After the list has rendered without the dialog.
      requestAnimationFrame(() => {
        if (document.activeElement && document.activeElement !== document.body) return;
        const again = from.element.isConnected ? from.element : findOpener(from.href, from.label);
        again?.focus({ preventScroll: true });
      });
    };
  }, [opener]);
}

function findOpener(href: string | null, label: string | null): HTMLElement | null {
  if (href) {
    const path = href.split("?")[0];
    const same = Array.from(document.querySelectorAll<HTMLElement>("a[href]")).find((a) => a.getAttribute("href")?.split("?")[0] === path);
    if (same) return same;
  }
  if (label)
    return (
      Array.from(document.querySelectorAll<HTMLElement>("a, button")).find(
        (b) => (b.getAttribute("aria-label") ?? b.textContent) === label,
      ) ?? null
    );
  return null;
}

/**
 * A confirmation as a nested route: Cancelar goes back, the danger button posts to the route's
 * action. Without JavaScript it is a page with a form; with it, a modal. `refused`: something
 * blocks the action (the body says what), so there is nothing to confirm, only Cancelar.
 */
export function ConfirmDialog({
  title,
  closeTo,
  confirmLabel,
  busyLabel = "Procesando…",
  refused = false,
  children,
}: {
  title: React.ReactNode;
  closeTo: string;
  confirmLabel: string;
  busyLabel?: string;
  refused?: boolean;
  children: React.ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <RouteDialog
      title={title}
      closeTo={closeTo}
      footer={
        <>
          <CloseLink to={closeTo}>Cancelar</CloseLink>
          {refused ? null : (
            <Form method="post" preventScrollReset>
              <button type="submit" className="btn-danger" disabled={busy}>
                {busy ? busyLabel : confirmLabel}
              </button>
            </Form>
          )}
        </>
      }
    >
      {children}
    </RouteDialog>
  );
}

/**
 * Put first in a form whose other buttons post their own `intent`: Enter in any field presses a
 * form's first submit button, so Enter saves (hidden from sight and from assistive technology).
 */
export function EnterSaves() {
  return (
    <button type="submit" name="intent" value="save" className="sr-only" tabIndex={-1} aria-hidden>
      Guardar
    </button>
  );
}

/** Volver: closes the dialog without saving (a link back to the list, keeping its query). */
export function BackLink({ to }: { to: string }) {
  return (
    <Link to={to} preventScrollReset className="btn-secondary">
      Volver
    </Link>
  );
}

/**
 * The footer of an edit dialog: Eliminar (a link to the record's confirmation route, when it
 * exists), Volver and Guardar (or `saveLabel`), which submits the dialog's form by id.
 */
export function EditDialogFooter({
  closeTo,
  formId,
  busy,
  deleteTo,
  saveIntent,
  cancel = false,
  saveLabel = "Guardar",
  busyLabel = "Guardando…",
}: {
  closeTo: string;
  formId: string;
  busy: boolean;
  deleteTo?: string | null;
  /** When the form has several buttons, Guardar posts this `intent`. */
  saveIntent?: string;
  /** Screens whose spec lists Cancelar beside Volver get both (both close without saving). */
  cancel?: boolean;
  saveLabel?: string;
  busyLabel?: string;
}) {
  return (
    <>
      {deleteTo ? (
        <Link to={deleteTo} preventScrollReset className="btn-danger mr-auto">
          Eliminar
        </Link>
      ) : null}
      <BackLink to={closeTo} />
      <SaveButton busy={busy} form={formId} intent={saveIntent} busyLabel={busyLabel}>
        {saveLabel}
      </SaveButton>
      {cancel ? (
        <CloseLink to={closeTo} className="btn-ghost">
          Cancelar
        </CloseLink>
      ) : null}
    </>
  );
}
