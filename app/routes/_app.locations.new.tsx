import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LocationDialogErrorBoundary, LocationEditDialog } from "~/modules/content/location-dialogs";
import { parseWithZod } from "@conform-to/zod";
import { requireAccess } from "~/modules/auth/guard.server";
import { LOCATIONS_PATH, LOCATION_MESSAGES, LOCATION_TEXTS } from "~/modules/content/locations";
import { LocationFormSchema } from "~/modules/content/location-form";
import { CONTENT_CONSTRAINTS } from "~/modules/content/constraints.server";
import { saveLocation } from "~/modules/content/locations.server";
import { backToListOr404 } from "~/web/content/dialog-answer.server";

export const meta: MetaFunction = () => [{ title: "Nueva ubicación" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request);
  return { location: null, constraint: CONTENT_CONSTRAINTS.location };
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request);
  const submission = parseWithZod(await request.formData(), { schema: LocationFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const saved = await saveLocation(null, submission.value, actor);
  return backToListOr404(request, saved.ok, { listPath: LOCATIONS_PATH, notFoundText: LOCATION_TEXTS.notFoundText, toast: { title: LOCATION_TEXTS.saved, message: LOCATION_MESSAGES.saved } });
}

export default function NewLocation() {
  const { constraint } = useLoaderData<typeof loader>();
  return <LocationEditDialog location={null} constraint={constraint} lastResult={useActionData<typeof action>()?.result} />;
}

export function ErrorBoundary() {
  return <LocationDialogErrorBoundary />;
}
