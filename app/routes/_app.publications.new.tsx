import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { requireAccess } from "~/modules/auth/guard.server";
import { handleEditorAction, loadEditor, type EditorActionData } from "~/web/publications/editor-action.server";
import { PublicationDialog } from "~/modules/publications/publication-form";

export const meta: MetaFunction = () => [{ title: "Nueva publicación" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request);
  const { view } = await loadEditor(null);
  return { view };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAccess(request);
  return handleEditorAction(request, null, user.id);
}

export default function NewPublication() {
  const { view } = useLoaderData<typeof loader>();
  const answer = useActionData<EditorActionData>();
  const { search } = useLocation();
  return (
    <PublicationDialog
      view={answer?.view ?? view}
      result={answer?.result}
      toast={answer?.toast ?? null}
      library={answer?.library ?? null}
      revision={answer?.revision ?? "initial"}
      closeTo={`/publications${search}`}
      action={`/publications/new${search}`}
    />
  );
}

export function ErrorBoundary() {
  return <DialogErrorBoundary listPath="/publications" notFoundTitle="Publicación no encontrada" notFoundText="La publicación no existe o fue eliminada." />;
}
