import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { TaxonomyDialogErrorBoundary, TaxonomyEditRoute } from "~/modules/catalog/simple-taxonomy-dialogs";
import { forKind } from "~/web/catalog/taxonomy-kind-route";
import { taxonomyNewLoader, taxonomySaveAction } from "~/web/catalog/simple-taxonomy-route.server";

export const meta: MetaFunction = () => [{ title: "Nuevo sector" }];

export const loader = ({ request }: LoaderFunctionArgs) => taxonomyNewLoader("sectors", request);

export const action = ({ request, params }: ActionFunctionArgs) => taxonomySaveAction("sectors", request, params, "create");

export default forKind(TaxonomyEditRoute, "sectors");

export const ErrorBoundary = forKind(TaxonomyDialogErrorBoundary, "sectors");
