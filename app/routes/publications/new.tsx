import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import type { ClientLoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { requireAccess } from "~/lib/auth/guard.server";
import { handleEditorAction, loadEditor } from "~/routes/publications/editor-action.server";
import { PUBLICATION_CONSTRAINT } from "~/modules/publications/constraints.server";
import { loadEditorDetails, PublicationEditorRoute } from "~/routes/publications/publication-form";

export const meta: MetaFunction = () => [{ title: "Nueva publicación" }];

export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  const { view } = await loadEditor(null);
  return { view, constraint: PUBLICATION_CONSTRAINT };
}

/** A navigation to the editor waits for the code of its lower sections too: the dialog opens whole. */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const [data] = await Promise.all([serverLoader<typeof loader>(), loadEditorDetails()]);
  return data;
}

export async function action({ request, url }: ActionFunctionArgs) {
  const user = await requireAccess(request, url);
  return handleEditorAction(request, url, null, user.id);
}

export default function NewPublication() {
  const { view, constraint } = useLoaderData<typeof loader>();
  return <PublicationEditorRoute view={view} constraint={constraint} />;
}

export function ErrorBoundary() {
  return (
    <DialogErrorBoundary
      listPath="/publications"
      notFoundTitle="Publicación no encontrada"
      notFoundText="La publicación no existe o fue eliminada."
    />
  );
}
