import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LocationDeleteDialog, LocationDialogErrorBoundary } from "~/modules/content/location-dialogs";
import { locationDeleteAction, locationDeleteLoader } from "~/modules/content/locations.server";

export const meta: MetaFunction = () => [{ title: "Eliminar ubicación" }];

export const loader = ({ request, params }: LoaderFunctionArgs) => locationDeleteLoader(request, params);

export const action = ({ request, params }: ActionFunctionArgs) => locationDeleteAction(request, params);

export default function DeleteLocation() {
  const { location } = useLoaderData<typeof loader>();
  return <LocationDeleteDialog location={location} />;
}

export function ErrorBoundary() {
  return <LocationDialogErrorBoundary />;
}
