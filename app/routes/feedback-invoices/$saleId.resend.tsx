import { getFormProps, getInputProps, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data } from "react-router";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "react-router";
import { useRef, useState } from "react";
import type { z } from "zod";
import { RouteDialog } from "~/components/Dialog";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { constraintsOf, type FormConstraints } from "~/lib/constraints";
import { useLazyValidation } from "~/lib/lazy-validation";
import { notFound, paramOr404, readForm } from "~/lib/http.server";
import { parseSubmission } from "~/lib/submission";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { getFeedbackInvoice, resendInvoice, startingRecipients } from "~/modules/invoices/invoices.server";
import { addRecipient, firstFeedbackSuccessful, rebuildRecipients, type Recipient } from "~/modules/invoices/rules";
import { RESEND_SPEC_MESSAGES, ResendForm } from "~/modules/invoices/resend-form";
import { SaleIdSchema } from "~/modules/invoices/schemas";
import { hasForgedListIndex } from "@common/forged-list-index";

export const meta: MetaFunction = () => [{ title: "Reenviar factura" }];

async function resendable(request: Request, url: URL, rawId: string | undefined) {
  const actor = await requireAccess(request, url);
  const saleId = paramOr404(SaleIdSchema, rawId, "La venta no existe.");
  const found = await getFeedbackInvoice(saleId);
  if (found.ok && !found.record) notFound("La venta no tiene registro de facturación.");
  const detail = `/feedback-invoices/${saleId}${url.search}`;
  if (!found.ok) {
    throw await redirectWithToast(detail, { title: "No se pudo consultar la factura", message: found.message, variant: "danger" });
  }
  const record = found.record!;
  if (!firstFeedbackSuccessful(record)) {
    throw await redirectWithToast(detail, {
      title: "Factura pendiente",
      message: "Solo se puede reenviar una factura timbrada correctamente.",
      variant: "warning",
    });
  }
  return { actor, saleId, found, record, detail };
}

/** The form's native checks, read from the schema on the server: the dialog's script carries no Zod. */
const RESEND_CONSTRAINT = constraintsOf(ResendForm, { specMessages: RESEND_SPEC_MESSAGES });

export async function loader({ request, url, params }: LoaderFunctionArgs) {
  const { record } = await resendable(request, url, params.saleId);
  return { saleId: record.id, recipients: await startingRecipients(record), constraint: RESEND_CONSTRAINT };
}

type ActionAnswer = {
  result: SubmissionResult<string[]>;
  /** The whole list the form now stands for (defaults first). */
  recipients: Recipient[];
  error?: { title: string; message: string };
};

const extrasOf = (list: Recipient[]) => list.filter((r) => !r.isDefault).map((r) => r.email);

/** The form again with the server's list (invalid or repeated extras dropped) and what stays typed. */
function answer(
  submission: Submission<unknown>,
  list: Recipient[],
  email: string,
  extra: Omit<ActionAnswer, "result" | "recipients"> = {},
): ActionAnswer {
  return { result: { ...submission.reply(), initialValue: { recipients: extrasOf(list), email } }, recipients: list, ...extra };
}

/**
 * The extra recipients are a Conform list: "Quitar" is its remove button (applied in the browser with
 * JavaScript, posted without it); "Agregar" checks the typed e-mail here and answers the new list;
 * "Enviar" sends. Every answer rebuilds the list from the defaults (never from the browser) plus the
 * valid extras posted.
 */
export async function action({ request, url, params }: ActionFunctionArgs) {
  const { record, actor, detail } = await resendable(request, url, params.saleId);
  const form = await readForm(request);
  const submission = hasForgedListIndex(form) ? null : parseSubmission(form, ResendForm);
  const defaults = await startingRecipients(record);
  if (!submission) {
    return data(
      { recipients: defaults, error: { title: "Solicitud inválida", message: "Revisa los correos e intenta de nuevo." } },
      { status: 400 },
    );
  }
  if (submission.status !== "success") {
    // A list change (Quitar without JavaScript) is answered with the list as changed; anything else is refused.
    const posted = ResendForm.pick({ recipients: true, email: true }).safeParse(submission.payload);
    const list = rebuildRecipients(defaults, posted.success ? posted.data.recipients : []);
    const email = posted.success ? posted.data.email : "";
    if (submission.status === "error") {
      return data(
        answer(submission, list, email, { error: { title: "Solicitud inválida", message: "Revisa los correos e intenta de nuevo." } }),
        { status: 400 },
      );
    }
    return data(answer(submission, list, email));
  }
  const { intent, recipients, email } = submission.value;
  const list = rebuildRecipients(defaults, recipients);
  if (intent === "add") {
    const added = addRecipient(list, email);
    if (!added.ok) return data(answer(submission, list, email, { error: { title: added.title, message: added.message } }), { status: 400 });
    return data(answer(submission, added.list, ""));
  }
  const outcome = await resendInvoice(
    record,
    list.filter((r) => !r.isDefault),
    actor,
  );
  if (!outcome.ok)
    return data(answer(submission, list, "", { error: { title: outcome.title, message: outcome.message } }), { status: 502 });
  return redirectWithToast(detail, { title: outcome.title, message: outcome.message, variant: outcome.variant });
}

export default function ResendInvoiceDialog() {
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>() as Partial<ActionAnswer> | undefined;
  // Every answer of the server (without JavaScript, or a post before the script ran) is a fresh form:
  // it starts from the list the server answered.
  const seen = useRef({ answer: answered, count: 0 });
  if (seen.current.answer !== answered) seen.current = { answer: answered, count: seen.current.count + 1 };
  return (
    <RecipientsForm
      key={seen.current.count}
      saleId={loaded.saleId}
      defaults={loaded.recipients.filter((r) => r.isDefault)}
      constraint={loaded.constraint}
      answered={answered}
    />
  );
}

type Refusal = { title: string; message: string };

function RecipientsForm({
  saleId,
  defaults,
  constraint,
  answered,
}: {
  saleId: string;
  defaults: Recipient[];
  constraint: FormConstraints<typeof ResendForm>;
  answered: Partial<ActionAnswer> | undefined;
}) {
  const { search } = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const back = `/feedback-invoices/${saleId}${search}`;
  const validation = useLazyValidation(() => import("~/modules/invoices/resend-form").then((m) => m.ResendForm), {
    shouldValidate: "onBlur",
    shouldRevalidate: "onBlur",
  });
  const [form, fields] = useForm<z.input<typeof ResendForm>, z.output<typeof ResendForm>>({
    id: "resend-invoice",
    lastResult: answered?.result,
    defaultValue: { recipients: extrasOf(answered?.recipients ?? []), email: "" },
    constraint,
    ...validation,
  });
  const rows = fields.recipients.getFieldList();
  // With JavaScript "Agregar" checks the e-mail with the server's own rule and adds the row here.
  const [checked, setChecked] = useState<Refusal | null | undefined>(undefined);
  const error = checked === undefined ? answered?.error : checked;
  const add = (event: React.MouseEvent<HTMLButtonElement>) => {
    const input = event.currentTarget.form?.elements.namedItem(fields.email.name);
    if (!(input instanceof HTMLInputElement)) return;
    event.preventDefault();
    const list = rebuildRecipients(
      defaults,
      rows.map((row) => row.initialValue ?? ""),
    );
    const added = addRecipient(list, input.value);
    if (!added.ok) {
      setChecked({ title: added.title, message: added.message });
      input.focus();
      return;
    }
    setChecked(null);
    form.insert({ name: fields.recipients.name, defaultValue: added.list[added.list.length - 1].email });
    input.value = "";
    input.focus();
  };
  return (
    <RouteDialog
      title="Reenviar factura"
      description={`Venta no. ${saleId}: se enviarán el PDF y el XML a los correos de la lista.`}
      closeTo={back}
      footer={
        <>
          <Link to={back} preventScrollReset className="btn-ghost">
            Cancelar
          </Link>
          <button
            type="submit"
            form={form.id}
            name="intent"
            value="send"
            className="btn-primary"
            disabled={busy || defaults.length + rows.length === 0}
          >
            {busy && navigation.formData?.get("intent") === "send" ? "Enviando…" : "Enviar"}
          </button>
        </>
      }
    >
      {/* The add row comes first in the form so Enter in the e-mail field adds it; the list is shown above it. */}
      <Form method="post" preventScrollReset className="flex flex-col gap-3" {...getFormProps(form)}>
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex min-w-56 flex-1 flex-col gap-1 text-sm">
            <span className="font-medium text-slate-700">Agregar correo</span>
            <input
              {...getInputProps(fields.email, { type: "text" })}
              inputMode="email"
              className="input"
              placeholder="correo@ejemplo.com"
              aria-invalid={error || fields.email.errors ? true : undefined}
              aria-describedby="resend-error"
              autoComplete="off"
            />
          </label>
          <button type="submit" name="intent" value="add" formNoValidate className="btn-secondary" onClick={add}>
            Agregar
          </button>
        </div>
        <div id="resend-error" role="alert" className="min-h-5 text-sm text-red-700">
          {error ? (
            <>
              <strong>{error.title}:</strong> {error.message}
            </>
          ) : (
            [...(fields.email.errors ?? []), ...(fields.recipients.errors ?? [])].join(" ") || null
          )}
        </div>
        <ul className="order-first space-y-1" aria-label="Correos seleccionados">
          {defaults.length + rows.length === 0 ? <li className="text-sm text-slate-500">Agrega al menos un correo.</li> : null}
          {defaults.map((r) => (
            <li
              key={r.email}
              className="flex items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-1.5 text-sm"
              data-testid="recipient"
            >
              <span>
                {r.email}
                <span className="ml-2 text-xs text-slate-500">{r.role === "cliente" ? "Cliente" : "Interno"}</span>
              </span>
              <span className="text-xs text-slate-500">Predeterminado</span>
            </li>
          ))}
          {rows.map((row, index) => (
            <li
              key={row.key}
              className="flex items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-1.5 text-sm"
              data-testid="recipient"
            >
              <input {...getInputProps(row, { type: "hidden" })} />
              <span>
                {row.initialValue}
                <span className="ml-2 text-xs text-slate-500">Adicional</span>
              </span>
              <button
                {...form.remove.getButtonProps({ name: fields.recipients.name, index })}
                formNoValidate
                className="btn-ghost px-2 py-0.5 text-xs text-red-700"
                aria-label={`Quitar ${row.initialValue}`}
              >
                Quitar
              </button>
            </li>
          ))}
        </ul>
      </Form>
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return (
    <DialogErrorBoundary
      listPath="/feedback-invoices"
      notFoundTitle="Factura no encontrada"
      notFoundText="La venta no existe o no tiene registro de facturación."
    />
  );
}
