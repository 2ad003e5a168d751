import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { locationDialogAction, locationDialogLoader } from "~/routes/shop/location-route.server";
import { LocationDialogRoute } from "~/routes/shop/location-dialog-route";

export const meta: MetaFunction = () => [{ title: "Nueva ubicación" }];

export const loader = ({ request }: LoaderFunctionArgs) => locationDialogLoader(request, null);

export const action = ({ request }: ActionFunctionArgs) => locationDialogAction(request, null);

export default LocationDialogRoute;

export { LocationDialogErrorBoundary as ErrorBoundary } from "~/routes/shop/location-dialogs";
