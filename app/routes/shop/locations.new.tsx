import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { locationDialogAction, locationDialogLoader } from "~/routes/shop/location-route.server";
import { LocationDialogRoute } from "~/routes/shop/location-dialog-route";

export const meta: MetaFunction = () => [{ title: "Nueva ubicación" }];

export const loader = ({ request, url }: LoaderFunctionArgs) => locationDialogLoader(request, url, null);

export const action = ({ request, url }: ActionFunctionArgs) => locationDialogAction(request, url, null);

export default LocationDialogRoute;

export { LocationDialogErrorBoundary as ErrorBoundary } from "~/routes/shop/location-dialogs";
