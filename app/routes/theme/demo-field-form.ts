import { z } from "zod";

/** The kit's sample field, apart from the page: the browser fetches it only to check the field. */
export const DemoFieldSchema = z.object({
  email: z.string({ required_error: "Ingresa un correo electrónico" }).trim().email("Ingresa un correo electrónico válido"),
});
