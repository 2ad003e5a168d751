import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AssistantDeleteDialog, AssistantDialogErrorBoundary } from "~/modules/assistants/assistant-dialogs";
import { assistantDeleteAction, assistantDeleteLoader } from "~/modules/assistants/assistants.server";

export const meta: MetaFunction = () => [{ title: "Eliminar asistente" }];

export const loader = ({ request, params }: LoaderFunctionArgs) => assistantDeleteLoader(request, params);

export const action = ({ request, params }: ActionFunctionArgs) => assistantDeleteAction(request, params);

export default function DeleteAssistant() {
  const { assistant, documents } = useLoaderData<typeof loader>();
  return <AssistantDeleteDialog assistant={assistant} documents={documents} />;
}

export function ErrorBoundary() {
  return <AssistantDialogErrorBoundary />;
}
