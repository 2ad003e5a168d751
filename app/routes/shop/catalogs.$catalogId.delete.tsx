import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { CatalogDeleteDialog, CatalogDialogErrorBoundary } from "~/routes/shop/catalog-dialogs";
import { listUrlOf, notFound, paramOr404 } from "~/lib/http.server";
import { requireFeature } from "~/lib/auth/guard.server";
import { CATALOGS_PATH, CATALOG_TEXTS } from "~/modules/content/catalogs";
import { deleteCatalog, getCatalog } from "~/modules/content/catalogs.server";
import { ContentIdSchema } from "~/modules/content/locations";
import { backToListOr404 } from "~/routes/shop/dialog-answer.server";

export const meta: MetaFunction = () => [{ title: "Eliminar catálogo" }];

/** Without the permission the refusal lands on the catalogue's own dialog. */
function catalogIdAndDialog(url: URL, params: LoaderFunctionArgs["params"]) {
  const id = paramOr404(ContentIdSchema, params.catalogId, CATALOG_TEXTS.notFoundText);
  return { id, dialog: listUrlOf(`${CATALOGS_PATH}/${id}`, url) };
}

export async function loader({ request, url, params }: LoaderFunctionArgs) {
  const { id, dialog } = catalogIdAndDialog(url, params);
  await requireFeature(request, url, "catalogs.delete", dialog);
  const catalog = (await getCatalog(id)) ?? notFound(CATALOG_TEXTS.notFoundText);
  return { catalog: { id: catalog.id, title: catalog.title, subtitleCount: catalog.subtitles.length } };
}

export async function action({ request, url, params }: ActionFunctionArgs) {
  const { id, dialog } = catalogIdAndDialog(url, params);
  const actor = await requireFeature(request, url, "catalogs.delete", dialog);
  const deleted = await deleteCatalog(id, actor);
  return backToListOr404(url, deleted.ok, {
    listPath: CATALOGS_PATH,
    notFoundText: CATALOG_TEXTS.notFoundText,
    toast: { title: CATALOG_TEXTS.deleted, message: CATALOG_TEXTS.deletedMessage },
  });
}

export default function DeleteCatalog() {
  const { catalog } = useLoaderData<typeof loader>();
  return <CatalogDeleteDialog catalog={catalog} />;
}

export function ErrorBoundary() {
  return <CatalogDialogErrorBoundary />;
}
