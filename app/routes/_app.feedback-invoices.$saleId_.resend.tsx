import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { RouteDialog } from "~/components/Dialog";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { redirectWithToast } from "~/lib/toast.server";
import { notFound, paramOr404 } from "~/lib/http.server";
import { requireAccess } from "~/modules/auth/guard.server";
import { getFeedbackInvoice, resendInvoice, startingRecipients } from "~/modules/invoices/invoices.server";
import { addRecipient, firstFeedbackSuccessful, rebuildRecipients, removeRecipient, type Recipient } from "~/modules/invoices/rules";
import { ResendForm, SaleIdSchema } from "~/modules/invoices/schemas";

export const meta: MetaFunction = () => [{ title: "Reenviar factura" }];

async function resendable(request: Request, rawId: string | undefined) {
  const actor = await requireAccess(request);
  const saleId = paramOr404(SaleIdSchema, rawId, "La venta no existe.");
  const found = await getFeedbackInvoice(saleId);
  if (found.ok && !found.record) notFound("La venta no tiene registro de facturación.");
  const detail = `/feedback-invoices/${saleId}${new URL(request.url).search}`;
  if (!found.ok) {
    throw await redirectWithToast(detail, { title: "No se pudo consultar la factura", message: found.message, variant: "danger" });
  }
  const record = found.record!;
  if (!firstFeedbackSuccessful(record)) {
    throw await redirectWithToast(detail, { title: "Factura pendiente", message: "Solo se puede reenviar una factura timbrada correctamente.", variant: "warning" });
  }
  return { actor, saleId, found, record, detail };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { record } = await resendable(request, params.saleId);
  return { saleId: record.id, recipients: await startingRecipients(record) };
}

type ActionAnswer = { recipients: Recipient[]; email?: string; error?: { title: string; message: string } };

/**
 * Without JavaScript the recipient list travels in hidden inputs: every post rebuilds it from the
 * defaults (never from the browser) plus the valid extras, then adds, removes or sends.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { record, actor, detail } = await resendable(request, params.saleId);
  const form = await request.formData();
  const parsed = ResendForm.safeParse({
    intent: form.get("remove") ? "remove" : form.get("intent"),
    recipient: form.getAll("recipient").map(String),
    email: form.get("email") ?? "",
    remove: form.get("remove") ?? undefined,
  });
  const defaults = await startingRecipients(record);
  if (!parsed.success) {
    return data<ActionAnswer>({ recipients: defaults, error: { title: "Solicitud inválida", message: "Revisa los correos e intenta de nuevo." } }, { status: 400 });
  }
  const list = rebuildRecipients(defaults, parsed.data.recipient);
  if (parsed.data.intent === "remove") return data<ActionAnswer>({ recipients: removeRecipient(list, parsed.data.remove ?? "") });
  if (parsed.data.intent === "add") {
    const added = addRecipient(list, parsed.data.email);
    if (!added.ok) return data<ActionAnswer>({ recipients: list, email: parsed.data.email, error: { title: added.title, message: added.message } }, { status: 400 });
    return data<ActionAnswer>({ recipients: added.list });
  }
  const outcome = await resendInvoice(record, list.filter((r) => !r.isDefault), actor);
  if (!outcome.ok) return data<ActionAnswer>({ recipients: list, error: { title: outcome.title, message: outcome.message } }, { status: 502 });
  return redirectWithToast(detail, { title: outcome.title, message: outcome.message, variant: outcome.variant });
}

export default function ResendInvoiceDialog() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionAnswer | undefined;
  const recipients = answer?.recipients ?? loaded.recipients;
  const { search } = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const back = `/feedback-invoices/${loaded.saleId}${search}`;
  const formId = "resend-invoice";
  return (
    <RouteDialog
      title="Reenviar factura"
      description={`Venta no. ${loaded.saleId}: se enviarán el PDF y el XML a los correos de la lista.`}
      closeTo={back}
      footer={
        <>
          <Link to={back} preventScrollReset className="btn-ghost">
            Cancelar
          </Link>
          <button type="submit" form={formId} name="intent" value="send" className="btn-primary" disabled={busy || recipients.length === 0}>
            {busy && navigation.formData?.get("intent") === "send" ? "Enviando…" : "Enviar"}
          </button>
        </>
      }
    >
      {/* The add row comes first in the form so Enter in the e-mail field adds it; the list is shown above it. */}
      <Form method="post" id={formId} preventScrollReset className="flex flex-col gap-3" key={recipients.map((r) => r.email).join()}>
        {recipients
          .filter((r) => !r.isDefault)
          .map((r) => (
            <input key={r.email} type="hidden" name="recipient" value={r.email} />
          ))}
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex min-w-56 flex-1 flex-col gap-1 text-sm">
            <span className="font-medium text-slate-700">Agregar correo</span>
            <input
              type="email"
              name="email"
              className="input"
              defaultValue={answer?.error ? answer.email : ""}
              placeholder="correo@ejemplo.com"
              aria-invalid={answer?.error ? true : undefined}
              aria-describedby="resend-error"
              autoComplete="off"
            />
          </label>
          <button type="submit" name="intent" value="add" formNoValidate className="btn-secondary">
            Agregar
          </button>
        </div>
        <div id="resend-error" role="alert" className="min-h-5 text-sm text-red-700">
          {answer?.error ? (
            <>
              <strong>{answer.error.title}:</strong> {answer.error.message}
            </>
          ) : null}
        </div>
        <ul className="order-first space-y-1" aria-label="Correos seleccionados">
          {recipients.length === 0 ? <li className="text-sm text-slate-500">Agrega al menos un correo.</li> : null}
          {recipients.map((r) => (
            <li key={r.email} className="flex items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-1.5 text-sm" data-testid="recipient">
              <span>
                {r.email}
                <span className="ml-2 text-xs text-slate-500">{r.role === "cliente" ? "Cliente" : r.role === "interno" ? "Interno" : "Adicional"}</span>
              </span>
              {r.isDefault ? (
                <span className="text-xs text-slate-500">Predeterminado</span>
              ) : (
                <button type="submit" name="remove" value={r.email} formNoValidate className="btn-ghost px-2 py-0.5 text-xs text-red-700" aria-label={`Quitar ${r.email}`}>
                  Quitar
                </button>
              )}
            </li>
          ))}
        </ul>
      </Form>
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <DialogErrorBoundary listPath="/feedback-invoices" notFoundTitle="Factura no encontrada" notFoundText="La venta no existe o no tiene registro de facturación." />;
}
