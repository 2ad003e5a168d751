import { z } from "zod";
import { PASSWORD_TOO_LONG, passwordFitsBcrypt } from "./password-rules";

export const LoginSchema = z.object({
  email: z
    .string({ required_error: "Ingresa tu correo" })
    .trim()
    .toLowerCase()
    .email("Ingresa un correo válido")
    .max(200),
  password: z.string({ required_error: "Ingresa tu contraseña" }).min(1, "Ingresa tu contraseña").max(200).refine(passwordFitsBcrypt, PASSWORD_TOO_LONG),
  redirectTo: z.string().max(2000).optional(),
});
