import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { TaxonomyDialogErrorBoundary, TaxonomyEditRoute } from "~/routes/taxonomies/simple-taxonomy-dialogs";
import { forKind } from "~/routes/taxonomies/taxonomy-kind-route";
import { taxonomyNewLoader, taxonomySaveAction } from "~/routes/taxonomies/simple-taxonomy-route.server";

export const meta: MetaFunction = () => [{ title: "Nuevo sector" }];

export const loader = ({ request, url }: LoaderFunctionArgs) => taxonomyNewLoader("sectors", request, url);

export const action = ({ request, url, params }: ActionFunctionArgs) => taxonomySaveAction("sectors", request, url, params, "create");

export default forKind(TaxonomyEditRoute, "sectors");

export const ErrorBoundary = forKind(TaxonomyDialogErrorBoundary, "sectors");
