import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { z } from "zod";
import { constraintsOf } from "~/lib/constraints";
import { useLazyValidation } from "~/lib/lazy-validation";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data, redirect } from "react-router";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "react-router";
import { Field } from "~/components/Field";
import { Toaster } from "~/components/Toast";
import { homeFor } from "~/lib/access";
import { authenticator, LoginError } from "~/lib/auth/authenticator.server";
import { safeRedirect } from "~/lib/auth/guard.server";
import { LoginSchema } from "~/modules/auth/schemas";
import { createUserSession, getSessionUser } from "~/lib/auth/session.server";
import { DEMO_PASSWORD, DEMO_USERS } from "@server/db/seed/demo-users";
import { getEnv } from "@server/env";
import { log } from "@server/ops/log";
import { readForm } from "~/lib/http.server";

export const meta: MetaFunction = () => [{ title: "Iniciar sesión" }];

/** The fields' native checks, read from the schema on the server: the page's script carries no Zod. */
const LOGIN_CONSTRAINT = constraintsOf(LoginSchema);

export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  if (user) {
    const to = url.searchParams.get("redirectTo");
    throw redirect(safeRedirect(to, homeFor(user.role)));
  }
  const env = getEnv();
  return {
    brand: env.BRAND_NAME,
    demoUsers: env.DEMO_MODE ? DEMO_USERS.map((u) => ({ email: u.email, role: u.roleLabel })) : [],
    demoPassword: env.DEMO_MODE ? DEMO_PASSWORD : null,
    constraint: LOGIN_CONSTRAINT,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request.clone());
  const submission = parseWithZod(form, { schema: LoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), toast: null }, { status: 400 });
  }
  try {
    const { userId, role } = await authenticator.authenticate("form", request);
    const cookie = await createUserSession(userId, request);
    return redirect(safeRedirect(submission.value.redirectTo, homeFor(role)), { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    const message = error instanceof LoginError ? error.message : "No fue posible iniciar sesión. Intenta de nuevo.";
    if (!(error instanceof LoginError)) log.error({ err: error }, "El inicio de sesión falló");
    return data(
      {
        result: submission.reply({ hideFields: ["password"] }),
        toast: { id: String(Date.now()), title: "Atención", message, variant: "danger" as const, durationMs: 5000 },
      },
      { status: 401 },
    );
  }
}

export default function Login() {
  const { brand, demoUsers, demoPassword, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const validation = useLazyValidation(() => import("~/modules/auth/schemas").then((m) => m.LoginSchema), {
    shouldValidate: "onSubmit",
    shouldRevalidate: "onBlur",
  });
  const [form, fields] = useForm<z.input<typeof LoginSchema>, z.output<typeof LoginSchema>>({
    id: "login",
    lastResult: actionData?.result,
    constraint,
    ...validation,
  });
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-900 to-brand-600 p-4">
      <Toaster toast={actionData?.toast ?? null} />
      <div className="w-full max-w-md">
        <div className="card p-8">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">{brand}</p>
          <h1 className="mt-1 text-2xl font-semibold">Iniciar sesión</h1>
          <Form method="post" className="mt-6 space-y-2" {...getFormProps(form)}>
            <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
            <Field label="Correo electrónico" meta={fields.email} type="email" inputProps={{ autoComplete: "username", autoFocus: true }} />
            <Field label="Contraseña" meta={fields.password} type="password" inputProps={{ autoComplete: "current-password" }} />
            <button type="submit" className="btn-primary w-full" disabled={navigation.state === "submitting"}>
              {navigation.state === "submitting" ? "Entrando…" : "Entrar"}
            </button>
          </Form>
        </div>
        {demoUsers.length ? (
          <section className="card mt-4 p-4 text-sm" aria-labelledby="demo-users">
            <h2 id="demo-users" className="font-semibold">
              Usuarios de demostración <span className="font-normal text-slate-500">(contraseña {demoPassword})</span>
            </h2>
            <ul className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2">
              {demoUsers.map((u) => (
                <li key={u.email} className="flex justify-between gap-2">
                  <code className="text-brand-700">{u.email}</code>
                  <span className="text-slate-500">{u.role}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </main>
  );
}
