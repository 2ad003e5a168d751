import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LocationDialogErrorBoundary, LocationEditDialog } from "~/modules/content/location-dialogs";
import { parseWithZod } from "@conform-to/zod";
import { listUrlOf, notFound, paramOr404 } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/modules/auth/guard.server";
import { ContentIdSchema, LOCATIONS_PATH, LOCATION_MESSAGES, LOCATION_TEXTS, LocationFormSchema } from "~/modules/content/locations";
import { getLocation, saveLocation } from "~/modules/content/locations.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Ubicación ${data.location.id}` : "Ubicación" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request);
  const location = await getLocation(paramOr404(ContentIdSchema, params.locationId, LOCATION_TEXTS.notFoundText));
  return { location: location ?? notFound(LOCATION_TEXTS.notFoundText) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request);
  const id = paramOr404(ContentIdSchema, params.locationId, LOCATION_TEXTS.notFoundText);
  const submission = parseWithZod(await request.formData(), { schema: LocationFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const saved = await saveLocation(id, submission.value, actor);
  if (!saved.ok) notFound(LOCATION_TEXTS.notFoundText);
  return redirectWithToast(listUrlOf(LOCATIONS_PATH, request), { title: LOCATION_TEXTS.saved, message: LOCATION_MESSAGES.saved, variant: "success" });
}

export default function EditLocation() {
  const { location } = useLoaderData<typeof loader>();
  return <LocationEditDialog key={location.id} location={location} lastResult={useActionData<typeof action>()?.result} />;
}

export function ErrorBoundary() {
  return <LocationDialogErrorBoundary />;
}
