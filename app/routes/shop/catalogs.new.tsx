import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { catalogDialogAction, catalogDialogLoader } from "~/routes/shop/catalog-route.server";
import { CatalogDialogRoute } from "~/routes/shop/catalog-dialog-route";

export const meta: MetaFunction = () => [{ title: "Nuevo catálogo" }];

export const loader = ({ request }: LoaderFunctionArgs) => catalogDialogLoader(request, null);

export const action = ({ request }: ActionFunctionArgs) => catalogDialogAction(request, null);

export default CatalogDialogRoute;

export { CatalogDialogErrorBoundary as ErrorBoundary } from "~/routes/shop/catalog-dialogs";
