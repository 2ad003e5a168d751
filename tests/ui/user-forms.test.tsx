import { parseWithZod } from "@conform-to/zod";
import { screen, waitFor, within } from "@testing-library/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { UserCreateSchema } from "~/modules/users/schemas";
import EditUser from "~/routes/users/$userId";
import NewUser from "~/routes/users/new";
import UsersList from "~/routes/users/route";
import { renderRoutes } from "./stub";
import { editData, listData, newData, userRow } from "./users-data";

const TAKEN = "Ya existe un usuario con ese correo electrónico.";

/**
 * The "Nuevo usuario" dialog over the users list. Its action answers as the real one: the posted form
 * parsed with the dialog's schema, a refusal sent back with what was typed (the passwords left out) at
 * 400, a save as a redirect to the list with its query. `refuse` plays the database's refusal.
 */
function newUserRoutes(action: (args: ActionFunctionArgs) => Promise<Response | ReturnType<typeof data>>) {
  return [
    {
      path: "/users",
      Component: UsersList,
      loader: ({ request }: LoaderFunctionArgs) => listData(new URL(request.url), []),
      children: [{ path: "new", Component: NewUser, loader: () => newData(), action }],
    },
  ];
}

async function answer({ request }: ActionFunctionArgs, refuse: Record<string, string[]> | null) {
  const submission = parseWithZod(await request.formData(), { schema: UserCreateSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields }) }, { status: 400 });
  if (refuse) return data({ result: submission.reply({ fieldErrors: refuse, hideFields }) }, { status: 400 });
  return redirect(`/users${new URL(request.url).search}`);
}

/** Fills the dialog with a valid new user. */
async function fill(user: ReturnType<typeof renderRoutes>["user"], dialog: HTMLElement) {
  const field = (name: string) => within(dialog).getByLabelText(name, { exact: true });
  await user.type(field("Nombre"), "Rocío");
  await user.type(field("Correo electrónico"), "admin@demo.mx");
  await user.selectOptions(field("Rol"), "Practicante");
  await user.type(field("Contraseña"), "segura123");
  await user.type(field("Confirmar contraseña"), "segura123");
}

describe("a Conform form in a route dialog (Nuevo usuario)", () => {
  it("shows the action's Spanish message on its field and keeps what was typed", async () => {
    const { user, location } = renderRoutes(
      newUserRoutes((args) => answer(args, { email: [TAKEN] })),
      "/users/new?role=practicante",
    );
    const dialog = await screen.findByRole("dialog", { name: "Nuevo usuario" });
    await fill(user, dialog);
    await user.click(within(dialog).getByRole("button", { name: "Crear usuario" }));

    const email = within(dialog).getByLabelText("Correo electrónico");
    await waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    // The message is the field's description, where a screen reader finds it.
    const described = document.getElementById(email.getAttribute("aria-describedby") ?? "");
    expect(described?.textContent).toBe(TAKEN);
    expect(email).toHaveProperty("value", "admin@demo.mx");
    expect(within(dialog).getByLabelText("Nombre", { exact: true })).toHaveProperty("value", "Rocío");
    expect(within(dialog).getByLabelText("Rol")).toHaveProperty("value", "practicante");
    expect(location()).toBe("/users/new?role=practicante");
  });

  it("checks in the page once its checks have loaded: no role is 'Selecciona un rol', and nothing is posted", async () => {
    const action = vi.fn((args: ActionFunctionArgs) => answer(args, null));
    const { user } = renderRoutes(newUserRoutes(action), "/users/new");
    const dialog = await screen.findByRole("dialog", { name: "Nuevo usuario" });
    const email = within(dialog).getByLabelText("Correo electrónico");
    // Leaving a field checks it, once the schema has arrived (lazily, after the dialog is drawn).
    await waitFor(async () => {
      await user.clear(email);
      await user.type(email, "no-es-correo");
      await user.tab();
      expect(email.getAttribute("aria-invalid")).toBe("true");
    });
    expect(document.getElementById(email.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Ingresa un correo electrónico válido");

    await user.type(within(dialog).getByLabelText("Nombre", { exact: true }), "Rocío");
    await user.clear(email);
    await user.type(email, "rocio@demo.mx");
    await user.type(within(dialog).getByLabelText("Contraseña", { exact: true }), "segura123");
    await user.type(within(dialog).getByLabelText("Confirmar contraseña"), "segura123");
    await user.click(within(dialog).getByRole("button", { name: "Crear usuario" }));
    await waitFor(() => expect(within(dialog).getByLabelText("Rol").getAttribute("aria-invalid")).toBe("true"));
    expect(dialog.textContent).toContain("Selecciona un rol");
    expect(action).not.toHaveBeenCalled();
  });

  it("while posting, Crear usuario is disabled and says Guardando…; a save goes back to the list with its query", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { user, location } = renderRoutes(
      newUserRoutes(async (args) => {
        await held;
        return answer(args, null);
      }),
      "/users/new?role=practicante",
    );
    const dialog = await screen.findByRole("dialog", { name: "Nuevo usuario" });
    await fill(user, dialog);
    await user.click(within(dialog).getByRole("button", { name: "Crear usuario" }));

    const busy = await within(dialog).findByRole("button", { name: "Guardando…" });
    expect(busy).toHaveProperty("disabled", true);
    release();
    await waitFor(() => expect(location()).toBe("/users?role=practicante"));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("a dialog with several forms (Editar usuario)", () => {
  it("shows the busy state on the button pressed only", async () => {
    const rocio = userRow(7, "Rocío", "Prueba");
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { user } = renderRoutes(
      [
        {
          path: "/users",
          Component: UsersList,
          loader: ({ request }: LoaderFunctionArgs) => listData(new URL(request.url), [rocio]),
          children: [
            {
              path: ":userId",
              Component: EditUser,
              loader: () => editData(rocio),
              action: async () => {
                await held;
                return redirect("/users/7");
              },
            },
          ],
        },
      ],
      "/users/7",
    );
    const dialog = await screen.findByRole("dialog", { name: "Rocío Prueba" });
    await user.click(within(dialog).getByRole("button", { name: "Generar nuevo código" }));
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Generar nuevo código" })).toHaveProperty("disabled", true));
    for (const other of ["Guardar cambios", "Restablecer contraseña", "Desactivar usuario"]) {
      expect(within(dialog).getByRole("button", { name: other })).toHaveProperty("disabled", false);
    }
    release();
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Generar nuevo código" })).toHaveProperty("disabled", false));
  });
});
