import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { TaxonomyDialogErrorBoundary, TaxonomyEditRoute } from "~/routes/taxonomies/simple-taxonomy-dialogs";
import { forKind } from "~/routes/taxonomies/taxonomy-kind-route";
import { taxonomyItemLoader, taxonomySaveAction } from "~/routes/taxonomies/simple-taxonomy-route.server";

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [{ title: data ? `Aplicación ${data.item.id}` : "Aplicación" }];

export const loader = ({ request, url, params }: LoaderFunctionArgs) => taxonomyItemLoader("applications", request, url, params);

export const action = ({ request, url, params }: ActionFunctionArgs) => taxonomySaveAction("applications", request, url, params, "update");

export default forKind(TaxonomyEditRoute, "applications");

export const ErrorBoundary = forKind(TaxonomyDialogErrorBoundary, "applications");
