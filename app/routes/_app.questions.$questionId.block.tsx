import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { ModerationDialog } from "~/modules/questions/moderation-dialog";
import { moderationAction, moderationLoader } from "~/modules/questions/moderation.server";

export const meta: MetaFunction = () => [{ title: "Bloquear comprador" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return moderationLoader(request, params);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return moderationAction(request, params, "block");
}

export default function BlockQuestionDialog() {
  const { question } = useLoaderData<typeof loader>();
  return <ModerationDialog kind="block" question={question} />;
}

export function ErrorBoundary() {
  return <DialogErrorBoundary listPath="/questions" notFoundTitle="Pregunta no encontrada" notFoundText="La pregunta no existe o fue eliminada." />;
}
