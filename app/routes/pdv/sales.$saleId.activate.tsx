import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { Form, useActionData, useLoaderData, useLocation } from "react-router";
import { RouteDialog } from "~/components/Dialog";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { ConfirmationCodeField, ErrorSlot } from "~/routes/pdv/ui/dialog-parts";
import { CodeDialogFooter } from "~/routes/pdv/code-dialog-footer";
import { redirectWithToast } from "~/lib/toast.server";
import { requireFeature } from "~/lib/auth/guard.server";
import { activateSale, saleById } from "~/modules/pdv/history.server";
import { listBack, saleIdOf } from "~/lib/pdv-params.server";
import { AuthorizeForm, formValues } from "~/modules/pdv/schemas";
import { PDV_CONSTRAINTS } from "~/modules/pdv/constraints.server";
import { statusOf, readForm } from "~/lib/http.server";

export async function loader({ request, url, params }: LoaderFunctionArgs) {
  await requireFeature(request, url, "pdv.history", "/pdv");
  const sale = await saleById(saleIdOf(params));
  if (!sale) throw new Response("Venta no encontrada", { status: 404 });
  return { sale: { id: sale.id, saleCode: sale.saleCode }, constraints: PDV_CONSTRAINTS.authorize };
}

export async function action({ request, url, params }: ActionFunctionArgs) {
  const user = await requireFeature(request, url, "pdv.history", listBack(url));
  const form = AuthorizeForm.safeParse(formValues(await readForm(request)));
  if (!form.success) return data({ error: "Solicitud no válida." }, { status: 400 });
  const result = await activateSale(user.id, saleIdOf(params), form.data.code);
  if (!result.ok) return data({ error: result.message }, { status: statusOf(result) });
  return redirectWithToast(listBack(url), { title: "Venta activada", message: "Venta activada correctamente", variant: "success" });
}

export default function ActivateSale() {
  const { sale, constraints } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { search } = useLocation();
  const closeTo = `/pdv${search}`;
  return (
    <RouteDialog
      title={`Activar venta ${sale.saleCode}`}
      closeTo={closeTo}
      footer={<CodeDialogFooter closeTo={closeTo} closeLabel="Volver" formId="activate-form" submitLabel="Activar venta" />}
    >
      <Form method="post" id="activate-form" className="space-y-2">
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's one field: a modal dialog moves the focus into itself */}
        <ConfirmationCodeField constraint={constraints.code} autoFocus />
        <ErrorSlot shown={Boolean(result?.error)}>{result?.error}</ErrorSlot>
      </Form>
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <DialogErrorBoundary listPath="/pdv?tab=historial" notFoundTitle="Venta no encontrada" notFoundText="La venta no existe." />;
}
