import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data } from "react-router";
import { Form, useActionData, useLoaderData, useLocation } from "react-router";
import { CloseLink } from "~/components/CloseLink";
import { RouteDialog } from "~/components/Dialog";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { ErrorList } from "~/components/Field";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { updateCannedReply } from "~/modules/messages/commands.server";
import { listCannedReplies } from "~/modules/messages/messages.server";
import { CannedReplySchema } from "~/modules/messages/schemas";
import { MESSAGE_CONSTRAINTS } from "~/modules/messages/constraints.server";
import { readForm } from "~/lib/http.server";

export const meta: MetaFunction = () => [{ title: "Plantillas de mensajes" }];

export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  return { templates: await listCannedReplies(), constraints: MESSAGE_CONSTRAINTS.template };
}

export async function action({ request, url }: ActionFunctionArgs) {
  const actor = await requireAccess(request, url);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: CannedReplySchema });
  if (submission.status !== "success") {
    // An id that is no template's (out of range, not a number) is the template's 404, not a form to redraw.
    if (submission.error?.id) throw new Response("La plantilla no existe.", { status: 404 });
    return data(
      { id: String(formData.get("id") ?? ""), errors: (submission.reply().error ?? {}) as Record<string, string[] | null> },
      { status: 400 },
    );
  }
  const result = await updateCannedReply(submission.value, actor);
  if (!result.ok && result.notFound) throw new Response("La plantilla no existe.", { status: 404 });
  return redirectWithToast(`/messages/templates${url.search}`, result.toast);
}

export default function Templates() {
  const { templates, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  const closeTo = `/messages${search}`;
  return (
    <RouteDialog
      title="Plantillas de mensajes"
      description="Respuestas predefinidas que se insertan en el cuadro de respuesta."
      closeTo={closeTo}
      size="lg"
    >
      <ul className="space-y-3">
        {templates.map((t) => {
          const errors = actionData?.id === String(t.id) ? actionData.errors : undefined;
          return (
            <li key={t.id} className="rounded-md border border-slate-200 p-3">
              <Form method="post" preventScrollReset className="grid gap-2">
                <input type="hidden" name="id" value={t.id} />
                <label className="flex flex-col gap-1 text-sm">
                  <span className="font-medium text-slate-700">Nombre</span>
                  <input name="name" {...constraints.name} defaultValue={t.name} className="input" />
                </label>
                <ErrorList errors={errors?.name} />
                <label className="flex flex-col gap-1 text-sm">
                  <span className="font-medium text-slate-700">Texto</span>
                  <textarea name="text" {...constraints.text} defaultValue={t.text} rows={3} className="input" />
                </label>
                <ErrorList errors={errors?.text} />
                <div className="flex justify-end">
                  <button type="submit" className="btn-secondary">
                    Guardar
                  </button>
                </div>
              </Form>
            </li>
          );
        })}
      </ul>
      <div className="mt-4 flex justify-end">
        <CloseLink to={closeTo}>Cerrar</CloseLink>
      </div>
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <DialogErrorBoundary listPath="/messages" notFoundTitle="Plantilla no encontrada" notFoundText="La plantilla no existe." />;
}
