import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LocationDialogErrorBoundary, LocationEditDialog } from "~/modules/content/location-dialogs";
import { parseWithZod } from "@conform-to/zod";
import { paramOr404 } from "~/lib/http.server";
import { requireAccess } from "~/modules/auth/guard.server";
import { ContentIdSchema, LOCATIONS_PATH, LOCATION_MESSAGES, LOCATION_TEXTS } from "~/modules/content/locations";
import { LocationFormSchema } from "~/modules/content/location-form";
import { CONTENT_CONSTRAINTS } from "~/modules/content/constraints.server";
import { getLocation, saveLocation } from "~/modules/content/locations.server";
import { backToListOr404, recordOr404 } from "~/web/content/dialog-answer.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Ubicación ${data.location.id}` : "Ubicación" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request);
  return { location: await recordOr404(params.locationId, getLocation, LOCATION_TEXTS.notFoundText), constraint: CONTENT_CONSTRAINTS.location };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request);
  const id = paramOr404(ContentIdSchema, params.locationId, LOCATION_TEXTS.notFoundText);
  const submission = parseWithZod(await request.formData(), { schema: LocationFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const saved = await saveLocation(id, submission.value, actor);
  return backToListOr404(request, saved.ok, { listPath: LOCATIONS_PATH, notFoundText: LOCATION_TEXTS.notFoundText, toast: { title: LOCATION_TEXTS.saved, message: LOCATION_MESSAGES.saved } });
}

export default function EditLocation() {
  const { location, constraint } = useLoaderData<typeof loader>();
  return <LocationEditDialog key={location.id} location={location} constraint={constraint} lastResult={useActionData<typeof action>()?.result} />;
}

export function ErrorBoundary() {
  return <LocationDialogErrorBoundary />;
}
