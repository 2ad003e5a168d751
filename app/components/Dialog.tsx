import * as RadixDialog from "@radix-ui/react-dialog";
import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import { cn } from "~/lib/cn";

const sizes = { md: "max-w-lg", lg: "max-w-3xl", xl: "max-w-6xl" } as const;

/**
 * A dialog that is a nested route: the server renders it already open (no portal, so it is in the
 * HTML without JavaScript); closing is a link back to the list with its query. With JavaScript Radix
 * adds focus trapping, Escape and outside-click closing.
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
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && navigate(closeTo, { preventScrollReset: true })}>
      <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
      <RadixDialog.Content
        aria-describedby={description ? undefined : undefined}
        onInteractOutside={dismissOnOutside ? undefined : (event) => event.preventDefault()}
        className={cn(
          "fixed inset-x-2 top-4 z-50 mx-auto flex max-h-[calc(100vh-2rem)] flex-col rounded-xl bg-white shadow-2xl sm:inset-x-4 sm:top-10",
          sizes[size],
        )}
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
          <div>
            <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
            {description ? <RadixDialog.Description className="mt-1 text-sm text-slate-500">{description}</RadixDialog.Description> : null}
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
}: {
  closeTo: string;
  formId: string;
  busy: boolean;
  deleteTo?: string | null;
  /** When the form has several buttons, Guardar posts this `intent`. */
  saveIntent?: string;
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
    </>
  );
}
