import { type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import type { LoaderData } from "~/lib/route-data";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "react-router";
import { RouteDialog } from "~/components/Dialog";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { formatDateTime } from "@common/format";
import { redirectWithToast } from "~/lib/toast.server";
import { requireFeature } from "~/lib/auth/guard.server";
import { refreshMovements, saleById } from "~/modules/pdv/history.server";
import { saleIdOf } from "~/lib/pdv-params.server";
import { DialogTable, type DialogColumn } from "~/routes/pdv/dialog-table";

export async function loader({ request, url, params }: LoaderFunctionArgs) {
  await requireFeature(request, url, "pdv.history", "/pdv");
  const sale = await saleById(saleIdOf(params));
  if (!sale) throw new Response("Venta no encontrada", { status: 404 });
  return { sale: { id: sale.id, saleCode: sale.saleCode, movements: sale.intelisisMovs } };
}

export async function action({ request, url, params }: ActionFunctionArgs) {
  const user = await requireFeature(request, url, "pdv.history", "/pdv?tab=historial");
  const id = saleIdOf(params);
  const back = `/pdv/sales/${id}/movements${url.search}`;
  const result = await refreshMovements(user.id, id);
  if (!result.ok) {
    if (result.reason === "missing") throw new Response("Venta no encontrada", { status: 404 });
    return redirectWithToast(back, { title: "Intelisis", message: result.message, variant: "danger" });
  }
  return redirectWithToast(back, { title: "Intelisis", message: "Información de movimientos actualizada", variant: "success" });
}

type Movement = LoaderData<typeof loader>["sale"]["movements"][number];
const MOVEMENT_COLUMNS: DialogColumn<Movement>[] = [
  { header: "Tipo", cell: (m) => m.mov },
  { header: "ID", className: "font-mono", cell: (m) => m.movid },
  { header: "Fecha", cell: (m) => formatDateTime(m.ultimocambio) },
];

export default function SaleMovements() {
  const { sale } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const busy = useNavigation().state === "submitting";
  const closeTo = `/pdv${search}`;
  return (
    <RouteDialog
      title={`Movimientos en Intelisis · ${sale.saleCode}`}
      closeTo={closeTo}
      footer={
        <>
          <Link to={closeTo} className="btn-secondary">
            Volver
          </Link>
          <Form method="post">
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? "Actualizando…" : "Actualizar movimiento"}
            </button>
          </Form>
        </>
      }
    >
      {sale.movements.length === 0 ? (
        <p className="text-sm text-slate-500">Sin resultados</p>
      ) : (
        <DialogTable
          label="Movimientos en Intelisis"
          columns={MOVEMENT_COLUMNS}
          rows={sale.movements}
          rowKey={(m) => `${m.mov}-${m.movid}`}
        />
      )}
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <DialogErrorBoundary listPath="/pdv?tab=historial" notFoundTitle="Venta no encontrada" notFoundText="La venta no existe." />;
}
