import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useLocation, useNavigation } from "react-router";
import type { z } from "zod";
import { EditDialogFooter, RouteDialog } from "~/components/Dialog";
import { ListRecordDeleteDialog } from "~/components/ListRecordDeleteDialog";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { ErrorList, Field, TextareaField } from "~/components/Field";
import type { FormConstraints } from "~/lib/constraints";
import { useLazyValidation } from "~/lib/lazy-validation";
import { LOCATIONS_PATH, LOCATION_LIMITS, LOCATION_TEXTS, PHONE_DIGITS, type Location } from "~/modules/content/locations";
import type { LocationFormSchema } from "~/modules/content/location-form";
import { SwitchField } from "~/components/Switch";

/** The form switch now lives with the shared components; kept here for existing imports. */
export { SwitchField } from "~/components/Switch";

/** "Ubicación {id}" and the create form ("Nueva ubicación"). */
export function LocationEditDialog({
  location,
  constraint,
  lastResult,
}: {
  location: Location | null;
  constraint: FormConstraints<typeof LocationFormSchema>;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { search, pathname } = useLocation();
  const navigation = useNavigation();
  const closeTo = `${LOCATIONS_PATH}${search}`;
  const validation = useLazyValidation(() => import("~/modules/content/location-form").then((m) => m.LocationFormSchema));
  const [form, fields] = useForm<z.input<typeof LocationFormSchema>, z.output<typeof LocationFormSchema>>({
    id: `location-${location?.id ?? "new"}`,
    lastResult,
    constraint,
    defaultValue: {
      name: location?.name ?? "",
      schedule: location?.schedule ?? "",
      phone: location?.phone ?? "",
      whatsapp: location?.whatsapp ?? "",
      address: location?.address ?? "",
      url: location?.url ?? "",
      // A new branch starts active: it is usually created to be shown.
      isActive: location ? location.isActive : true,
      latitude: location?.geolocation?.lat,
      longitude: location?.geolocation?.lng,
    },
    ...validation,
  });
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith(pathname);
  const phoneHint = `${PHONE_DIGITS} dígitos; se permiten espacios, +, - y paréntesis.`;
  return (
    <RouteDialog
      title={location ? `${LOCATION_TEXTS.singular} ${location.id}` : LOCATION_TEXTS.newTitle}
      closeTo={closeTo}
      size="lg"
      footer={
        <EditDialogFooter
          closeTo={closeTo}
          formId={form.id}
          busy={busy}
          deleteTo={location ? `${LOCATIONS_PATH}/${location.id}/delete${search}` : null}
        />
      }
    >
      <Form method="post" preventScrollReset {...getFormProps(form)} className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <Field
          label="Sucursal"
          meta={fields.name}
          className="sm:col-span-2"
          inputProps={{ autoComplete: "off", autoFocus: true, maxLength: LOCATION_LIMITS.name }}
        />
        <TextareaField
          label="Horarios"
          meta={fields.schedule}
          className="sm:col-span-2"
          textareaProps={{ rows: 3, placeholder: "Lunes a viernes 9:00–18:00, sábado 9:00–14:00" }}
        />
        <Field
          label="Teléfono"
          meta={fields.phone}
          type="tel"
          hint={phoneHint}
          inputProps={{ autoComplete: "off", placeholder: "55 1234 5678" }}
        />
        <Field
          label="WhatsApp"
          meta={fields.whatsapp}
          type="tel"
          hint={phoneHint}
          inputProps={{ autoComplete: "off", placeholder: "55 1234 5678" }}
        />
        <TextareaField label="Dirección" meta={fields.address} className="sm:col-span-2" textareaProps={{ rows: 3 }} />
        <Field
          label="URL de mapas"
          meta={fields.url}
          className="sm:col-span-2"
          hint="El enlace de Google Maps que verá el cliente en la tienda."
          inputProps={{ autoComplete: "off", inputMode: "url", placeholder: "https://maps.app.goo.gl/…" }}
        />
        <fieldset className="grid grid-cols-1 gap-x-4 sm:col-span-2 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">
            Geolocalización <span className="font-normal text-slate-500">(opcional: ambas o ninguna)</span>
          </legend>
          <Field
            label="Latitud"
            meta={fields.latitude}
            inputProps={{ inputMode: "decimal", autoComplete: "off", placeholder: "19.4326" }}
          />
          <Field
            label="Longitud"
            meta={fields.longitude}
            inputProps={{ inputMode: "decimal", autoComplete: "off", placeholder: "-99.1332" }}
          />
        </fieldset>
        <div className="sm:col-span-2">
          <SwitchField meta={fields.isActive} label="Activa" hint="Solo las sucursales activas se muestran en la tienda." />
        </div>
      </Form>
    </RouteDialog>
  );
}

export function LocationDeleteDialog({ location }: { location: Location }) {
  return (
    <ListRecordDeleteDialog title={LOCATION_TEXTS.deleteTitle} listPath={LOCATIONS_PATH}>
      <p>
        ¿Eliminar la ubicación <strong>{location.name}</strong> (ID {location.id})? No se puede deshacer.
      </p>
      {location.address ? <p className="mt-2 text-sm text-slate-600">{location.address}</p> : null}
    </ListRecordDeleteDialog>
  );
}

export function LocationDialogErrorBoundary() {
  return (
    <DialogErrorBoundary
      listPath={LOCATIONS_PATH}
      notFoundTitle={LOCATION_TEXTS.notFoundTitle}
      notFoundText={LOCATION_TEXTS.notFoundText}
    />
  );
}
