import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CatalogDeleteDialog, CatalogDialogErrorBoundary } from "~/modules/content/catalog-dialogs";
import { catalogDeleteAction, catalogDeleteLoader } from "~/modules/content/catalogs.server";

export const meta: MetaFunction = () => [{ title: "Eliminar catálogo" }];

export const loader = ({ request, params }: LoaderFunctionArgs) => catalogDeleteLoader(request, params);

export const action = ({ request, params }: ActionFunctionArgs) => catalogDeleteAction(request, params);

export default function DeleteCatalog() {
  const { catalog } = useLoaderData<typeof loader>();
  return <CatalogDeleteDialog catalog={catalog} />;
}

export function ErrorBoundary() {
  return <CatalogDialogErrorBoundary />;
}
