import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { notFound } from "~/lib/http.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { AssistantDialogErrorBoundary, DocumentViewerDialog } from "~/routes/chatbot-documents/assistant-dialogs";
import { assistantOf, documentOf, documentSheet } from "~/modules/assistants/assistants.server";
import { ASSISTANT_TEXTS, parseViewerQuery } from "~/modules/assistants/rules";

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [{ title: data ? data.document.nameDocument : "Documento" }];

export async function loader({ request, url, params }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  const assistant = (await assistantOf(params.assistantId)) ?? notFound(ASSISTANT_TEXTS.notFoundText);
  const document = (await documentOf(assistant, params.documentId)) ?? notFound(ASSISTANT_TEXTS.documentNotFoundText);
  const { sheet } = parseViewerQuery(url);
  return { assistant, document, ...(await documentSheet(assistant, document, sheet)) };
}

export default function ViewDocument() {
  const loaded = useLoaderData<typeof loader>();
  return <DocumentViewerDialog {...loaded} />;
}

export function ErrorBoundary() {
  return <AssistantDialogErrorBoundary />;
}
