import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { catalogDialogAction, catalogDialogLoader } from "~/routes/shop/catalog-route.server";
import { CatalogDialogRoute } from "~/routes/shop/catalog-dialog-route";

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [
  { title: data?.catalog ? `Catálogo ${data.catalog.id}` : "Catálogo" },
];

export const loader = ({ request, url, params }: LoaderFunctionArgs) => catalogDialogLoader(request, url, params.catalogId);

export const action = ({ request, url, params }: ActionFunctionArgs) => catalogDialogAction(request, url, params.catalogId);

export default CatalogDialogRoute;

export { CatalogDialogErrorBoundary as ErrorBoundary } from "~/routes/shop/catalog-dialogs";
