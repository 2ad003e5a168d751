import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { catalogDialogAction, catalogDialogLoader } from "~/routes/shop/catalog-route.server";
import { CatalogDialogRoute } from "~/routes/shop/catalog-dialog-route";

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [
  { title: data?.catalog ? `Catálogo ${data.catalog.id}` : "Catálogo" },
];

export const loader = ({ request, params }: LoaderFunctionArgs) => catalogDialogLoader(request, params.catalogId);

export const action = ({ request, params }: ActionFunctionArgs) => catalogDialogAction(request, params.catalogId);

export default CatalogDialogRoute;

export { CatalogDialogErrorBoundary as ErrorBoundary } from "~/routes/shop/catalog-dialogs";
