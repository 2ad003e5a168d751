import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CatalogDialog, CatalogDialogErrorBoundary } from "~/modules/content/catalog-dialogs";
import { readForm } from "~/lib/http.server";
import { requireAccess } from "~/modules/auth/guard.server";
import { CONTENT_CONSTRAINTS } from "~/modules/content/constraints.server";
import { CATALOGS_PATH, CATALOG_TEXTS } from "~/modules/content/catalogs";
import { emptyCatalog } from "~/modules/content/catalogs.server";
import { catalogFormStep } from "~/web/content/catalog-form.server";
import { answerDialogStep } from "~/web/content/dialog-answer.server";

export const meta: MetaFunction = () => [{ title: "Nuevo catálogo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request);
  return { catalog: null, loaded: emptyCatalog(), constraint: CONTENT_CONSTRAINTS.catalog };
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request);
  const step = await catalogFormStep(null, await readForm(request), actor);
  return answerDialogStep(request, step, { listPath: CATALOGS_PATH, notFoundText: CATALOG_TEXTS.notFoundText, toast: { title: CATALOG_TEXTS.saved, message: CATALOG_TEXTS.savedMessage } });
}

export default function NewCatalog() {
  const { loaded, constraint } = useLoaderData<typeof loader>();
  return <CatalogDialog catalogId={null} loaded={loaded} constraint={constraint} answer={useActionData<typeof action>()} canDelete={false} />;
}

export function ErrorBoundary() {
  return <CatalogDialogErrorBoundary />;
}
