import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { catalogDialogAction, catalogDialogLoader } from "~/routes/shop/catalog-route.server";
import { CatalogDialogRoute } from "~/routes/shop/catalog-dialog-route";

export const meta: MetaFunction = () => [{ title: "Nuevo catálogo" }];

export const loader = ({ request, url }: LoaderFunctionArgs) => catalogDialogLoader(request, url, null);

export const action = ({ request, url }: ActionFunctionArgs) => catalogDialogAction(request, url, null);

export default CatalogDialogRoute;

export { CatalogDialogErrorBoundary as ErrorBoundary } from "~/routes/shop/catalog-dialogs";
