import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AssistantDialogErrorBoundary, AssistantEditDialog } from "~/modules/assistants/assistant-dialogs";
import { assistantDialogLoader, assistantDocumentAction, type DocumentActionAnswer } from "~/modules/assistants/assistants.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Asistente ${data.assistant.name}` : "Asistente" }];

export const loader = ({ request, params }: LoaderFunctionArgs) => assistantDialogLoader(request, params);

export const action = ({ request, params }: ActionFunctionArgs) => assistantDocumentAction(request, params);

export default function EditAssistant() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as DocumentActionAnswer | undefined;
  return <AssistantEditDialog key={loaded.assistant.id} {...loaded} answer={answer} />;
}

export function ErrorBoundary() {
  return <AssistantDialogErrorBoundary />;
}
