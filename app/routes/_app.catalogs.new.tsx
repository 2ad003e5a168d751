import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { catalogDialogAction, catalogDialogLoader } from "~/web/content/catalog-route.server";
import { CatalogDialogRoute } from "~/web/content/catalog-dialog-route";

export const meta: MetaFunction = () => [{ title: "Nuevo catálogo" }];

export const loader = ({ request }: LoaderFunctionArgs) => catalogDialogLoader(request, null);

export const action = ({ request }: ActionFunctionArgs) => catalogDialogAction(request, null);

export default CatalogDialogRoute;

export { CatalogDialogErrorBoundary as ErrorBoundary } from "~/modules/content/catalog-dialogs";
