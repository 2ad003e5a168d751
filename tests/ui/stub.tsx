import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Outlet, useLocation } from "react-router";

type StubRoutes = Parameters<typeof createRoutesStub>[0];

/**
 * The app's routes under a shell that writes the current address into the page, so a test reads where a
 * link, a form or a dialog took the router (the address bar a browser would show).
 */
function Shell() {
  const { pathname, search } = useLocation();
  return (
    <>
      <Outlet />
      <p data-testid="location">{pathname + search}</p>
    </>
  );
}

/** Renders `routes` at `url` with a real router; `location()` is the address the router is at. */
export function renderRoutes(routes: StubRoutes, url: string) {
  // Loaders run on the first render (no server HTML to hydrate): nothing is drawn until they answer.
  const Stub = createRoutesStub([{ id: "shell", Component: Shell, HydrateFallback: () => null, children: routes }]);
  // No pause between keys: the app's own timers are what the tests measure, on a faked clock where needed.
  const user = userEvent.setup({ delay: null });
  const view = render(<Stub initialEntries={[url]} />);
  const location = () => view.getByTestId("location").textContent ?? "";
  return { ...view, user, location };
}

/** A query string's parameters as an object: two addresses with the same parameters compare equal in any order. */
export function paramsOf(url: string) {
  return Object.fromEntries(new URL(url, "http://test").searchParams);
}
