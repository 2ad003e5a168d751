import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { attemptLogin } from "~/modules/auth/login.server";
import { LoginSchema } from "~/modules/auth/schemas";
import { clientIp } from "./session.server";

export class LoginError extends Error {}

/** remix-auth with the form strategy; the session itself is ours (database rows + signed cookie). */
export const authenticator = new Authenticator<{ userId: number; role: string }>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = LoginSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw new LoginError(parsed.error.issues[0]?.message ?? "Datos inválidos");
    const result = await attemptLogin(parsed.data.email, parsed.data.password, clientIp(request));
    if (!result.ok) throw new LoginError(result.message);
    return { userId: result.userId, role: result.role };
  }),
  "form",
);
