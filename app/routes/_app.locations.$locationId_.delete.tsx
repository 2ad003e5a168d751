import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LocationDeleteDialog, LocationDialogErrorBoundary } from "~/modules/content/location-dialogs";
import { listUrlOf, notFound, paramOr404 } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/modules/auth/guard.server";
import { ContentIdSchema, LOCATIONS_PATH, LOCATION_MESSAGES, LOCATION_TEXTS } from "~/modules/content/locations";
import { deleteLocation, getLocation } from "~/modules/content/locations.server";

export const meta: MetaFunction = () => [{ title: "Eliminar ubicación" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request);
  const location = await getLocation(paramOr404(ContentIdSchema, params.locationId, LOCATION_TEXTS.notFoundText));
  return { location: location ?? notFound(LOCATION_TEXTS.notFoundText) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request);
  const deleted = await deleteLocation(paramOr404(ContentIdSchema, params.locationId, LOCATION_TEXTS.notFoundText), actor);
  if (!deleted.ok) notFound(LOCATION_TEXTS.notFoundText);
  return redirectWithToast(listUrlOf(LOCATIONS_PATH, request), { title: LOCATION_TEXTS.deleted, message: LOCATION_MESSAGES.deleted, variant: "success" });
}

export default function DeleteLocation() {
  const { location } = useLoaderData<typeof loader>();
  return <LocationDeleteDialog location={location} />;
}

export function ErrorBoundary() {
  return <LocationDialogErrorBoundary />;
}
