import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { notFound, readForm } from "~/lib/http.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { AssistantDialogErrorBoundary } from "~/routes/chatbot-documents/assistant-dialogs";
import { assistantOf, chatTurn, countDocuments } from "~/modules/assistants/assistants.server";
import { ChatDialog } from "~/routes/chatbot-documents/chat";
import { ASSISTANT_CONSTRAINTS } from "~/modules/assistants/constraints.server";
import { ASSISTANT_TEXTS, ChatFormSchema, EMPTY_CONVERSATION, cleanQuestion, parseConversation } from "~/modules/assistants/rules";

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [{ title: data ? `Chat con ${data.assistant.name}` : "Chat" }];

export async function loader({ request, url, params }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  const assistant = (await assistantOf(params.assistantId)) ?? notFound(ASSISTANT_TEXTS.notFoundText);
  return { assistant, documents: await countDocuments(assistant.id), constraint: ASSISTANT_CONSTRAINTS.chat };
}

/** A chat turn. The conversation so far comes back in the form and goes out whole: nothing stays in the browser. */
export async function action({ request, url, params }: ActionFunctionArgs) {
  await requireAccess(request, url);
  const assistant = (await assistantOf(params.assistantId)) ?? notFound(ASSISTANT_TEXTS.notFoundText);
  const form = await readForm(request);
  const conversation = parseConversation(form.get("conversation"));
  const posted = ChatFormSchema.safeParse({ question: form.get("question") ?? undefined });
  const question = cleanQuestion(posted.success ? posted.data.question : null);
  if (!question) return { conversation };
  return { conversation: await chatTurn(assistant, conversation, question) };
}

export default function AssistantChat() {
  const { assistant, constraint } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <ChatDialog
      key={assistant.id}
      assistant={assistant}
      constraint={constraint}
      conversation={answer?.conversation ?? EMPTY_CONVERSATION}
    />
  );
}

export function ErrorBoundary() {
  return <AssistantDialogErrorBoundary />;
}
