import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { notFound } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { DocumentDeleteDialog } from "~/routes/chatbot-documents/assistant-dialogs";
import { answerDelete } from "~/routes/chatbot-documents/delete-answer.server";
import { assistantDialogUrl, assistantOf, deleteDocument, documentOf } from "~/modules/assistants/assistants.server";
import { ASSISTANT_MESSAGES, ASSISTANT_TEXTS, mayChangeDocuments } from "~/modules/assistants/rules";

export const meta: MetaFunction = () => [{ title: "Eliminar documento" }];

/** The assistant and document the URL names, for a user allowed to change its documents. */
async function deletable(url: URL, params: LoaderFunctionArgs["params"], user: { role: string }) {
  const assistant = (await assistantOf(params.assistantId)) ?? notFound(ASSISTANT_TEXTS.notFoundText);
  const document = (await documentOf(assistant, params.documentId)) ?? notFound(ASSISTANT_TEXTS.documentNotFoundText);
  const back = assistantDialogUrl(url.search, assistant.id);
  if (!mayChangeDocuments(user.role, assistant.restricted)) {
    throw await redirectWithToast(back, {
      title: ASSISTANT_TEXTS.forbiddenTitle,
      message: ASSISTANT_TEXTS.forbiddenText,
      variant: "danger",
    });
  }
  return { assistant, document, back };
}

export async function loader({ request, url, params }: LoaderFunctionArgs) {
  const user = await requireAccess(request, url);
  const { assistant, document } = await deletable(url, params, user);
  return { assistant, document };
}

export async function action({ request, url, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request, url);
  const { assistant, document, back } = await deletable(url, params, actor);
  const deleted = await deleteDocument(assistant, document, actor);
  return answerDelete(back, deleted, { title: ASSISTANT_TEXTS.documentDeleted, message: ASSISTANT_MESSAGES.deleted });
}

export default function DeleteDocument() {
  const { assistant, document } = useLoaderData<typeof loader>();
  return <DocumentDeleteDialog assistant={assistant} document={document} />;
}

export { AssistantDialogErrorBoundary as ErrorBoundary } from "~/routes/chatbot-documents/assistant-dialogs";
