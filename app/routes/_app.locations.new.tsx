import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { LocationDialogErrorBoundary, LocationEditDialog } from "~/modules/content/location-dialogs";
import { locationNewLoader, locationSaveAction } from "~/modules/content/locations.server";

export const meta: MetaFunction = () => [{ title: "Nueva ubicación" }];

export const loader = ({ request }: LoaderFunctionArgs) => locationNewLoader(request);

export const action = ({ request, params }: ActionFunctionArgs) => locationSaveAction(request, params, "create");

export default function NewLocation() {
  return <LocationEditDialog location={null} lastResult={useActionData<typeof action>()?.result} />;
}

export function ErrorBoundary() {
  return <LocationDialogErrorBoundary />;
}
