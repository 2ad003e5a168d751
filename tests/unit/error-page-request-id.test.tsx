import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";

/** The root's error page as the server draws it, with the root loader's data (or none: it failed). */
function errorPage(state: { rootData?: unknown; error: unknown }) {
  const router = createMemoryRouter(
    [{ id: "root", path: "/", ErrorBoundary: GeneralErrorBoundary, children: [{ id: "page", path: "orders", Component: () => null }] }],
    {
      initialEntries: ["/orders"],
      hydrationData: {
        loaderData: state.rootData === undefined ? {} : { root: state.rootData },
        errors: { root: state.error },
      },
    },
  );
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe("the error page's request code", () => {
  it("shows the id the root loader returned", () => {
    const html = errorPage({ rootData: { requestId: "9f3a1c0d7be24a51" }, error: new Error("falló el loader de la página") });
    expect(html).toContain('data-status="500"');
    expect(html).toContain("Código de la solicitud: <code");
    expect(html).toContain("9f3a1c0d7be24a51");
  });

  it("still draws the page, without a code, when the root loader itself failed", () => {
    const html = errorPage({ error: new Error("falló el loader de la raíz") });
    expect(html).toContain('data-status="500"');
    expect(html).toContain("Ir al inicio");
    expect(html).not.toContain("Código de la solicitud");
  });
});
