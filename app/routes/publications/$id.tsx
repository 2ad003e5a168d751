import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import type { ClientLoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { requireAccess } from "~/lib/auth/guard.server";
import { handleEditorAction, loadEditor } from "~/routes/publications/editor-action.server";
import { PUBLICATION_CONSTRAINT } from "~/modules/publications/constraints.server";
import { loadEditorDetails, PublicationEditorRoute } from "~/routes/publications/publication-form";
import { PublicationIdSchema } from "~/modules/publications/schemas";

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [
  { title: data ? `Publicación ${data.view.draft.id}` : "Publicación" },
];

function publicationId(params: { id?: string }): string {
  const parsed = PublicationIdSchema.safeParse(params.id ?? "");
  if (!parsed.success) throw new Response("La publicación no existe.", { status: 404 });
  return parsed.data;
}

export async function loader({ request, url, params }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  const { view } = await loadEditor(publicationId(params));
  return { view, constraint: PUBLICATION_CONSTRAINT };
}

/** A navigation to the editor waits for the code of its lower sections too: the dialog opens whole. */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const [data] = await Promise.all([serverLoader<typeof loader>(), loadEditorDetails()]);
  return data;
}

export async function action({ request, url, params }: ActionFunctionArgs) {
  const user = await requireAccess(request, url);
  return handleEditorAction(request, url, publicationId(params), user.id);
}

export default function EditPublication() {
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
