import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CatalogDeleteDialog, CatalogDialogErrorBoundary } from "~/modules/content/catalog-dialogs";
import { listUrlOf, notFound, paramOr404 } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireFeature } from "~/modules/auth/guard.server";
import { CATALOGS_PATH, CATALOG_TEXTS } from "~/modules/content/catalogs";
import { deleteCatalog, getCatalog } from "~/modules/content/catalogs.server";
import { ContentIdSchema } from "~/modules/content/locations";

export const meta: MetaFunction = () => [{ title: "Eliminar catálogo" }];

/** Without the permission the refusal lands on the catalogue's own dialog. */
function catalogIdAndDialog(request: Request, params: LoaderFunctionArgs["params"]) {
  const id = paramOr404(ContentIdSchema, params.catalogId, CATALOG_TEXTS.notFoundText);
  return { id, dialog: `${CATALOGS_PATH}/${id}${new URL(request.url).search}` };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { id, dialog } = catalogIdAndDialog(request, params);
  await requireFeature(request, "catalogs.delete", dialog);
  const catalog = (await getCatalog(id)) ?? notFound(CATALOG_TEXTS.notFoundText);
  return { catalog: { id: catalog.id, title: catalog.title, subtitleCount: catalog.subtitles.length } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { id, dialog } = catalogIdAndDialog(request, params);
  const actor = await requireFeature(request, "catalogs.delete", dialog);
  const deleted = await deleteCatalog(id, actor);
  if (!deleted.ok) notFound(CATALOG_TEXTS.notFoundText);
  return redirectWithToast(listUrlOf(CATALOGS_PATH, request), { title: CATALOG_TEXTS.deleted, message: CATALOG_TEXTS.deletedMessage, variant: "success" });
}

export default function DeleteCatalog() {
  const { catalog } = useLoaderData<typeof loader>();
  return <CatalogDeleteDialog catalog={catalog} />;
}

export function ErrorBoundary() {
  return <CatalogDialogErrorBoundary />;
}
