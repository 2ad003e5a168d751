import { useActionData, useLoaderData } from "react-router";
import { LocationDeleteDialog, LocationEditDialog } from "~/routes/shop/location-dialogs";
import type { locationDeleteLoader, locationDialogAction, locationDialogLoader } from "./location-route.server";

/** The new and edit location routes' dialog. */
export function LocationDialogRoute() {
  const { location, constraint } = useLoaderData<typeof locationDialogLoader>();
  return (
    <LocationEditDialog
      key={location?.id}
      location={location}
      constraint={constraint}
      lastResult={useActionData<typeof locationDialogAction>()?.result}
    />
  );
}

export function LocationDeleteRoute() {
  const { location } = useLoaderData<typeof locationDeleteLoader>();
  return <LocationDeleteDialog location={location} />;
}
