import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { redirect } from "react-router";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { getOrderLabel } from "~/modules/orders/labels.server";
import { fileResponse, notFound } from "~/lib/http.server";
import { parseOrderId } from "~/modules/orders/schemas";

/**
 * The shipment label of one order (print or reprint) as a PDF, opened in a new window by a plain
 * POST form. Printing changes the order (printed), so a GET only leads back to the dialog.
 */
export async function loader({ request, url, params }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  const id = parseOrderId(params.orderId);
  return redirect(id ? `/orders/${id}` : "/orders");
}

export async function action({ request, url, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request, url);
  const id = parseOrderId(params.orderId);
  if (!id) throw new Response("La orden no existe.", { status: 404 });
  const result = await getOrderLabel(id, actor);
  if (result.ok)
    return fileResponse({
      bytes: result.pdf,
      filename: result.filename,
      contentType: "application/pdf",
      disposition: "inline",
      cacheControl: "private, no-store",
    });
  if (result.reason === "missing") notFound(result.message);
  return redirectWithToast(`/orders/${id}`, { title: "Etiqueta no disponible", message: result.message, variant: "danger" });
}
