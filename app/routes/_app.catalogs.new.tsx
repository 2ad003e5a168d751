import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CatalogDialog, CatalogDialogErrorBoundary } from "~/modules/content/catalog-dialogs";
import { listUrlOf, notFound, readForm } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/modules/auth/guard.server";
import { CATALOGS_PATH, CATALOG_TEXTS } from "~/modules/content/catalogs";
import { emptyCatalog } from "~/modules/content/catalogs.server";
import { catalogFormStep } from "~/web/content/catalog-form.server";

export const meta: MetaFunction = () => [{ title: "Nuevo catálogo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request);
  return { catalog: null, loaded: emptyCatalog() };
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request);
  const step = await catalogFormStep(null, await readForm(request), actor);
  if (step.kind === "bad-form") throw new Response("No se pudo leer el formulario.", { status: 400 });
  if (step.kind === "form") return data(step.answer, { status: step.status });
  if (step.kind === "not-found") notFound(CATALOG_TEXTS.notFoundText);
  return redirectWithToast(listUrlOf(CATALOGS_PATH, request), { title: CATALOG_TEXTS.saved, message: CATALOG_TEXTS.savedMessage, variant: "success" });
}

export default function NewCatalog() {
  const { loaded } = useLoaderData<typeof loader>();
  return <CatalogDialog catalogId={null} loaded={loaded} answer={useActionData<typeof action>()} canDelete={false} />;
}

export function ErrorBoundary() {
  return <CatalogDialogErrorBoundary />;
}
