import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TaxonomyDeleteDialog, TaxonomyDialogErrorBoundary } from "~/modules/catalog/simple-taxonomy-dialogs";
import { taxonomyDeleteAction, taxonomyDeleteLoader } from "~/web/catalog/simple-taxonomy-route.server";

export const meta: MetaFunction = () => [{ title: "Eliminar sector" }];

export const loader = ({ request, params }: LoaderFunctionArgs) => taxonomyDeleteLoader("sectors", request, params);

export const action = ({ request, params }: ActionFunctionArgs) => taxonomyDeleteAction("sectors", request, params);

export default function DeleteSector() {
  const { item, productCount } = useLoaderData<typeof loader>();
  return <TaxonomyDeleteDialog kind="sectors" item={item} productCount={productCount} />;
}

export function ErrorBoundary() {
  return <TaxonomyDialogErrorBoundary kind="sectors" />;
}
