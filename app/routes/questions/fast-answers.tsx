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
import { listFastAnswers, saveFastAnswer } from "~/modules/questions/commands.server";
import type { InputConstraint } from "~/lib/constraints";
import { FastAnswerIntent } from "~/modules/questions/schemas";
import { QUESTION_CONSTRAINTS } from "~/modules/questions/constraints.server";
import { readForm } from "~/lib/http.server";

export const meta: MetaFunction = () => [{ title: "Respuestas rápidas" }];

export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  return { fastAnswers: await listFastAnswers(), constraints: QUESTION_CONSTRAINTS.fastAnswer };
}

export async function action({ request, url }: ActionFunctionArgs) {
  const actor = await requireAccess(request, url);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: FastAnswerIntent });
  const key = String(formData.get("id") ?? "new");
  if (submission.status !== "success") {
    return data({ key, errors: (submission.reply().error ?? {}) as Record<string, string[] | null> }, { status: 400 });
  }
  const result = await saveFastAnswer(submission.value, actor);
  const self = `/questions/fast-answers${url.search}`;
  if (result.ok) return redirectWithToast(self, result.toast);
  if (result.notFound) throw new Response("La respuesta rápida no existe.", { status: 404 });
  return redirectWithToast(self, result.toast ?? { title: "No se pudo guardar", variant: "danger" });
}

export default function FastAnswers() {
  const { fastAnswers, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  const errorsFor = (key: string) => (actionData?.key === key ? actionData.errors : undefined);
  return (
    <RouteDialog
      title="Respuestas rápidas"
      description="Textos que se insertan en la respuesta de una pregunta."
      closeTo={`/questions${search}`}
      size="lg"
    >
      <ul className="space-y-3">
        {fastAnswers.map((f) => (
          <li key={f.id} className="rounded-md border border-slate-200 p-3">
            <FastAnswerForm id={f.id} name={f.name} text={f.text} errors={errorsFor(String(f.id))} constraints={constraints} />
          </li>
        ))}
      </ul>
      <h3 className="mb-2 mt-5 font-semibold">Nueva respuesta rápida</h3>
      <FastAnswerForm errors={errorsFor("new")} constraints={constraints} />
      <div className="mt-4 flex justify-end">
        <CloseLink to={`/questions${search}`}>Cerrar</CloseLink>
      </div>
    </RouteDialog>
  );
}

function FastAnswerForm({
  id,
  name,
  text,
  errors,
  constraints,
}: {
  id?: number;
  name?: string;
  text?: string;
  errors?: Record<string, string[] | null>;
  constraints: { name: InputConstraint; text: InputConstraint };
}) {
  const key = id ? String(id) : "new";
  return (
    <Form method="post" preventScrollReset className="grid gap-2">
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium text-slate-700">Nombre</span>
        <input name="name" {...constraints.name} defaultValue={name} className="input" aria-describedby={`fa-${key}-name`} />
      </label>
      <ErrorList id={`fa-${key}-name`} errors={errors?.name} />
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium text-slate-700">Texto</span>
        <textarea name="text" {...constraints.text} defaultValue={text} rows={2} className="input" aria-describedby={`fa-${key}-text`} />
      </label>
      <ErrorList id={`fa-${key}-text`} errors={errors?.text} />
      <div className="flex justify-end gap-2">
        {id ? (
          <button type="submit" name="intent" value="delete" formNoValidate className="btn-ghost text-red-700">
            Eliminar
          </button>
        ) : null}
        <button type="submit" name="intent" value={id ? "update" : "create"} className={id ? "btn-secondary" : "btn-primary"}>
          {id ? "Guardar" : "Agregar"}
        </button>
      </div>
    </Form>
  );
}

export function ErrorBoundary() {
  return (
    <DialogErrorBoundary
      listPath="/questions"
      notFoundTitle="Respuesta rápida no encontrada"
      notFoundText="La respuesta rápida no existe o fue eliminada."
    />
  );
}
