import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { LocationDialogErrorBoundary, LocationEditDialog } from "~/modules/content/location-dialogs";
import { parseWithZod } from "@conform-to/zod";
import { listUrlOf } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/modules/auth/guard.server";
import { LOCATIONS_PATH, LOCATION_MESSAGES, LOCATION_TEXTS, LocationFormSchema } from "~/modules/content/locations";
import { saveLocation } from "~/modules/content/locations.server";

export const meta: MetaFunction = () => [{ title: "Nueva ubicación" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request);
  return { location: null };
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request);
  const submission = parseWithZod(await request.formData(), { schema: LocationFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await saveLocation(null, submission.value, actor);
  return redirectWithToast(listUrlOf(LOCATIONS_PATH, request), { title: LOCATION_TEXTS.saved, message: LOCATION_MESSAGES.saved, variant: "success" });
}

export default function NewLocation() {
  return <LocationEditDialog location={null} lastResult={useActionData<typeof action>()?.result} />;
}

export function ErrorBoundary() {
  return <LocationDialogErrorBoundary />;
}
