import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LocationDialogErrorBoundary, LocationEditDialog } from "~/modules/content/location-dialogs";
import { locationItemLoader, locationSaveAction } from "~/modules/content/locations.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Ubicación ${data.location.id}` : "Ubicación" }];

export const loader = ({ request, params }: LoaderFunctionArgs) => locationItemLoader(request, params);

export const action = ({ request, params }: ActionFunctionArgs) => locationSaveAction(request, params, "update");

export default function EditLocation() {
  const { location } = useLoaderData<typeof loader>();
  return <LocationEditDialog key={location.id} location={location} lastResult={useActionData<typeof action>()?.result} />;
}

export function ErrorBoundary() {
  return <LocationDialogErrorBoundary />;
}
