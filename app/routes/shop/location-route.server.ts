import { parseWithZod } from "@conform-to/zod";
import { data } from "react-router";
import { paramOr404, readForm } from "~/lib/http.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { CONTENT_CONSTRAINTS } from "~/modules/content/constraints.server";
import { LocationFormSchema } from "~/modules/content/location-form";
import { ContentIdSchema, LOCATIONS_PATH, LOCATION_MESSAGES, LOCATION_TEXTS } from "~/modules/content/locations";
import { deleteLocation, getLocation, saveLocation } from "~/modules/content/locations.server";
import { backToListOr404, recordOr404, type DialogDone } from "./dialog-answer.server";
import { refuseNestedNames } from "~/lib/list-index-guard.server";

/**
 * The bodies of the location dialog routes (new, edit, delete): `idParam` is the route's URL
 * parameter, null on the new one.
 */

const doneWith = (toast: DialogDone["toast"]): DialogDone => ({
  listPath: LOCATIONS_PATH,
  notFoundText: LOCATION_TEXTS.notFoundText,
  toast,
});

const storedLocation = (idParam: string | undefined) => recordOr404(idParam, getLocation, LOCATION_TEXTS.notFoundText);

const locationId = (idParam: string | undefined) => paramOr404(ContentIdSchema, idParam, LOCATION_TEXTS.notFoundText);

export async function locationDialogLoader(request: Request, url: URL, idParam: string | undefined | null) {
  await requireAccess(request, url);
  return { location: idParam === null ? null : await storedLocation(idParam), constraint: CONTENT_CONSTRAINTS.location };
}

/** A save: judged by the form's schema (a refusal answers 400 with what was typed), then back to the list. */
export async function locationDialogAction(request: Request, url: URL, idParam: string | undefined | null) {
  const actor = await requireAccess(request, url);
  const id = idParam === null ? null : locationId(idParam);
  const form = await readForm(request);
  refuseNestedNames(form);
  const submission = parseWithZod(form, { schema: LocationFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const saved = await saveLocation(id, submission.value, actor);
  return backToListOr404(url, saved.ok, doneWith({ title: LOCATION_TEXTS.saved, message: LOCATION_MESSAGES.saved }));
}

export async function locationDeleteLoader(request: Request, url: URL, idParam: string | undefined) {
  await requireAccess(request, url);
  return { location: await storedLocation(idParam) };
}

export async function locationDeleteAction(request: Request, url: URL, idParam: string | undefined) {
  const actor = await requireAccess(request, url);
  const deleted = await deleteLocation(locationId(idParam), actor);
  return backToListOr404(url, deleted.ok, doneWith({ title: LOCATION_TEXTS.deleted, message: LOCATION_MESSAGES.deleted }));
}
