import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { Form, useActionData, useLoaderData, useLocation } from "react-router";
import { useState } from "react";
import { RouteDialog } from "~/components/Dialog";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { ConfirmationCodeField, ErrorSlot } from "~/routes/pdv/ui/dialog-parts";
import { CodeDialogFooter } from "~/routes/pdv/code-dialog-footer";
import { formatDateTime, formatMoney } from "@common/format";
import { redirectWithToast } from "~/lib/toast.server";
import { requireFeature } from "~/lib/auth/guard.server";
import { cancelSale, saleById } from "~/modules/pdv/history.server";
import { CancelForm, formValues } from "~/modules/pdv/schemas";
import { PDV_CONSTRAINTS } from "~/modules/pdv/constraints.server";
import { PDV_TEXTS } from "~/modules/pdv/texts";
import { listBack, saleIdOf } from "~/lib/pdv-params.server";
import { statusOf, readForm } from "~/lib/http.server";

export async function loader({ request, url, params }: LoaderFunctionArgs) {
  await requireFeature(request, url, "pdv.history", "/pdv");
  const sale = await saleById(saleIdOf(params));
  if (!sale) throw new Response("Venta no encontrada", { status: 404 });
  return {
    sale: { id: sale.id, saleCode: sale.saleCode, total: sale.total, dateCreated: sale.dateCreated.toISOString(), isActive: sale.isActive },
    constraints: PDV_CONSTRAINTS.cancel,
  };
}

export async function action({ request, url, params }: ActionFunctionArgs) {
  const user = await requireFeature(request, url, "pdv.history", listBack(url));
  const values = formValues(await readForm(request));
  // A refusal shows the form again with the name and reason as typed (the code is asked for again).
  const limits = PDV_CONSTRAINTS.cancel;
  const typed = {
    manager: (values.manager ?? "").slice(0, limits.manager.maxLength),
    reason: (values.reason ?? "").slice(0, limits.reason.maxLength),
  };
  const form = CancelForm.safeParse(values);
  if (!form.success) {
    // A name or reason longer than its box allows (only a hand-made post gets here): the module's message.
    const tooLong = form.error.issues.find((issue) => issue.path[0] === "manager" || issue.path[0] === "reason");
    if (tooLong) return data({ error: tooLong.message, title: "Error", typed }, { status: 400 });
    // Anything else unreadable: nothing was recorded (spec 8).
    return data({ error: PDV_TEXTS.cancelDetailFailed as string, title: PDV_TEXTS.cancelDetailTitle as string, typed }, { status: 400 });
  }
  const result = await cancelSale(user.id, saleIdOf(params), form.data);
  if (!result.ok) {
    const title = result.message.startsWith("Llena")
      ? "Campos faltantes"
      : result.reason === "conflict"
        ? "No es posible cancelar la venta"
        : "Error";
    return data({ error: result.message, title, typed }, { status: statusOf(result) });
  }
  return redirectWithToast(listBack(url), {
    title: "Venta cancelada",
    message: `La venta ${result.value.saleCode} se canceló.`,
    variant: "success",
  });
}

export default function CancelSale() {
  const { sale, constraints } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { search } = useLocation();
  const [reason, setReason] = useState(result?.typed.reason ?? "");
  const closeTo = `/pdv${search}`;
  return (
    <RouteDialog
      title={`Cancelar venta ${sale.saleCode}`}
      closeTo={closeTo}
      footer={<CodeDialogFooter closeTo={closeTo} closeLabel="Volver" formId="cancel-form" submitLabel="Cancelar venta" danger />}
    >
      <p className="mb-3 text-sm text-slate-600">
        {formatDateTime(sale.dateCreated)} · {formatMoney(sale.total)}
      </p>
      <Form method="post" id="cancel-form" className="space-y-3">
        <ConfirmationCodeField constraint={constraints.code} />
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">Nombre del gerente</span>
          <input name="manager" {...constraints.manager} className="input" defaultValue={result?.typed.manager} />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">Motivo</span>
          <textarea
            name="reason"
            {...constraints.reason}
            className="input"
            rows={3}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <span className="text-right text-xs text-slate-500" aria-live="polite">
            {reason.length}/{constraints.reason.maxLength}
          </span>
        </label>
        <ErrorSlot shown={Boolean(result?.error)}>
          {result?.error ? (
            <>
              <strong>{result.title}:</strong> {result.error}
            </>
          ) : null}
        </ErrorSlot>
      </Form>
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <DialogErrorBoundary listPath="/pdv?tab=historial" notFoundTitle="Venta no encontrada" notFoundText="La venta no existe." />;
}
