import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { can } from "~/lib/access";
import { useAppUser } from "~/lib/use-app-user";
import { CatalogDialog, CatalogDialogErrorBoundary } from "~/modules/content/catalog-dialogs";
import { readForm } from "~/lib/http.server";
import { requireAccess } from "~/modules/auth/guard.server";
import { CONTENT_CONSTRAINTS } from "~/modules/content/constraints.server";
import { CATALOGS_PATH, CATALOG_TEXTS } from "~/modules/content/catalogs";
import { catalogLoaded, getCatalog } from "~/modules/content/catalogs.server";
import { catalogFormStep } from "~/web/content/catalog-form.server";
import { answerDialogStep, recordOr404 } from "~/web/content/dialog-answer.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Catálogo ${data.catalog.id}` : "Catálogo" }];

const storedCatalog = (params: LoaderFunctionArgs["params"]) => recordOr404(params.catalogId, getCatalog, CATALOG_TEXTS.notFoundText);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request);
  const catalog = await storedCatalog(params);
  return { catalog: { id: catalog.id }, loaded: await catalogLoaded(catalog), constraint: CONTENT_CONSTRAINTS.catalog };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request);
  const stored = await storedCatalog(params);
  const step = await catalogFormStep(stored, await readForm(request), actor);
  return answerDialogStep(request, step, { listPath: CATALOGS_PATH, notFoundText: CATALOG_TEXTS.notFoundText, toast: { title: CATALOG_TEXTS.saved, message: CATALOG_TEXTS.savedMessage } });
}

export default function EditCatalog() {
  const { catalog, loaded, constraint } = useLoaderData<typeof loader>();
  const user = useAppUser();
  return <CatalogDialog key={catalog.id} catalogId={catalog.id} loaded={loaded} constraint={constraint} answer={useActionData<typeof action>()} canDelete={can(user, "catalogs.delete")} />;
}

export function ErrorBoundary() {
  return <CatalogDialogErrorBoundary />;
}
