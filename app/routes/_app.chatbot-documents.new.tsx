import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { AssistantCreateDialog, AssistantDialogErrorBoundary } from "~/modules/assistants/assistant-dialogs";
import { assistantCreateAction, assistantNewLoader } from "~/modules/assistants/assistants.server";

export const meta: MetaFunction = () => [{ title: "Nuevo asistente" }];

export const loader = ({ request }: LoaderFunctionArgs) => assistantNewLoader(request);

export const action = ({ request }: ActionFunctionArgs) => assistantCreateAction(request);

export default function NewAssistant() {
  return <AssistantCreateDialog lastResult={useActionData<typeof action>()?.result} />;
}

export function ErrorBoundary() {
  return <AssistantDialogErrorBoundary />;
}
