import { screen, waitFor, within } from "@testing-library/react";
import { Link, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { constraintsOf } from "~/lib/constraints";
import type { OrderLookups } from "~/modules/orders/marketplace.server";
import { OrderEditSchema } from "~/modules/orders/order-edit-form";
import { LOOKUPS_FAILED, OrderDialog, type OrderDialogView } from "~/routes/orders/order-dialog";
import { renderRoutes } from "./stub";

const ORDER_ID = "2000001234567890";
const USUAL_WINDOW = { day: "15/03/2025", from: "09:30", to: "10:30", sameDay: true };

/** A paid collection (cross-docking) order of the marketplace, as the route's loader gives it. */
function orderView(marketplace: OrderDialogView["marketplace"]): OrderDialogView {
  return {
    order: {
      id: ORDER_ID,
      relatedOrderId: null,
      title: "Contacto sencillo 15 A",
      store: "Mercado Libre",
      account: "main",
      orderDate: "2025-03-15T15:00:00.000Z",
      readyDate: null,
      updatedAt: "2025-03-15T15:00:00.000Z",
      logisticType: "cross_docking",
      orderStatus: "paid",
      shipmentStatus: "ready_to_ship",
      claimStatus: null,
      statusHistory: ["paid"],
      shipmentId: null,
      buyerNickname: "COMPRADOR77",
      shippingInfo: { firstName: "Luisa", lastName: "Pérez" },
      paymentInfo: null,
      items: [],
      totalAmount: 250,
      shippingCostBuyer: null,
      saleFee: null,
      totalCharges: null,
      documentAmount: null,
      printedLabel: false,
      manualDelivered: null,
      invoiceDisabled: false,
      estimatedHandlingLimit: null,
    },
    edit: {
      intelisisMovement: null,
      creditNote: null,
      packageManager: null,
      orderStatus: "paid",
      comments: null,
      splittedOrder: null,
      logisticType: "cross_docking",
      balance: 0,
      version: 1,
      products: [],
    },
    status: { key: "paid", label: "Pagado", variant: "primary" },
    packageManagers: [],
    rules: {
      label: { allowed: false, reprint: false },
      delayed: false,
      marketplace: true,
      canMarkDelivered: false,
      canSendPackage: false,
      invoice: null,
      branch: null,
      collection: USUAL_WINDOW,
      ecommerce: null,
      tracking: null,
    },
    marketplace,
    canToggleInvoice: false,
    confirmInvoice: false,
    editConstraint: constraintsOf(OrderEditSchema),
  };
}

const ANSWER: OrderLookups = {
  buyer: { name: "Ana Gómez", nickname: "ANAGOMEZ", buyerId: 77 },
  collection: { day: "17/03/2025", from: "09:30", to: "10:30", sameDay: false },
  notes: [],
};

/** A marketplace answer the test hands over when it chooses. */
function pendingAnswer() {
  let answer!: (found: OrderLookups) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<OrderLookups>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { promise, answer, fail };
}

const openDialog = (marketplace: OrderDialogView["marketplace"]) =>
  renderRoutes([{ path: "/orders/:orderId", Component: OrderDialog, loader: () => orderView(marketplace) }], `/orders/${ORDER_ID}`);

describe("the order dialog while the marketplace is asked (a navigation with JavaScript)", () => {
  it("opens with the app's data and says what it is asking; the buyer and the schedule fill in when they come", async () => {
    const marketplace = pendingAnswer();
    openDialog(marketplace.promise);
    const dialog = await screen.findByRole("dialog", { name: `Orden ${ORDER_ID}` });
    // The app's own data is there from the start: the status, the history, the total.
    expect(within(dialog).getByText("Pagado")).toBeTruthy();
    expect(within(dialog).getByText("Total").nextElementSibling?.textContent).toMatch(/250\.00/);
    const asking = within(dialog).getAllByTestId("marketplace-pending");
    expect(asking.map((a) => a.textContent)).toEqual([
      "Consultando el comprador en Mercado Libre…",
      "Consultando el horario en Mercado Libre…",
    ]);
    expect(asking.every((a) => a.getAttribute("role") === "status")).toBe(true);

    marketplace.answer(ANSWER);
    await waitFor(() => expect(within(dialog).getByTestId("marketplace-buyer").textContent).toBe("Ana Gómez(ANAGOMEZ)"));
    expect(within(dialog).getByText("Luisa Pérez")).toBeTruthy(); // "Recibe": not the buyer the marketplace names
    expect(within(dialog).getByTestId("collection-time").textContent).toBe("17/03/2025, de 09:30 a 10:30 (día siguiente)");
    expect(within(dialog).queryByTestId("marketplace-pending")).toBeNull();
    expect(within(dialog).queryByTestId("lookup-notes")).toBeNull();
  });

  it("a failed look-up's note and the order's own data replace the waiting texts", async () => {
    const marketplace = pendingAnswer();
    openDialog(marketplace.promise);
    const dialog = await screen.findByRole("dialog");
    marketplace.answer({
      buyer: null,
      collection: USUAL_WINDOW,
      notes: ["No se pudo consultar el comprador en Mercado Libre; se muestran los datos de envío de la orden."],
    });
    await waitFor(() =>
      expect(within(dialog).getByTestId("lookup-notes").textContent).toBe(
        "No se pudo consultar el comprador en Mercado Libre; se muestran los datos de envío de la orden.",
      ),
    );
    expect(within(dialog).getByText("Luisa Pérez")).toBeTruthy();
    expect(within(dialog).getByText("(COMPRADOR77)")).toBeTruthy();
    expect(within(dialog).getByTestId("collection-time").textContent).toBe("15/03/2025, de 09:30 a 10:30 (mismo día)");
    expect(within(dialog).queryByTestId("marketplace-pending")).toBeNull();
  });

  it("an answer that never made sense (the look-ups broke) leaves the app's data with a note, not an error page", async () => {
    const marketplace = pendingAnswer();
    openDialog(marketplace.promise);
    const dialog = await screen.findByRole("dialog");
    marketplace.fail(new Error("se cortó la respuesta"));
    await waitFor(() => expect(within(dialog).getByTestId("lookup-notes").textContent).toBe(LOOKUPS_FAILED));
    expect(within(dialog).getByText("Luisa Pérez")).toBeTruthy();
    expect(within(dialog).getByTestId("collection-time").textContent).toBe("15/03/2025, de 09:30 a 10:30 (mismo día)");
  });
});

describe("the order dialog asked again (a save reloads its data)", () => {
  /** The orders screen around the dialog, with a link that reloads the dialog's data as a save does. */
  function OrdersScreen() {
    return (
      <>
        <Link to={`/orders/${ORDER_ID}?guardado=1`}>Recargar</Link>
        <Outlet />
      </>
    );
  }

  it("is drawn at once with the last answer kept, and takes the new answer when it comes", async () => {
    const first = pendingAnswer();
    const second = pendingAnswer();
    const answers = [first.promise, second.promise];
    let loads = 0;
    const { user, location } = renderRoutes(
      [
        {
          path: "/orders",
          Component: OrdersScreen,
          children: [{ path: ":orderId", Component: OrderDialog, loader: () => orderView(answers[loads++]) }],
        },
      ],
      `/orders/${ORDER_ID}`,
    );
    const dialog = await screen.findByRole("dialog");
    first.answer(ANSWER);
    await waitFor(() => expect(within(dialog).getByTestId("marketplace-buyer").textContent).toBe("Ana Gómez(ANAGOMEZ)"));

    await user.click(screen.getByRole("link", { name: "Recargar" }));
    // The reload is drawn while the marketplace is asked again: not held until it answers.
    await waitFor(() => expect(location()).toBe(`/orders/${ORDER_ID}?guardado=1`));
    expect(loads).toBe(2);
    expect(within(dialog).getByTestId("marketplace-buyer").textContent).toBe("Ana Gómez(ANAGOMEZ)");
    expect(within(dialog).getByTestId("collection-time").textContent).toBe("17/03/2025, de 09:30 a 10:30 (día siguiente)");
    expect(within(dialog).queryByTestId("marketplace-pending")).toBeNull();

    second.answer({ ...ANSWER, buyer: { name: "Beatriz Soto", nickname: "BSOTO", buyerId: 78 } });
    await waitFor(() => expect(within(dialog).getByTestId("marketplace-buyer").textContent).toBe("Beatriz Soto(BSOTO)"));
  });
});

describe("the order dialog as a whole page has it (the answer already there)", () => {
  it("shows the buyer and the schedule at once, with nothing said to be on its way", async () => {
    openDialog(ANSWER);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByTestId("marketplace-buyer").textContent).toBe("Ana Gómez(ANAGOMEZ)");
    expect(within(dialog).getByTestId("collection-time").textContent).toBe("17/03/2025, de 09:30 a 10:30 (día siguiente)");
    expect(within(dialog).queryByTestId("marketplace-pending")).toBeNull();
  });
});
