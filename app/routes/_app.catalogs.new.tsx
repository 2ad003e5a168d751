import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CatalogDialog, CatalogDialogErrorBoundary } from "~/modules/content/catalog-dialogs";
import { listUrlOf, notFound, readForm } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/modules/auth/guard.server";
import { CATALOGS_PATH, CATALOG_TEXTS } from "~/modules/content/catalogs";
import { catalogFormStep, emptyCatalogForm } from "~/modules/content/catalogs.server";

export const meta: MetaFunction = () => [{ title: "Nuevo catálogo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request);
  return { catalog: null, form: emptyCatalogForm() };
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request);
  const step = await catalogFormStep(null, await readForm(request), actor);
  if (step.kind === "form") return data({ form: step.form }, { status: step.status });
  if (step.kind === "not-found") notFound(CATALOG_TEXTS.notFoundText);
  return redirectWithToast(listUrlOf(CATALOGS_PATH, request), { title: CATALOG_TEXTS.saved, message: CATALOG_TEXTS.savedMessage, variant: "success" });
}

export default function NewCatalog() {
  const { form } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  return <CatalogDialog catalogId={null} state={posted?.form ?? form} canDelete={false} />;
}

export function ErrorBoundary() {
  return <CatalogDialogErrorBoundary />;
}
