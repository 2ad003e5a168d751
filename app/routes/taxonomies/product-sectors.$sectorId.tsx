import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { TaxonomyDialogErrorBoundary, TaxonomyEditRoute } from "~/routes/taxonomies/simple-taxonomy-dialogs";
import { forKind } from "~/routes/taxonomies/taxonomy-kind-route";
import { taxonomyItemLoader, taxonomySaveAction } from "~/routes/taxonomies/simple-taxonomy-route.server";

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [{ title: data ? `Sector ${data.item.id}` : "Sector" }];

export const loader = ({ request, url, params }: LoaderFunctionArgs) => taxonomyItemLoader("sectors", request, url, params);

export const action = ({ request, url, params }: ActionFunctionArgs) => taxonomySaveAction("sectors", request, url, params, "update");

export default forKind(TaxonomyEditRoute, "sectors");

export const ErrorBoundary = forKind(TaxonomyDialogErrorBoundary, "sectors");
