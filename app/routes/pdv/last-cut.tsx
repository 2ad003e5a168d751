import { redirect, type LoaderFunctionArgs } from "react-router";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { lastBoxCutOf } from "~/modules/pdv/history.server";

/** Último corte: reprints the user's last box-cut slip. */
export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requireAccess(request, url);
  const id = await lastBoxCutOf(user.id);
  if (!id)
    return redirectWithToast("/pdv", {
      title: "Sin resultados",
      message: "No se encontraron registros para esta sesión",
      variant: "warning",
    });
  return redirect(`/pdv/sessions/${id}/slip?reprint=1`);
}
