import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AssistantDialogErrorBoundary, DocumentDeleteDialog } from "~/modules/assistants/assistant-dialogs";
import { documentDeleteAction, documentDeleteLoader } from "~/modules/assistants/assistants.server";

export const meta: MetaFunction = () => [{ title: "Eliminar documento" }];

export const loader = ({ request, params }: LoaderFunctionArgs) => documentDeleteLoader(request, params);

export const action = ({ request, params }: ActionFunctionArgs) => documentDeleteAction(request, params);

export default function DeleteDocument() {
  const { assistant, document } = useLoaderData<typeof loader>();
  return <DocumentDeleteDialog assistant={assistant} document={document} />;
}

export function ErrorBoundary() {
  return <AssistantDialogErrorBoundary />;
}
