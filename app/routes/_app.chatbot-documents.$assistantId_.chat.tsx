import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AssistantDialogErrorBoundary } from "~/modules/assistants/assistant-dialogs";
import { chatAction, chatLoader } from "~/modules/assistants/assistants.server";
import { ChatDialog } from "~/modules/assistants/chat";
import { EMPTY_CONVERSATION } from "~/modules/assistants/rules";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Chat con ${data.assistant.name}` : "Chat" }];

export const loader = ({ request, params }: LoaderFunctionArgs) => chatLoader(request, params);

export const action = ({ request, params }: ActionFunctionArgs) => chatAction(request, params);

export default function AssistantChat() {
  const { assistant } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <ChatDialog key={assistant.id} assistant={assistant} conversation={answer?.conversation ?? EMPTY_CONVERSATION} />;
}

export function ErrorBoundary() {
  return <AssistantDialogErrorBoundary />;
}
