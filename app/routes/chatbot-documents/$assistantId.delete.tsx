import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { notFound } from "~/lib/http.server";
import { requireFeature } from "~/lib/auth/guard.server";
import { AssistantDeleteDialog } from "~/routes/chatbot-documents/assistant-dialogs";
import { answerDelete } from "~/routes/chatbot-documents/delete-answer.server";
import { assistantOf, assistantsListUrl, countDocuments, deleteAssistant } from "~/modules/assistants/assistants.server";
import { ASSISTANT_MESSAGES, ASSISTANT_TEXTS } from "~/modules/assistants/rules";

export const meta: MetaFunction = () => [{ title: "Eliminar asistente" }];

export async function loader({ request, url, params }: LoaderFunctionArgs) {
  await requireFeature(request, url, "assistants.delete", assistantsListUrl(url.search));
  const assistant = (await assistantOf(params.assistantId)) ?? notFound(ASSISTANT_TEXTS.notFoundText);
  return { assistant, documents: await countDocuments(assistant.id) };
}

export async function action({ request, url, params }: ActionFunctionArgs) {
  const listUrl = assistantsListUrl(url.search);
  const actor = await requireFeature(request, url, "assistants.delete", listUrl);
  const assistant = (await assistantOf(params.assistantId)) ?? notFound(ASSISTANT_TEXTS.notFoundText);
  const deleted = await deleteAssistant(assistant, actor);
  return answerDelete(listUrl, deleted, { title: ASSISTANT_TEXTS.deleted, message: ASSISTANT_MESSAGES.deleted });
}

export default function DeleteAssistant() {
  const { assistant, documents } = useLoaderData<typeof loader>();
  return <AssistantDeleteDialog assistant={assistant} documents={documents} />;
}

export { AssistantDialogErrorBoundary as ErrorBoundary } from "~/routes/chatbot-documents/assistant-dialogs";
