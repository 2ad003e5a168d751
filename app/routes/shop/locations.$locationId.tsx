import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { locationDialogAction, locationDialogLoader } from "~/routes/shop/location-route.server";
import { LocationDialogRoute } from "~/routes/shop/location-dialog-route";

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [
  { title: data?.location ? `Ubicación ${data.location.id}` : "Ubicación" },
];

export const loader = ({ request, url, params }: LoaderFunctionArgs) => locationDialogLoader(request, url, params.locationId);

export const action = ({ request, url, params }: ActionFunctionArgs) => locationDialogAction(request, url, params.locationId);

export default LocationDialogRoute;

export { LocationDialogErrorBoundary as ErrorBoundary } from "~/routes/shop/location-dialogs";
