import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TaxonomyDeleteDialog, TaxonomyDialogErrorBoundary } from "~/modules/catalog/simple-taxonomy-dialogs";
import { taxonomyDeleteAction, taxonomyDeleteLoader } from "~/web/catalog/simple-taxonomy-route.server";

export const meta: MetaFunction = () => [{ title: "Eliminar aplicación" }];

export const loader = ({ request, params }: LoaderFunctionArgs) => taxonomyDeleteLoader("applications", request, params);

export const action = ({ request, params }: ActionFunctionArgs) => taxonomyDeleteAction("applications", request, params);

export default function DeleteApplication() {
  const { item, productCount } = useLoaderData<typeof loader>();
  return <TaxonomyDeleteDialog kind="applications" item={item} productCount={productCount} />;
}

export function ErrorBoundary() {
  return <TaxonomyDialogErrorBoundary kind="applications" />;
}
