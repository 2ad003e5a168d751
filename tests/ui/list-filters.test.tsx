import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import type { LoaderFunctionArgs } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { constraintsOf } from "~/lib/constraints";
import { parseUserListQuery, UserListQueryShape } from "~/modules/users/list-query";
import UsersList, { type loader as usersLoader } from "~/routes/users/route";
import { paramsOf, renderRoutes } from "./stub";

type UsersData = Awaited<ReturnType<typeof usersLoader>>;

/**
 * The users list (FilterBar with SearchInput and two FilterSelects) with a loader that answers as the
 * real one does for an empty page: the query read from the URL. `seen` gets each query it was asked.
 */
function usersRoute(seen: string[] = []) {
  return {
    path: "/users",
    Component: UsersList,
    loader: ({ request }: LoaderFunctionArgs): UsersData => {
      const url = new URL(request.url);
      seen.push(url.search);
      return {
        rows: [],
        total: 0,
        page: 1,
        pageSize: 20,
        query: parseUserListQuery(url),
        searchConstraint: constraintsOf(UserListQueryShape).search,
      };
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("a list's filter form (FilterBar)", () => {
  it("leaves empty fields out of the URL and trims the search, in the URL and in its box", async () => {
    const { user, location } = renderRoutes([usersRoute()], "/users");
    const box = await screen.findByRole("searchbox", { name: "Buscar" });
    // Enter leaves the caret in the box: what it shows then is the form's doing, not the new page's.
    await user.type(box, "  demo  {Enter}");
    // Rol and Estado were left on "all": they are not in the address.
    await waitFor(() => expect(location()).toBe("/users?search=demo"));
    expect(document.activeElement).toBe(box);
    expect(box).toHaveProperty("value", "demo");
  });

  it("Enter in the search keeps the sort and starts again at the first page", async () => {
    const { user, location } = renderRoutes([usersRoute()], "/users?sortName=email&sortValue=desc&page=3&search=ana");
    const box = await screen.findByRole("searchbox", { name: "Buscar" });
    expect(box).toHaveProperty("value", "ana");
    await user.clear(box);
    await user.type(box, "rocio{Enter}");
    await waitFor(() => expect(paramsOf(location())).toEqual({ sortName: "email", sortValue: "desc", search: "rocio" }));
  });

  it("a select chosen with the pointer applies at once; arrow keys wait for Enter", async () => {
    const seen: string[] = [];
    const { user, location } = renderRoutes([usersRoute(seen)], "/users");
    const role = await screen.findByRole("combobox", { name: "Rol" });
    await user.selectOptions(role, "Practicante");
    await waitFor(() => expect(location()).toBe("/users?role=practicante"));

    const status = screen.getByRole("combobox", { name: "Estado" });
    const asked = seen.length;
    // What a browser does for ArrowDown on a closed select: the key, then the change of value.
    fireEvent.keyDown(status, { key: "ArrowDown" });
    fireEvent.change(status, { target: { value: "active" } });
    fireEvent.keyDown(status, { key: "ArrowDown" });
    fireEvent.change(status, { target: { value: "inactive" } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(seen).toHaveLength(asked);
    expect(location()).toBe("/users?role=practicante");

    fireEvent.keyDown(status, { key: "Enter" });
    await waitFor(() => expect(paramsOf(location())).toEqual({ role: "practicante", status: "inactive" }));
  });

  it("Limpiar Filtros goes to the bare list and empties the boxes filled in the page", async () => {
    const { user, location } = renderRoutes([usersRoute()], "/users");
    const box = await screen.findByRole("searchbox", { name: "Buscar" });
    await user.type(box, "demo{Enter}");
    await waitFor(() => expect(location()).toBe("/users?search=demo"));
    await user.selectOptions(screen.getByRole("combobox", { name: "Rol" }), "Admin");
    await waitFor(() => expect(paramsOf(location())).toEqual({ search: "demo", role: "admin" }));

    await user.click(screen.getByRole("link", { name: "Limpiar Filtros" }));
    await waitFor(() => expect(location()).toBe("/users"));
    // Left showing the old text, the next Enter would bring the cleared search back.
    expect(box).toHaveProperty("value", "");
    expect(screen.getByRole("combobox", { name: "Rol" })).toHaveProperty("value", "");
  });
});

describe("the search box (SearchInput)", () => {
  /**
   * Keys typed one by one under a faked clock (Testing Library's async helpers wait on the real one, so
   * the typing is plain events and the waiting is done after the clock is real again).
   */
  async function typeSlowly(box: HTMLElement, text: string, gapMs: number) {
    for (let i = 1; i <= text.length; i++) {
      fireEvent.change(box, { target: { value: text.slice(0, i) } });
      await act(() => vi.advanceTimersByTimeAsync(gapMs));
    }
  }

  it("submits once, 600 ms after the typing stops", async () => {
    const seen: string[] = [];
    const { location } = renderRoutes([usersRoute(seen)], "/users");
    const box = await screen.findByRole("searchbox", { name: "Buscar" });
    const asked = seen.length;
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    // Keys 200 ms apart: each one starts the pause again.
    await typeSlowly(box, "cab", 200);
    await act(() => vi.advanceTimersByTimeAsync(399));
    expect(seen).toHaveLength(asked);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    vi.useRealTimers();
    await waitFor(() => expect(location()).toBe("/users?search=cab"));
    expect(seen.slice(asked)).toEqual(["?search=cab"]);
  });

  it("Buscar pressed during a pause cancels the pending search", async () => {
    const seen: string[] = [];
    const { location } = renderRoutes([usersRoute(seen)], "/users");
    const box = await screen.findByRole("searchbox", { name: "Buscar" });
    const asked = seen.length;
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    await typeSlowly(box, "cable", 100);
    fireEvent.click(screen.getByRole("button", { name: "Buscar" }));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    vi.useRealTimers();
    await waitFor(() => expect(location()).toBe("/users?search=cable"));
    expect(seen.slice(asked)).toEqual(["?search=cable"]);
  });
});
