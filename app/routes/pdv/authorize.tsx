import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { Form, useActionData, useLoaderData } from "react-router";
import { RouteDialog } from "~/components/Dialog";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { ConfirmationCodeField, ErrorSlot } from "~/routes/pdv/ui/dialog-parts";
import { CodeDialogFooter } from "~/routes/pdv/code-dialog-footer";
import { parseQuery } from "~/lib/query";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { authorize, openBoxOf, type Authorization } from "~/modules/pdv/box.server";
import { AuthorizeForm, AuthorizeWhat, formValues } from "~/modules/pdv/schemas";
import { PDV_CONSTRAINTS } from "~/modules/pdv/constraints.server";
import { statusOf, readForm } from "~/lib/http.server";

const TITLES = {
  "discount-8": "Autorizar descuento de 8 %",
  "discount-10": "Autorizar descuento de 10 %",
  delete: "Eliminar productos",
  expected: "Mostrar montos esperados",
} as const;

function whatOf(url: URL) {
  return parseQuery(url, { what: AuthorizeWhat.optional().catch(undefined) }).what;
}

function toAuthorization(what: keyof typeof TITLES): Authorization {
  if (what === "discount-8") return { kind: "discount", discount: 8 };
  if (what === "discount-10") return { kind: "discount", discount: 10 };
  return { kind: what };
}

export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requireAccess(request, url);
  const what = whatOf(url);
  if (!what) throw new Response("No encontrado", { status: 404 });
  if (!(await openBoxOf(user.id))) throw redirect("/pdv");
  return { what, title: TITLES[what], constraints: PDV_CONSTRAINTS.authorize };
}

export async function action({ request, url }: ActionFunctionArgs) {
  const user = await requireAccess(request, url);
  const what = whatOf(url);
  if (!what) throw new Response("No encontrado", { status: 404 });
  const form = AuthorizeForm.safeParse(formValues(await readForm(request)));
  if (!form.success) return data({ error: "Solicitud no válida." }, { status: 400 });
  if (!form.data.code.trim()) return data({ error: "Ingresa el código de confirmación." }, { status: 400 });
  const result = await authorize(user.id, toAuthorization(what), form.data.code);
  if (!result.ok) return data({ error: result.message }, { status: statusOf(result) });
  if (what === "delete") {
    return redirectWithToast("/pdv", {
      title: "Código verificado",
      message: "Código verificado, ahora puedes eliminar varios productos a la vez",
      variant: "success",
    });
  }
  if (what === "expected")
    return redirectWithToast("/pdv/close", { title: "Código correcto", message: `Autorizó: ${result.value.approver}`, variant: "success" });
  return redirectWithToast("/pdv", {
    title: "Código verificado",
    message: `Descuento autorizado por ${result.value.approver}.`,
    variant: "success",
  });
}

export default function Authorize() {
  const { what, title, constraints } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const closeTo = what === "expected" ? "/pdv/close" : "/pdv";
  return (
    <RouteDialog
      title={title}
      closeTo={closeTo}
      footer={<CodeDialogFooter closeTo={closeTo} closeLabel="Cancelar" formId="authorize-form" submitLabel="Verificar" />}
    >
      <Form method="post" id="authorize-form" className="space-y-2">
        <ConfirmationCodeField
          constraint={constraints.code}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's one field: a modal dialog moves the focus into itself
          autoFocus
          aria-invalid={result?.error ? true : undefined}
          aria-describedby="code-error"
        />
        <ErrorSlot id="code-error" shown={Boolean(result?.error)}>
          {result?.error}
        </ErrorSlot>
      </Form>
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return (
    <DialogErrorBoundary
      listPath="/pdv"
      notFoundTitle="Autorización no encontrada"
      notFoundText="La acción que intentas autorizar no existe."
    />
  );
}
