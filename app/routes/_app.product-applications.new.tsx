import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { TaxonomyDialogErrorBoundary, TaxonomyEditRoute } from "~/modules/catalog/simple-taxonomy-dialogs";
import { forKind } from "~/web/catalog/taxonomy-kind-route";
import { taxonomyNewLoader, taxonomySaveAction } from "~/web/catalog/simple-taxonomy-route.server";

export const meta: MetaFunction = () => [{ title: "Nueva aplicación" }];

export const loader = ({ request }: LoaderFunctionArgs) => taxonomyNewLoader("applications", request);

export const action = ({ request, params }: ActionFunctionArgs) => taxonomySaveAction("applications", request, params, "create");

export default forKind(TaxonomyEditRoute, "applications");

export const ErrorBoundary = forKind(TaxonomyDialogErrorBoundary, "applications");
