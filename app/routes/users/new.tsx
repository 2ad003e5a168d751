import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { z } from "zod";
import { constraintsOf } from "~/lib/constraints";
import { useLazyValidation } from "~/lib/lazy-validation";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data } from "react-router";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "react-router";
import { CloseLink } from "~/components/CloseLink";
import { RouteDialog } from "~/components/Dialog";
import { ErrorList, Field } from "~/components/Field";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess, requireFeature } from "~/lib/auth/guard.server";
import { UserCreateSchema } from "~/modules/users/schemas";
import { UserProfileFields } from "~/routes/users/user-fields";
import { createUser } from "~/modules/users/users.server";
import { assignableRoles } from "~/modules/users/manage-rule";
import { SaveButton } from "~/components/SaveButton";
import { readForm } from "~/lib/http.server";

export const meta: MetaFunction = () => [{ title: "Nuevo usuario" }];

const HIDDEN = ["password", "confirmPassword"];
/** The fields' native checks, read from the schema on the server: the dialog's script carries no Zod. */
const constraint = constraintsOf(UserCreateSchema);

export async function loader({ request, url }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, url);
  return { constraint, roles: assignableRoles(actor.role) };
}

export async function action({ request, url }: ActionFunctionArgs) {
  const actor = await requireFeature(request, url, "users.manage");
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: UserCreateSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 });
  }
  const created = await createUser(submission.value, actor);
  if (!created.ok) {
    return data(
      { result: submission.reply({ fieldErrors: created.fieldErrors, formErrors: created.formErrors, hideFields: HIDDEN }) },
      { status: 400 },
    );
  }
  const { search } = url;
  return redirectWithToast(`/users${search}`, {
    title: "Usuario creado",
    message: `${submission.value.email} ya puede iniciar sesión.`,
    variant: "success",
  });
}

export default function NewUser() {
  const { constraint, roles } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  const navigation = useNavigation();
  const closeTo = `/users${search}`;
  const validation = useLazyValidation(() => import("~/modules/users/schemas").then((m) => m.UserCreateSchema));
  const [form, fields] = useForm<z.input<typeof UserCreateSchema>, z.output<typeof UserCreateSchema>>({
    id: "user-new",
    lastResult: actionData?.result,
    constraint,
    defaultValue: { isActive: true, permissions: [] },
    ...validation,
  });
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/users/new");
  return (
    <RouteDialog
      title="Nuevo usuario"
      description="El usuario podrá iniciar sesión con su correo y la contraseña que definas aquí."
      closeTo={closeTo}
      size="lg"
      footer={
        <>
          <CloseLink to={closeTo}>Cancelar</CloseLink>
          <SaveButton busy={busy} form={form.id}>
            Crear usuario
          </SaveButton>
        </>
      }
    >
      <Form method="post" preventScrollReset {...getFormProps(form)}>
        <ErrorList id={form.errorId} errors={form.errors} />
        <UserProfileFields fields={fields} roles={roles}>
          <Field
            label="Contraseña"
            meta={fields.password}
            type="password"
            hint="Mínimo 8 caracteres."
            inputProps={{ autoComplete: "new-password" }}
          />
          <Field label="Confirmar contraseña" meta={fields.confirmPassword} type="password" inputProps={{ autoComplete: "new-password" }} />
        </UserProfileFields>
      </Form>
    </RouteDialog>
  );
}
