import { z } from "zod";
import { GEO_MESSAGES, LOCATION_LIMITS, URL_MESSAGE, geolocationProblems, phoneProblem } from "./locations";
import { isHttpUrl } from "@common/shop-path";

/*
 * The location dialog's form, apart from the list's module: the browser fetches it only when the
 * dialog checks its fields (app/lib/lazy-validation.ts), so the page loads no Zod to draw the form.
 */

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label}: máximo ${max} caracteres`).optional().default("");

const phoneField = (label: string) =>
  optionalText(LOCATION_LIMITS.phone, label).superRefine((value, ctx) => {
    const problem = phoneProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

const coordinate = z.number({ invalid_type_error: GEO_MESSAGES.number }).finite(GEO_MESSAGES.number).optional();

/** The dialog's fields but the coordinates. Conform turns empty inputs into undefined, hence the defaults. */
const LocationFieldsSchema = z.object({
  name: z
    .string({ required_error: "Ingresa el nombre de la sucursal" })
    .trim()
    .min(1, "Ingresa el nombre de la sucursal")
    .max(LOCATION_LIMITS.name, `Sucursal: máximo ${LOCATION_LIMITS.name} caracteres`),
  schedule: optionalText(LOCATION_LIMITS.schedule, "Horarios"),
  phone: phoneField("Teléfono"),
  whatsapp: phoneField("WhatsApp"),
  address: z
    .string({ required_error: "Ingresa la dirección" })
    .trim()
    .min(1, "Ingresa la dirección")
    .max(LOCATION_LIMITS.address, `Dirección: máximo ${LOCATION_LIMITS.address} caracteres`),
  url: optionalText(LOCATION_LIMITS.url, "URL de mapas").refine((v) => v === "" || isHttpUrl(v), URL_MESSAGE),
  isActive: z.boolean().optional().default(false),
});

/**
 * The coordinates, judged apart: zod skips an object's refinement once a field is missing, and a
 * "both or none" mistake should show together with a missing name.
 */
const GeolocationFieldsSchema = z.object({ latitude: coordinate, longitude: coordinate }).superRefine((value, ctx) => {
  for (const [path, message] of Object.entries(geolocationProblems(value.latitude, value.longitude))) {
    ctx.addIssue({ code: "custom", path: [path], message });
  }
});

export const LocationFormSchema = LocationFieldsSchema.and(GeolocationFieldsSchema);
export type LocationInput = z.output<typeof LocationFormSchema>;
