import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { can } from "~/lib/access";
import { useAppUser } from "~/lib/use-app-user";
import { CatalogDialog, CatalogDialogErrorBoundary } from "~/modules/content/catalog-dialogs";
import { notFound, paramOr404, readForm } from "~/lib/http.server";
import { requireAccess } from "~/modules/auth/guard.server";
import { CATALOGS_PATH, CATALOG_TEXTS } from "~/modules/content/catalogs";
import { catalogLoaded, getCatalog } from "~/modules/content/catalogs.server";
import { catalogFormStep } from "~/web/content/catalog-form.server";
import { answerDialogStep } from "~/web/content/dialog-answer.server";
import { ContentIdSchema } from "~/modules/content/locations";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Catálogo ${data.catalog.id}` : "Catálogo" }];

async function storedCatalog(params: LoaderFunctionArgs["params"]) {
  const catalog = await getCatalog(paramOr404(ContentIdSchema, params.catalogId, CATALOG_TEXTS.notFoundText));
  return catalog ?? notFound(CATALOG_TEXTS.notFoundText);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request);
  const catalog = await storedCatalog(params);
  return { catalog: { id: catalog.id }, loaded: await catalogLoaded(catalog) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request);
  const stored = await storedCatalog(params);
  const step = await catalogFormStep(stored, await readForm(request), actor);
  return answerDialogStep(request, step, { listPath: CATALOGS_PATH, notFoundText: CATALOG_TEXTS.notFoundText, saved: { title: CATALOG_TEXTS.saved, message: CATALOG_TEXTS.savedMessage } });
}

export default function EditCatalog() {
  const { catalog, loaded } = useLoaderData<typeof loader>();
  const user = useAppUser();
  return <CatalogDialog key={catalog.id} catalogId={catalog.id} loaded={loaded} answer={useActionData<typeof action>()} canDelete={can(user, "catalogs.delete")} />;
}

export function ErrorBoundary() {
  return <CatalogDialogErrorBoundary />;
}
