import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Link, useLocation } from "react-router";
import { RouteDialog } from "~/components/Dialog";
import { requireAccess } from "~/lib/auth/guard.server";

export const meta: MetaFunction = () => [{ title: "Diálogo de ejemplo" }];

export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  return null;
}

export default function ThemeDialog() {
  const { search } = useLocation();
  const closeTo = `/theme${search}`;
  return (
    <RouteDialog
      title="Diálogo de ejemplo"
      description="Una ruta anidada que el servidor muestra ya abierta."
      closeTo={closeTo}
      footer={
        <Link to={closeTo} preventScrollReset className="btn-secondary">
          Cerrar
        </Link>
      }
    >
      <p className="text-sm text-slate-600">
        Su dirección se puede guardar en marcadores y compartir; cerrar vuelve a la lista con los mismos filtros. Funciona sin JavaScript;
        con él se añaden el foco atrapado, la tecla Escape y el clic fuera.
      </p>
    </RouteDialog>
  );
}
