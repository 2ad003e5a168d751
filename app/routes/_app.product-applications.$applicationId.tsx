import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { TaxonomyDialogErrorBoundary, TaxonomyEditRoute } from "~/modules/catalog/simple-taxonomy-dialogs";
import { taxonomyItemLoader, taxonomySaveAction } from "~/web/catalog/simple-taxonomy-route.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Aplicación ${data.item.id}` : "Aplicación" }];

export const loader = ({ request, params }: LoaderFunctionArgs) => taxonomyItemLoader("applications", request, params);

export const action = ({ request, params }: ActionFunctionArgs) => taxonomySaveAction("applications", request, params, "update");

export default function EditApplication() {
  return <TaxonomyEditRoute kind="applications" />;
}

export function ErrorBoundary() {
  return <TaxonomyDialogErrorBoundary kind="applications" />;
}
