import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { redirect } from "react-router";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { getBulkLabels } from "~/modules/orders/labels.server";
import { fileResponse, readForm } from "~/lib/http.server";
import { parseOrderId } from "~/modules/orders/schemas";

/** Bulk label printing: the orders ticked on the list page, their labels in one PDF (new window). */
export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  return redirect("/orders");
}

export async function action({ request, url }: ActionFunctionArgs) {
  const actor = await requireAccess(request, url);
  const form = await readForm(request);
  const ids = form
    .getAll("ids")
    .map((v) => parseOrderId(typeof v === "string" ? v : null))
    .filter((v): v is bigint => v !== null);
  const result = await getBulkLabels(ids, actor);
  if (result.ok)
    return fileResponse({
      bytes: result.pdf,
      filename: result.filename,
      contentType: "application/pdf",
      disposition: "inline",
      cacheControl: "private, no-store",
    });
  return redirectWithToast("/orders", { title: "Etiquetas no disponibles", message: result.message, variant: "warning" });
}
