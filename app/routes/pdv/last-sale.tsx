import { redirect, type LoaderFunctionArgs } from "react-router";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { lastSaleOf } from "~/modules/pdv/history.server";

/** Última venta: reprints the user's last ticket. */
export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requireAccess(request, url);
  const id = await lastSaleOf(user.id);
  if (!id)
    return redirectWithToast("/pdv", {
      title: "Sin resultados",
      message: "No se encontraron registros para esta sesión",
      variant: "warning",
    });
  return redirect(`/pdv/sales/${id}/ticket?reprint=1`);
}
