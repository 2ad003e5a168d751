import { z } from "zod";
import { PASSWORD_TOO_LONG, passwordFitsBcrypt } from "./password-rules";

export const LoginSchema = z.object({
  email: z.string({ required_error: "Ingresa tu correo" }).trim().toLowerCase().email("Ingresa un correo válido").max(200),
  password: z
    .string({ required_error: "Ingresa tu contraseña" })
    .min(1, "Ingresa tu contraseña")
    .max(200)
    .refine(passwordFitsBcrypt, PASSWORD_TOO_LONG),
  // Where to go after signing in: an over-long one (a search pasted into a bookmarked URL) is dropped
  // and the user goes home; it must never be a reason the sign-in fails.
  redirectTo: z.string().max(2000).optional().catch(undefined),
});
