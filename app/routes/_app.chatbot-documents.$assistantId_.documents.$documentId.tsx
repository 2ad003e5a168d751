import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AssistantDialogErrorBoundary, DocumentViewerDialog } from "~/modules/assistants/assistant-dialogs";
import { documentViewerLoader } from "~/modules/assistants/assistants.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? data.document.nameDocument : "Documento" }];

export const loader = ({ request, params }: LoaderFunctionArgs) => documentViewerLoader(request, params);

export default function ViewDocument() {
  const loaded = useLoaderData<typeof loader>();
  return <DocumentViewerDialog {...loaded} />;
}

export function ErrorBoundary() {
  return <AssistantDialogErrorBoundary />;
}
