import * as RadixDialog from "@radix-ui/react-dialog";
import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import { cn } from "~/lib/cn";

const sizes = { md: "max-w-lg", lg: "max-w-3xl", xl: "max-w-6xl" } as const;

/**
 * A dialog that is a nested route: the server renders it already open (no portal, so it is in the
 * HTML without JavaScript); closing is a link back to the list with its query. With JavaScript Radix
 * adds focus trapping, Escape and outside-click closing. The title names the dialog in the server's
 * HTML too (Radix only links it after hydration), and closing gives focus back to the opener.
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
  /** False keeps the dialog open on a click outside it (an editor with unsaved input). */
  dismissOnOutside?: boolean;
}) {
  const navigate = useNavigate();
  const titleId = useId();
  const descriptionId = useId();
  const restoreFocus = useOpenerFocus();
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && navigate(closeTo, { preventScrollReset: true })}>
      <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
      <RadixDialog.Content
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        onCloseAutoFocus={restoreFocus}
        onInteractOutside={dismissOnOutside ? undefined : (event) => event.preventDefault()}
        className={cn(
          "fixed inset-x-2 top-4 z-50 mx-auto flex max-h-[calc(100vh-2rem)] flex-col rounded-xl bg-white shadow-2xl sm:inset-x-4 sm:top-10",
          sizes[size],
        )}
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
          <div>
            <RadixDialog.Title id={titleId} className="text-lg font-semibold">
              {title}
            </RadixDialog.Title>
            {description ? (
              <RadixDialog.Description id={descriptionId} className="mt-1 text-sm text-slate-500">
                {description}
              </RadixDialog.Description>
            ) : null}
          </div>
          <Link to={closeTo} preventScrollReset className="btn-ghost -mr-2 px-2 py-1" aria-label="Cerrar">
            ✕
          </Link>
        </div>
        <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
        {footer ? <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div> : null}
      </RadixDialog.Content>
    </RadixDialog.Root>
  );
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
    if (!(active instanceof HTMLElement) || active === document.body || active.closest("[role=dialog]")) return null;
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
  // Radix would focus the body: the unmount above does better.
  return (event: Event) => event.preventDefault();
}

function findOpener(href: string | null, label: string | null): HTMLElement | null {
  if (href) {
    const path = href.split("?")[0];
    const same = Array.from(document.querySelectorAll<HTMLElement>("a[href]")).find((a) => a.getAttribute("href")?.split("?")[0] === path);
    if (same) return same;
  }
  if (label) return Array.from(document.querySelectorAll<HTMLElement>("a, button")).find((b) => (b.getAttribute("aria-label") ?? b.textContent) === label) ?? null;
  return null;
}

/**
 * A confirmation as a nested route: Cancelar goes back, the danger button posts to the route's
 * action. Without JavaScript it is a page with a form; with it, a modal.
 */
export function ConfirmDialog({
  title,
  closeTo,
  confirmLabel,
  busyLabel = "Procesando…",
  children,
}: {
  title: React.ReactNode;
  closeTo: string;
  confirmLabel: string;
  busyLabel?: string;
  children: React.ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <RouteDialog
      title={title}
      closeTo={closeTo}
      footer={
        <>
          <Link to={closeTo} preventScrollReset className="btn-secondary">
            Cancelar
          </Link>
          <Form method="post" preventScrollReset>
            <button type="submit" className="btn-danger" disabled={busy}>
              {busy ? busyLabel : confirmLabel}
            </button>
          </Form>
        </>
      }
    >
      {children}
    </RouteDialog>
  );
}

/**
 * The footer of an edit dialog: Eliminar (a link to the record's confirmation route, when it
 * exists), Volver and Guardar, which submits the dialog's form by id.
 */
export function EditDialogFooter({
  closeTo,
  formId,
  busy,
  deleteTo,
  saveIntent,
  cancel = false,
}: {
  closeTo: string;
  formId: string;
  busy: boolean;
  deleteTo?: string | null;
  /** When the form has several buttons, Guardar posts this `intent`. */
  saveIntent?: string;
  /** Screens whose spec lists Cancelar beside Volver get both (both close without saving). */
  cancel?: boolean;
}) {
  return (
    <>
      {deleteTo ? (
        <Link to={deleteTo} preventScrollReset className="btn-danger mr-auto">
          Eliminar
        </Link>
      ) : null}
      <Link to={closeTo} preventScrollReset className="btn-secondary">
        Volver
      </Link>
      <button type="submit" form={formId} name={saveIntent ? "intent" : undefined} value={saveIntent} className="btn-primary" disabled={busy}>
        {busy ? "Guardando…" : "Guardar"}
      </button>
      {cancel ? (
        <Link to={closeTo} preventScrollReset className="btn-ghost">
          Cancelar
        </Link>
      ) : null}
    </>
  );
}
