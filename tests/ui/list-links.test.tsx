import { screen, waitFor, within } from "@testing-library/react";
import type { LoaderFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import EditUser from "~/routes/users/$userId";
import UsersList from "~/routes/users/route";
import { paramsOf, renderRoutes } from "./stub";
import { editData, listData, userRow } from "./users-data";

const ROWS = [userRow(7, "Rocío", "Prueba"), userRow(8, "Diego", "Hernández", "developer")];

/** The users list, 45 users in pages of 20, with the edit dialog of user 7 as its nested route. */
function routes() {
  return [
    {
      path: "/users",
      Component: UsersList,
      loader: ({ request }: LoaderFunctionArgs) => listData(new URL(request.url), ROWS, 45),
      children: [{ path: ":userId", Component: EditUser, loader: () => editData(ROWS[0]) }],
    },
  ];
}

const OPEN_DIALOG = "/users/7?role=practicante&sortName=name&sortValue=asc&page=2";

/** A link's target as pathname and parameters. */
function target(link: HTMLElement) {
  const href = link.getAttribute("href") ?? "";
  return { path: href.split("?")[0], params: paramsOf(href) };
}

describe("sorting and paging a list (DataTable, Pagination)", () => {
  it("a sort header goes back to the list, turns the direction round and drops the page, keeping the filters", async () => {
    const { user, location } = renderRoutes(routes(), OPEN_DIALOG);
    await screen.findByRole("dialog");
    const table = screen.getByRole("table", { name: "Usuarios" });
    const byName = within(table).getByRole("link", { name: /^Nombre/ });
    expect(byName.getAttribute("aria-sort")).toBe("ascending");
    expect(target(byName)).toEqual({ path: "/users", params: { role: "practicante", sortName: "name", sortValue: "desc" } });
    const byEmail = within(table).getByRole("link", { name: /^Correo electrónico/ });
    expect(byEmail.getAttribute("aria-sort")).toBeNull();
    expect(target(byEmail)).toEqual({ path: "/users", params: { role: "practicante", sortName: "email", sortValue: "asc" } });

    await user.click(byEmail);
    // Sorting from an open dialog closes it.
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(paramsOf(location())).toEqual({ role: "practicante", sortName: "email", sortValue: "asc" });
    expect(location().startsWith("/users?")).toBe(true);
  });

  it("page links keep the filters and the sort, leave page 1 out of the URL and close the dialog", async () => {
    const { user, location } = renderRoutes(routes(), OPEN_DIALOG);
    await screen.findByRole("dialog");
    const pages = screen.getByRole("navigation", { name: "Paginación" });
    expect(pages.textContent).toContain("Página 2 de 3");
    const kept = { role: "practicante", sortName: "name", sortValue: "asc" };
    expect(within(pages).getByRole("link", { name: "Página 2" }).getAttribute("aria-current")).toBe("page");
    expect(target(within(pages).getByRole("link", { name: "Página 1" }))).toEqual({ path: "/users", params: kept });
    expect(target(within(pages).getByRole("link", { name: "Anterior" }))).toEqual({ path: "/users", params: kept });
    expect(target(within(pages).getByRole("link", { name: "Siguiente" }))).toEqual({ path: "/users", params: { ...kept, page: "3" } });

    await user.click(within(pages).getByRole("link", { name: "Siguiente" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(paramsOf(location())).toEqual({ ...kept, page: "3" });
    // On the last page there is no next one to go to.
    const last = screen.getByRole("navigation", { name: "Paginación" });
    expect(last.textContent).toContain("Página 3 de 3");
    expect(within(last).queryByRole("link", { name: "Siguiente" })).toBeNull();
    expect(within(last).getByLabelText("Siguiente").getAttribute("aria-disabled")).toBe("true");
  });

  it("a row's link opens its dialog with the list's query, and the dialog's Cerrar goes back to the same list", async () => {
    const { user, location } = renderRoutes(routes(), "/users?role=practicante&page=2");
    await user.click(await screen.findByRole("link", { name: "Rocío Prueba" }));
    const dialog = await screen.findByRole("dialog", { name: "Rocío Prueba" });
    expect(location()).toBe("/users/7?role=practicante&page=2");
    // ✕ in the header and Cerrar in the footer.
    const closers = within(dialog).getAllByRole("link", { name: "Cerrar" });
    expect(closers.map((a) => a.getAttribute("href"))).toEqual(["/users?role=practicante&page=2", "/users?role=practicante&page=2"]);
    await user.click(closers[1]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(location()).toBe("/users?role=practicante&page=2");
  });
});
