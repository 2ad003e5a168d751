import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { AssistantCreateDialog, AssistantDialogErrorBoundary } from "~/routes/chatbot-documents/assistant-dialogs";
import { createAssistant } from "~/modules/assistants/assistants.server";
import { AssistantCreateSchema } from "~/modules/assistants/assistant-form";
import { ASSISTANT_CONSTRAINTS } from "~/modules/assistants/constraints.server";
import { ASSISTANTS_PATH, ASSISTANT_MESSAGES, ASSISTANT_TEXTS, NAME_TEXTS, listSearchOf } from "~/modules/assistants/rules";
import { statusOf, readForm } from "~/lib/http.server";
import { refuseNestedNames } from "~/lib/list-index-guard.server";

export const meta: MetaFunction = () => [{ title: "Nuevo asistente" }];

export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  return { assistant: null, constraint: ASSISTANT_CONSTRAINTS.create };
}

export async function action({ request, url }: ActionFunctionArgs) {
  const actor = await requireAccess(request, url);
  const form = await readForm(request);
  refuseNestedNames(form);
  const submission = parseWithZod(form, { schema: AssistantCreateSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const created = await createAssistant(submission.value.assistantName, actor);
  if (!created.ok) {
    if ("taken" in created)
      return data({ result: submission.reply({ fieldErrors: { assistantName: [NAME_TEXTS.taken] } }) }, { status: 400 });
    return data({ result: submission.reply({ formErrors: [created.refusal.message] }) }, { status: statusOf(created) });
  }
  const search = listSearchOf(url.search);
  return redirectWithToast(`${ASSISTANTS_PATH}/${created.value.id}${search}`, {
    title: ASSISTANT_TEXTS.created,
    message: ASSISTANT_MESSAGES.created,
    variant: "success",
  });
}

export default function NewAssistant() {
  const { constraint } = useLoaderData<typeof loader>();
  return <AssistantCreateDialog constraint={constraint} lastResult={useActionData<typeof action>()?.result} />;
}

export function ErrorBoundary() {
  return <AssistantDialogErrorBoundary />;
}
