import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { LoaderFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { RouteDialog } from "~/components/Dialog";
import EditUser from "~/routes/users/$userId";
import UsersList from "~/routes/users/route";
import { renderRoutes } from "./stub";
import { editData, listData, userRow } from "./users-data";

const ROCIO = userRow(7, "Rocío", "Prueba");

/** The users list with the edit dialog (a RouteDialog) as its nested route. */
const usersRoutes = () => [
  {
    path: "/users",
    Component: UsersList,
    loader: ({ request }: LoaderFunctionArgs) => listData(new URL(request.url), [ROCIO]),
    children: [{ path: ":userId", Component: EditUser, loader: () => editData(ROCIO) }],
  },
];

/** What a browser sends a modal dialog for Escape: a cancel aimed at the dialog itself (it does not bubble). */
function pressEscapeOn(dialog: HTMLElement) {
  fireEvent(dialog, new Event("cancel", { cancelable: true }));
}

/** A click on the backdrop: the event's target is the dialog, the pointer outside its box. */
function clickOutside(dialog: HTMLElement) {
  const box = dialog.getBoundingClientRect();
  fireEvent.click(dialog, { clientX: box.right + 40, clientY: box.bottom + 40 });
}

/** Lets a navigation that may have started finish, so a test can say that none did. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe("a route dialog (RouteDialog)", () => {
  it("is open from its first render, named by its title, with its closing links back to the list's query", async () => {
    renderRoutes(usersRoutes(), "/users/7?search=ro&page=2");
    const dialog = await screen.findByRole("dialog", { name: "Rocío Prueba" });
    expect(dialog).toHaveProperty("open", true);
    const closers = within(dialog).getAllByRole("link", { name: "Cerrar" });
    expect(closers.map((a) => a.getAttribute("href"))).toEqual(["/users?search=ro&page=2", "/users?search=ro&page=2"]);
  });

  it("Escape goes back to the list with its query", async () => {
    const { location } = renderRoutes(usersRoutes(), "/users/7?search=ro&page=2");
    pressEscapeOn(await screen.findByRole("dialog"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(location()).toBe("/users?search=ro&page=2");
  });

  it("a click outside closes it while nothing is typed; once something is, it stays", async () => {
    const first = renderRoutes(usersRoutes(), "/users/7?search=ro");
    clickOutside(await screen.findByRole("dialog"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(first.location()).toBe("/users?search=ro");
    first.unmount();

    const { user, location } = renderRoutes(usersRoutes(), "/users/7?search=ro");
    const dialog = await screen.findByRole("dialog");
    const name = within(dialog).getByRole("textbox", { name: "Nombre" });
    await user.clear(name);
    await user.type(name, "Rocío Ana");
    clickOutside(dialog);
    await settle();
    expect(location()).toBe("/users/7?search=ro");
    expect(name).toHaveProperty("value", "Rocío Ana");
  });

  it("closing gives focus back to the link that opened it", async () => {
    const { user } = renderRoutes(usersRoutes(), "/users?search=ro");
    await user.click(await screen.findByRole("link", { name: "Rocío Prueba" }));
    const dialog = await screen.findByRole("dialog");
    // Where a modal dialog puts the focus (happy-dom's showModal does not move it).
    within(dialog).getByRole("textbox", { name: "Nombre" }).focus();
    pressEscapeOn(dialog);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("link", { name: "Rocío Prueba" })));
  });
});

describe("a route dialog with a file input", () => {
  /** A dialog with a text field and a file field (as the catalogue, publication and assistant dialogs have). */
  function DocumentDialog() {
    return (
      <RouteDialog title="Nuevo documento" closeTo="/documents?page=2">
        <form>
          <label>
            Título <input name="title" />
          </label>
          <label>
            Archivo <input type="file" name="file" />
          </label>
        </form>
      </RouteDialog>
    );
  }
  const routes = [
    { path: "/documents", Component: () => <h1>Documentos</h1> },
    { path: "/documents/new", Component: DocumentDialog },
  ];

  it("stays open with what was typed when the file picker is closed without a choice; Escape still closes it", async () => {
    const { user, location } = renderRoutes(routes, "/documents/new?page=2");
    const dialog = await screen.findByRole("dialog", { name: "Nuevo documento" });
    await user.type(within(dialog).getByRole("textbox", { name: "Título" }), "Ficha técnica");
    // Chromium fires a bubbling cancel on a file input whose picker closes without a file.
    fireEvent(within(dialog).getByLabelText("Archivo"), new Event("cancel", { bubbles: true, cancelable: true }));
    await settle();
    expect(location()).toBe("/documents/new?page=2");
    expect(within(screen.getByRole("dialog")).getByRole("textbox", { name: "Título" })).toHaveProperty("value", "Ficha técnica");

    pressEscapeOn(dialog);
    await waitFor(() => expect(location()).toBe("/documents?page=2"));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
