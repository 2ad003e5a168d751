import { act, screen, waitFor, within } from "@testing-library/react";
import { Outlet, redirect, useLoaderData, type ActionFunctionArgs } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "~/components/Toast";
import { constraintsOf } from "~/lib/constraints";
import { q } from "~/lib/query";
import { ToastSchema, type Toast, type ToastInput } from "~/lib/toast";
import { DemoFieldSchema } from "~/routes/theme/demo-field-form";
import Theme, { type loader as themeLoader } from "~/routes/theme/route";
import { renderRoutes } from "./stub";

/**
 * The flash cookie, as toast.server.ts keeps it: an action puts a toast in, the root loader takes it out
 * (once) and the layout hands it to the Toaster, as app/root.tsx does.
 */
function flashRoutes(first: ToastInput | null = null) {
  let flashed: Toast | null = first && ToastSchema.parse(first);
  function Root() {
    const { toast } = useLoaderData<{ toast: Toast | null }>();
    return (
      <>
        <Outlet />
        <Toaster toast={toast} />
      </>
    );
  }
  const themeData: Awaited<ReturnType<typeof themeLoader>> = {
    rows: [],
    total: 0,
    page: 1,
    pageSize: 5,
    query: { search: undefined, sortName: undefined, sortValue: undefined, page: 1 },
    now: "2024-03-15T18:45:30.000Z",
    searchConstraint: constraintsOf({ search: q.search() }).search,
    fieldConstraint: constraintsOf(DemoFieldSchema),
  };
  return [
    {
      id: "root",
      Component: Root,
      loader: () => {
        const toast = flashed;
        flashed = null;
        return { toast };
      },
      children: [
        {
          path: "/theme",
          Component: Theme,
          loader: () => themeData,
          // The kit's "Aviso …" buttons: a toast of the variant posted, flashed across a redirect.
          action: async ({ request }: ActionFunctionArgs) => {
            const variant = String((await request.formData()).get("variant"));
            flashed = ToastSchema.parse({ title: `Aviso ${variant}`, message: `Mensaje ${variant}`, variant });
            return redirect("/theme");
          },
        },
      ],
    },
  ];
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the toast (Toaster)", () => {
  it("a toast flashed by a post shows with its variant; warning and danger interrupt as alerts", async () => {
    const { user } = renderRoutes(flashRoutes(), "/theme");
    await screen.findByRole("heading", { name: "Tema" });
    const expected = { success: "status", info: "status", warning: "alert", danger: "alert" };
    for (const [variant, role] of Object.entries(expected)) {
      await user.click(screen.getByRole("button", { name: `Aviso ${variant}` }));
      await waitFor(() => expect(screen.getByTestId("toast").getAttribute("data-variant")).toBe(variant));
      const toast = screen.getByTestId("toast");
      expect(toast.getAttribute("role")).toBe(role);
      expect(within(toast).getByText(`Aviso ${variant}`)).toBeTruthy();
      expect(within(toast).getByText(`Mensaje ${variant}`)).toBeTruthy();
    }
  });

  it("its ✕ closes it, and the next toast shows again", async () => {
    // Thirty seconds, the longest a toast may stay: within the wait below, only ✕ can take it away.
    const saved = { title: "Guardado", message: "Los cambios se guardaron.", variant: "success", durationMs: 30000 } as const;
    const { user } = renderRoutes(flashRoutes(saved), "/theme");
    expect((await screen.findByTestId("toast")).textContent).toContain("Guardado");
    await user.click(screen.getByText("✕"));
    await waitFor(() => expect(screen.queryByTestId("toast")).toBeNull());

    await user.click(screen.getByRole("button", { name: "Aviso info" }));
    const again = await screen.findByTestId("toast");
    expect(again.getAttribute("data-variant")).toBe("info");
  });

  it("leaves by itself after 5 s, and after its own time when it has one (8 s)", async () => {
    // The clock is faked before the first render: the toast's timer starts with it. Nothing here
    // waits with Testing Library's helpers, which run on the real clock.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const first = renderRoutes(flashRoutes({ title: "Guardado", variant: "success" }), "/theme");
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId("toast").textContent).toContain("Guardado");
    await act(() => vi.advanceTimersByTimeAsync(4999));
    expect(screen.queryByTestId("toast")).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByTestId("toast")).toBeNull();
    first.unmount();

    renderRoutes(flashRoutes({ title: "Código generado", variant: "success", durationMs: 8000 }), "/theme");
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId("toast").textContent).toContain("Código generado");
    await act(() => vi.advanceTimersByTimeAsync(7999));
    expect(screen.queryByTestId("toast")).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByTestId("toast")).toBeNull();
  });
});
