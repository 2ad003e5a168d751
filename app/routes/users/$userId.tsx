import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { constraintsOf } from "~/lib/constraints";
import { useLazyValidation } from "~/lib/lazy-validation";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data } from "react-router";
import { useActionData, useLoaderData, useLocation, useNavigation } from "react-router";
import { z } from "zod";
import { Badge } from "~/components/Badge";
import { CloseLink } from "~/components/CloseLink";
import { RouteDialog } from "~/components/Dialog";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { ErrorList, Field } from "~/components/Field";
import { IntentForm } from "~/components/IntentForm";
import { formatDateTime } from "@common/format";
import { isRole, ROLE_KEYS, roleLabel, type Role } from "@common/roles";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess, requireFeature } from "~/lib/auth/guard.server";
import { IntentSchema, PasswordResetSchema, UserUpdateSchema, type UserIntent } from "~/modules/users/schemas";
import { formatErpUsers } from "~/modules/users/user-rules";
import { assignableRoles, DEVELOPER_ONLY_ACCOUNT, mayManage } from "~/modules/users/manage-rule";
import { UserProfileFields, type ProfileFields } from "~/routes/users/user-fields";
import { getUser, regenerateConfirmCode, resetPassword, setUserActive, updateUser, type CommandResult } from "~/modules/users/users.server";
import { SaveButton } from "~/components/SaveButton";
import { readForm } from "~/lib/http.server";

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [
  { title: data ? `Usuario · ${data.user.firstName} ${data.user.lastName}`.trim() : "Usuario" },
];

const UserIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

function notFound(): never {
  throw new Response("El usuario no existe.", { status: 404 });
}

function userIdFrom(params: { userId?: string }) {
  const parsed = UserIdSchema.safeParse(params.userId);
  return parsed.success ? parsed.data : notFound();
}

export async function loader({ request, url, params }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, url);
  const user = (await getUser(userIdFrom(params))) ?? notFound();
  const mayChange = mayManage(actor.role, user.role);
  return {
    // A Developer's PDV code approves discounts in their name: only who may change the account sees it.
    user: mayChange ? user : { ...user, confirmCodePdv: null },
    isSelf: actor.id === user.id,
    mayChange,
    // A read-only dialog still names the role the account has.
    roles: mayChange ? assignableRoles(actor.role) : ROLE_KEYS,
    constraints: CONSTRAINTS,
  };
}

/** The two forms' native checks, read from their schemas on the server: the dialog's script carries no Zod. */
const CONSTRAINTS = { profile: constraintsOf(UserUpdateSchema), password: constraintsOf(PasswordResetSchema) };

type ActionData = { intent: UserIntent; result: SubmissionResult<string[]> };

export async function action({ request, url, params }: ActionFunctionArgs) {
  const actor = await requireFeature(request, url, "users.manage");
  const id = userIdFrom(params);
  const formData = await readForm(request);
  const intent = IntentSchema.safeParse(formData.get("intent"));
  if (!intent.success) {
    throw new Response("Acción desconocida.", { status: 400 });
  }
  const { search } = url;
  const listUrl = `/users${search}`;
  const selfUrl = `/users/${id}${search}`;

  /**
   * A refused command: not found is a 404; an account this user may not change goes back to its
   * dialog (read-only for them) with the reason in a danger toast, as the feature guard refuses;
   * anything else goes back to its form with status 400.
   */
  async function refused(
    result: Exclude<CommandResult<unknown>, { ok: true }>,
    reply: (o: { fieldErrors: Record<string, string[]>; formErrors: string[] }) => SubmissionResult<string[]>,
  ) {
    if (result.reason === "missing") notFound();
    if (result.reason === "forbidden")
      throw await redirectWithToast(selfUrl, { title: "Sin permiso", message: result.message, variant: "danger" });
    return data<ActionData>({ intent: intent.data as UserIntent, result: reply(result) }, { status: 400 });
  }

  switch (intent.data) {
    case "save": {
      const submission = parseWithZod(formData, { schema: UserUpdateSchema });
      if (submission.status !== "success") return data<ActionData>({ intent: "save", result: submission.reply() }, { status: 400 });
      const saved = await updateUser(id, submission.value, actor);
      if (!saved.ok) return refused(saved, (errors) => submission.reply(errors));
      return redirectWithToast(listUrl, {
        title: "Usuario actualizado",
        message: `Se guardaron los datos de ${submission.value.email}.`,
        variant: "success",
      });
    }
    case "reset-password": {
      const hideFields = ["password", "confirmPassword"];
      const submission = parseWithZod(formData, { schema: PasswordResetSchema });
      if (submission.status !== "success") {
        return data<ActionData>({ intent: "reset-password", result: submission.reply({ hideFields }) }, { status: 400 });
      }
      const reset = await resetPassword(id, submission.value.password, actor);
      if (!reset.ok) return refused(reset, (errors) => submission.reply({ ...errors, hideFields }));
      return redirectWithToast(listUrl, {
        title: "Contraseña restablecida",
        message: `${reset.value.email} ya puede iniciar sesión con la nueva contraseña.`,
        variant: "success",
      });
    }
    case "confirm-code": {
      const generated = await regenerateConfirmCode(id, actor);
      if (!generated.ok) return refused(generated, (errors) => ({ status: "error", error: { "": errors.formErrors } }));
      return redirectWithToast(selfUrl, {
        title: "Código generado",
        message: `Nuevo código de confirmación PDV: ${generated.value.code}`,
        variant: "success",
        durationMs: 8000,
      });
    }
    case "deactivate":
    case "reactivate": {
      const active = intent.data === "reactivate";
      const changed = await setUserActive(id, active, actor);
      if (!changed.ok) return refused(changed, (errors) => ({ status: "error", error: { "": errors.formErrors } }));
      return redirectWithToast(selfUrl, {
        title: active ? "Usuario reactivado" : "Usuario desactivado",
        message: active
          ? `${changed.value.email} puede volver a iniciar sesión.`
          : `${changed.value.email} ya no puede iniciar sesión; se cerraron sus sesiones abiertas.`,
        variant: "success",
      });
    }
  }
}

export default function EditUser() {
  const { user, isSelf, mayChange, roles, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  const navigation = useNavigation();
  const closeTo = `/users${search}`;
  const resultFor = (intent: UserIntent | UserIntent[]) =>
    actionData && [intent].flat().includes(actionData.intent) ? actionData.result : undefined;
  const busyWith = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;

  const profileChecks = useLazyValidation(() => import("~/modules/users/schemas").then((m) => m.UserUpdateSchema));
  const passwordChecks = useLazyValidation(() => import("~/modules/users/schemas").then((m) => m.PasswordResetSchema));
  const [form, fields] = useForm<z.input<typeof UserUpdateSchema>, z.output<typeof UserUpdateSchema>>({
    id: `user-${user.id}`,
    lastResult: resultFor("save"),
    constraint: constraints.profile,
    defaultValue: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone ?? "",
      role: isRole(user.role) ? user.role : undefined,
      level: user.level ?? undefined,
      erpUsers: formatErpUsers(user.erpUsers),
      intelisisAgent: user.intelisisAgent ?? "",
      permissions: user.permissions,
      isActive: user.isActive,
    },
    ...profileChecks,
  });
  const [passwordForm, passwordFields] = useForm<z.input<typeof PasswordResetSchema>, z.output<typeof PasswordResetSchema>>({
    id: `user-${user.id}-password`,
    lastResult: resultFor("reset-password"),
    constraint: constraints.password,
    ...passwordChecks,
  });
  const [codeForm] = useForm({ id: `user-${user.id}-code`, lastResult: resultFor("confirm-code") });
  const [statusForm] = useForm({ id: `user-${user.id}-status`, lastResult: resultFor(["deactivate", "reactivate"]) });

  return (
    <RouteDialog
      title={`${user.firstName} ${user.lastName}`.trim()}
      description={
        <>
          {roleLabel(user.role)} · {user.email} ·{" "}
          {user.isActive ? <Badge variant="success">Activo</Badge> : <Badge variant="gray">Inactivo</Badge>}
        </>
      }
      closeTo={closeTo}
      size="lg"
      footer={<CloseLink to={closeTo}>Cerrar</CloseLink>}
    >
      {mayChange ? (
        <>
          <UserSection id="user-profile" title="Datos del usuario" first>
            <IntentForm form={form} intent="save">
              <ErrorList id={form.errorId} errors={form.errors} />
              <UserProfileFields fields={fields} roles={roles} />
              {isSelf ? (
                <p className="text-xs text-slate-500">Es tu propio usuario: no puedes desactivarlo ni quitarte el acceso a Usuarios.</p>
              ) : null}
              <div className="mt-2 flex justify-end">
                <SaveButton busy={busyWith("save")}>Guardar cambios</SaveButton>
              </div>
            </IntentForm>
          </UserSection>

          <UserSection id="user-password" title="Restablecer contraseña">
            <IntentForm form={passwordForm} intent="reset-password" className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
              <Field
                label="Nueva contraseña"
                meta={passwordFields.password}
                type="password"
                hint="Mínimo 8 caracteres."
                inputProps={{ autoComplete: "new-password" }}
              />
              <Field
                label="Confirmar contraseña"
                meta={passwordFields.confirmPassword}
                type="password"
                inputProps={{ autoComplete: "new-password" }}
              />
              <div className="flex items-center justify-between gap-3 sm:col-span-2">
                <p className="text-xs text-slate-500">Las demás sesiones abiertas de este usuario se cerrarán.</p>
                <button type="submit" className="btn-secondary" disabled={busyWith("reset-password")}>
                  Restablecer contraseña
                </button>
              </div>
            </IntentForm>
          </UserSection>

          <UserSection id="user-code" title="Código de confirmación PDV">
            <IntentForm form={codeForm} intent="confirm-code" className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm">
                {user.confirmCodePdv ? (
                  <>
                    Código actual:{" "}
                    <code className="rounded bg-slate-100 px-2 py-1 font-mono text-base tracking-widest" data-testid="confirm-code">
                      {user.confirmCodePdv}
                    </code>
                  </>
                ) : (
                  <span className="text-slate-500">Este usuario aún no tiene código.</span>
                )}
              </p>
              <button type="submit" className="btn-secondary" disabled={busyWith("confirm-code")}>
                Generar nuevo código
              </button>
            </IntentForm>
            <ErrorList id={codeForm.errorId} errors={codeForm.errors} />
          </UserSection>

          <UserSection id="user-status" title="Estado">
            <IntentForm
              form={statusForm}
              intent={user.isActive ? "deactivate" : "reactivate"}
              className="flex flex-wrap items-center justify-between gap-3"
            >
              <p className="text-sm text-slate-600">
                {user.isActive
                  ? isSelf
                    ? "No puedes desactivar tu propio usuario."
                    : "Al desactivarlo no podrá iniciar sesión y se cerrarán sus sesiones abiertas."
                  : "Usuario inactivo: no puede iniciar sesión."}
              </p>
              {user.isActive ? (
                isSelf ? null : (
                  <button type="submit" className="btn-danger" disabled={busyWith("deactivate")}>
                    Desactivar usuario
                  </button>
                )
              ) : (
                <button type="submit" className="btn-primary" disabled={busyWith("reactivate")}>
                  Reactivar usuario
                </button>
              )}
            </IntentForm>
            <ErrorList id={statusForm.errorId} errors={statusForm.errors} />
          </UserSection>
        </>
      ) : (
        <ReadOnlyAccount fields={fields} roles={roles} />
      )}

      <dl className="mt-5 grid grid-cols-2 gap-2 border-t border-slate-200 pt-4 text-xs text-slate-500">
        <div>
          <dt className="inline">Creado: </dt>
          <dd className="inline">{formatDateTime(user.createdAt)}</dd>
        </div>
        <div>
          <dt className="inline">Último acceso: </dt>
          <dd className="inline">{user.lastLoginAt ? formatDateTime(user.lastLoginAt) : "Nunca"}</dd>
        </div>
      </dl>
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return (
    <DialogErrorBoundary listPath="/users" notFoundTitle="Usuario no encontrado" notFoundText="El usuario no existe o fue eliminado." />
  );
}

/**
 * An account this user may not change (a Developer's, opened by an Admin): its data with every control
 * disabled and the reason, and no button that posts. The server refuses such posts anyway.
 */
function ReadOnlyAccount({ fields, roles }: { fields: ProfileFields; roles: readonly Role[] }) {
  return (
    <>
      <p
        role="note"
        data-testid="read-only-account"
        className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
      >
        {DEVELOPER_ONLY_ACCOUNT}
      </p>
      <UserSection id="user-profile" title="Datos del usuario" first>
        <fieldset disabled>
          <UserProfileFields fields={fields} roles={roles} />
        </fieldset>
      </UserSection>
    </>
  );
}

/** One part of the user dialog under its heading; the parts after the first are ruled off. */
function UserSection({ id, title, first = false, children }: { id: string; title: string; first?: boolean; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className={first ? undefined : "mt-5 border-t border-slate-200 pt-4"}>
      <h3 id={id} className="mb-2 font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}
