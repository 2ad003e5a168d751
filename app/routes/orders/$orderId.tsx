import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data } from "react-router";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { can } from "~/lib/access";
import { answerSave, replyErrors, type SaveRefusal } from "~/lib/save.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess, requireFeature } from "~/lib/auth/guard.server";
import { OrderDialog, listSearch, type OrderActionData, type OrderDialogView } from "~/routes/orders/order-dialog";
import { NOT_UPDATED, saveOrderEdits } from "~/modules/orders/order-edit.server";
import { getOrderDetail, markDelivered, setInvoiceDisabled, syncOrderStatus } from "~/modules/orders/orders.server";
import { orderLookups, sendOrderPackage } from "~/modules/orders/marketplace.server";
import { ORDER_EDIT_CONSTRAINT } from "~/modules/orders/constraints.server";
import { MOVEMENT_MESSAGES } from "~/modules/orders/movement";
import { OrderEditSchema } from "~/modules/orders/order-edit-form";
import { InvoiceToggleSchema, ManualDeliverySchema, OrderIntentSchema, parseOrderId } from "~/modules/orders/schemas";
import { isDataRequest, readForm } from "~/lib/http.server";

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [{ title: data ? `Orden ${data.order.id}` : "Orden" }];

function notFound(): never {
  throw new Response("La orden no existe.", { status: 404 });
}

function orderIdFrom(params: { orderId?: string }) {
  return parseOrderId(params.orderId) ?? notFound();
}

export async function loader({ request, url, params }: LoaderFunctionArgs): Promise<OrderDialogView> {
  const user = await requireAccess(request, url);
  const detail = (await getOrderDetail(orderIdFrom(params))) ?? notFound();
  // The marketplace's buyer and collection schedule; a failed call leaves the app's data and a note.
  // A navigation with JavaScript opens the dialog at once and fills them in when the marketplace
  // answers (up to the integration time-out); a whole page waits for them.
  const marketplace = orderLookups(detail.order);
  return {
    ...detail,
    marketplace: isDataRequest(request) ? marketplace : await marketplace,
    canToggleInvoice: can(user, "orders.invoiceLinkToggle"),
    confirmInvoice: url.searchParams.get("confirm") === "invoice",
    editConstraint: ORDER_EDIT_CONSTRAINT,
  };
}

/** A refusal as the dialog shows it: in the page, above the form, with what was typed kept. */
const shown = (refusal: SaveRefusal, result: OrderActionData["result"]): OrderActionData => ({
  result,
  toast: { title: NOT_UPDATED, message: refusal.message, variant: refusal.reason === "conflict" ? "warning" : "danger" },
});

export async function action({ request, url, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request, url);
  const id = orderIdFrom(params);
  const formData = await readForm(request);
  const intent = OrderIntentSchema.safeParse(formData.get("intent") ?? "save");
  if (!intent.success) throw new Response("Acción desconocida.", { status: 400 });
  const selfUrl = `/orders/${id}${listSearch(url)}`;
  const saved = ({ toast }: { toast: OrderActionData["toast"] }) => ({ to: selfUrl, toast });
  const reloadOnConflict = (refusal: SaveRefusal) => ({
    to: selfUrl,
    toast: { title: NOT_UPDATED, message: refusal.message, variant: "warning" as const },
  });

  switch (intent.data) {
    case "save": {
      const submission = parseWithZod(formData, { schema: OrderEditSchema });
      if (submission.status !== "success") {
        return data<OrderActionData>(
          { result: submission.reply(), toast: { title: NOT_UPDATED, message: MOVEMENT_MESSAGES.review, variant: "danger" } },
          { status: 400 },
        );
      }
      return answerSave(await saveOrderEdits(id, submission.value, actor), {
        saved,
        reloadOnConflict,
        refused: (r) => shown(r, submission.reply(replyErrors(r))),
      });
    }
    case "sync-status": {
      const result = await syncOrderStatus(id, actor);
      if (!result.ok && result.reason === "missing") notFound();
      return redirectWithToast(selfUrl, result.toast);
    }
    case "mark-delivered": {
      const parsed = ManualDeliverySchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success) throw new Response("Solicitud inválida.", { status: 400 });
      return answerSave(await markDelivered(id, parsed.data.version, actor), { saved, reloadOnConflict, refused: (r) => shown(r, null) });
    }
    case "send-package": {
      const parsed = ManualDeliverySchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success) throw new Response("Solicitud inválida.", { status: 400 });
      return answerSave(await sendOrderPackage(id, parsed.data.version, actor), {
        saved,
        reloadOnConflict,
        refused: (r) => shown(r, null),
      });
    }
    case "toggle-invoice": {
      await requireFeature(request, url, "orders.invoiceLinkToggle", selfUrl);
      const parsed = InvoiceToggleSchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success) throw new Response("Solicitud inválida.", { status: 400 });
      return answerSave(await setInvoiceDisabled(id, parsed.data.invoiceDisabled, parsed.data.version, actor), {
        saved,
        reloadOnConflict,
        refused: (r) => shown(r, null),
      });
    }
  }
}

export default function OrderRoute() {
  return <OrderDialog />;
}

export function ErrorBoundary() {
  return <DialogErrorBoundary listPath="/orders" notFoundTitle="Orden no encontrada" notFoundText="La orden no existe o fue eliminada." />;
}
