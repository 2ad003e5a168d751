import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { locationDialogAction, locationDialogLoader } from "~/routes/shop/location-route.server";
import { LocationDialogRoute } from "~/routes/shop/location-dialog-route";

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [
  { title: data?.location ? `Ubicación ${data.location.id}` : "Ubicación" },
];

export const loader = ({ request, params }: LoaderFunctionArgs) => locationDialogLoader(request, params.locationId);

export const action = ({ request, params }: ActionFunctionArgs) => locationDialogAction(request, params.locationId);

export default LocationDialogRoute;

export { LocationDialogErrorBoundary as ErrorBoundary } from "~/routes/shop/location-dialogs";
