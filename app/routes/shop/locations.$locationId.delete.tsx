import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { locationDeleteAction, locationDeleteLoader } from "~/routes/shop/location-route.server";
import { LocationDeleteRoute } from "~/routes/shop/location-dialog-route";

export const meta: MetaFunction = () => [{ title: "Eliminar ubicación" }];

export const loader = ({ request, url, params }: LoaderFunctionArgs) => locationDeleteLoader(request, url, params.locationId);

export const action = ({ request, url, params }: ActionFunctionArgs) => locationDeleteAction(request, url, params.locationId);

export default LocationDeleteRoute;

export { LocationDialogErrorBoundary as ErrorBoundary } from "~/routes/shop/location-dialogs";
