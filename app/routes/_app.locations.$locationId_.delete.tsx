import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LocationDeleteDialog, LocationDialogErrorBoundary } from "~/modules/content/location-dialogs";
import { paramOr404 } from "~/lib/http.server";
import { requireAccess } from "~/modules/auth/guard.server";
import { ContentIdSchema, LOCATIONS_PATH, LOCATION_MESSAGES, LOCATION_TEXTS } from "~/modules/content/locations";
import { deleteLocation, getLocation } from "~/modules/content/locations.server";
import { backToListOr404, recordOr404 } from "~/web/content/dialog-answer.server";

export const meta: MetaFunction = () => [{ title: "Eliminar ubicación" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request);
  return { location: await recordOr404(params.locationId, getLocation, LOCATION_TEXTS.notFoundText) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request);
  const deleted = await deleteLocation(paramOr404(ContentIdSchema, params.locationId, LOCATION_TEXTS.notFoundText), actor);
  return backToListOr404(request, deleted.ok, { listPath: LOCATIONS_PATH, notFoundText: LOCATION_TEXTS.notFoundText, toast: { title: LOCATION_TEXTS.deleted, message: LOCATION_MESSAGES.deleted } });
}

export default function DeleteLocation() {
  const { location } = useLoaderData<typeof loader>();
  return <LocationDeleteDialog location={location} />;
}

export function ErrorBoundary() {
  return <LocationDialogErrorBoundary />;
}
