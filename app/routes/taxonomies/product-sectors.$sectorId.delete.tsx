import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { TaxonomyDeleteRoute, TaxonomyDialogErrorBoundary } from "~/routes/taxonomies/simple-taxonomy-dialogs";
import { forKind } from "~/routes/taxonomies/taxonomy-kind-route";
import { taxonomyDeleteAction, taxonomyDeleteLoader } from "~/routes/taxonomies/simple-taxonomy-route.server";

export const meta: MetaFunction = () => [{ title: "Eliminar sector" }];

export const loader = ({ request, url, params }: LoaderFunctionArgs) => taxonomyDeleteLoader("sectors", request, url, params);

export const action = ({ request, url, params }: ActionFunctionArgs) => taxonomyDeleteAction("sectors", request, url, params);

export default forKind(TaxonomyDeleteRoute, "sectors");

export const ErrorBoundary = forKind(TaxonomyDialogErrorBoundary, "sectors");
