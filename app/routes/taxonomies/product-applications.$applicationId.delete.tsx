import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { TaxonomyDeleteRoute, TaxonomyDialogErrorBoundary } from "~/routes/taxonomies/simple-taxonomy-dialogs";
import { forKind } from "~/routes/taxonomies/taxonomy-kind-route";
import { taxonomyDeleteAction, taxonomyDeleteLoader } from "~/routes/taxonomies/simple-taxonomy-route.server";

export const meta: MetaFunction = () => [{ title: "Eliminar aplicación" }];

export const loader = ({ request, url, params }: LoaderFunctionArgs) => taxonomyDeleteLoader("applications", request, url, params);

export const action = ({ request, url, params }: ActionFunctionArgs) => taxonomyDeleteAction("applications", request, url, params);

export default forKind(TaxonomyDeleteRoute, "applications");

export const ErrorBoundary = forKind(TaxonomyDialogErrorBoundary, "applications");
