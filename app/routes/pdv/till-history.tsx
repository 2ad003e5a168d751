import { Form, Link } from "react-router";
import type { LoaderData } from "~/lib/route-data";
import { useRef } from "react";
import { DayRangeInputs, useInputsFollowUrl } from "~/components/FilterBar";
import { Pagination } from "~/components/Pagination";
import { Badge } from "~/components/Badge";
import { formatDateTime, formatMoney } from "@common/format";
import { withParams } from "~/lib/list-url";
import type { PdvLoader } from "~/routes/pdv/route";

type History = NonNullable<LoaderData<PdvLoader>["history"]>;

export function HistoryView({ history, search }: { history: History; search: string }) {
  const filters = useRef<HTMLFormElement>(null);
  useInputsFollowUrl(filters);
  return (
    <div className="space-y-4">
      <Form ref={filters} method="get" action="/pdv" className="card flex flex-wrap items-end gap-3 p-4">
        <input type="hidden" name="tab" value="historial" />
        <DayRangeInputs range={history.range} />
        <button type="submit" className="btn-primary">
          Filtrar
        </button>
        <Link to="/pdv?tab=historial" className="btn-secondary">
          Limpiar Filtros
        </Link>
        {history.rangeIgnored ? (
          <p className="w-full text-sm text-amber-800">El rango de fechas no es válido: se muestran todas las sesiones.</p>
        ) : null}
      </Form>
      {history.sessions.length === 0 ? (
        <div className="card p-8 text-center text-slate-500">Sin resultados</div>
      ) : (
        <ul className="space-y-3" aria-label="Sesiones de caja">
          {history.sessions.map((s) => {
            const open = history.openSession === s.id;
            return (
              <li key={s.id} className="card p-4" data-session={s.id}>
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <div className="text-sm">
                    <p className="font-semibold">{`${s.firstName} ${s.lastName}`.trim()}</p>
                    <p className="text-slate-600">Sesión {s.id}</p>
                    <p className="text-slate-600">Apertura: {formatDateTime(s.dateOpen)}</p>
                    <p className="text-slate-600">{s.dateClose ? `Cierre: ${formatDateTime(s.dateClose)}` : "Activo actualmente"}</p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {s.dateClose ? (
                      <a href={`/pdv/sessions/${s.id}/slip?reprint=1`} target="_blank" rel="noreferrer" className="btn-secondary">
                        Corte
                      </a>
                    ) : null}
                    <Link
                      to={`/pdv${withParams(search, { session: open ? null : s.id, salesPage: null, sale: null, cut: null, repeat: null })}`}
                      className="btn-secondary"
                      preventScrollReset
                    >
                      {open ? "Ocultar" : "Ver ventas"}
                    </Link>
                  </div>
                </div>
                {open && history.sales ? <SalesTable sales={history.sales} search={search} /> : null}
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={history.page} total={history.total} pageSize={history.pageSize} basePath="/pdv" />
    </div>
  );
}

function SalesTable({ sales, search }: { sales: NonNullable<History["sales"]>; search: string }) {
  if (sales.sales.length === 0) return <p className="mt-3 text-center text-sm text-slate-500">Sin resultados</p>;
  const keep = withParams(search, { sale: null, cut: null, repeat: null });
  return (
    <div className="mt-3">
      <div className="overflow-x-auto">
        <table className="w-full min-w-[52rem] text-sm" aria-label="Ventas de la sesión">
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>
              <th className="px-2 py-2">ID Venta</th>
              <th className="px-2 py-2">Fecha</th>
              <th className="px-2 py-2 text-right">Total</th>
              <th className="px-2 py-2 text-right">Subtotal</th>
              <th className="px-2 py-2 text-right">Efectivo</th>
              <th className="px-2 py-2 text-right">TC</th>
              <th className="px-2 py-2 text-right">TD</th>
              <th className="px-2 py-2">Movimiento en Intelisis</th>
              <th className="px-2 py-2">Estado</th>
              <th className="px-2 py-2">Acciones</th>
            </tr>
          </thead>
          <tbody>
            {sales.sales.map((sale) => {
              const last = sale.intelisisMovs[sale.intelisisMovs.length - 1];
              return (
                <tr key={sale.id} className="border-t border-slate-100" data-sale={sale.saleCode}>
                  <td className="px-2 py-2 font-mono">{sale.saleCode}</td>
                  <td className="px-2 py-2">{formatDateTime(sale.dateCreated)}</td>
                  <td className="px-2 py-2 text-right">{formatMoney(sale.total)}</td>
                  <td className="px-2 py-2 text-right">{formatMoney(sale.subtotal)}</td>
                  <td className="px-2 py-2 text-right">{formatMoney(sale.amountCash)}</td>
                  <td className="px-2 py-2 text-right">{formatMoney(sale.amountCardCredit)}</td>
                  <td className="px-2 py-2 text-right">{formatMoney(sale.amountCardDebit)}</td>
                  <td className="px-2 py-2">
                    <Link to={`/pdv/sales/${sale.id}/movements${keep}`} className="text-sky-700 underline" preventScrollReset>
                      {last ? `${last.mov} ${last.movid}` : sale.intelisisStatus ? "Enviada" : "Pendiente"}
                    </Link>
                  </td>
                  <td className="px-2 py-2">
                    {sale.isActive ? <Badge variant="success">Activa</Badge> : <Badge variant="danger">Cancelada</Badge>}
                  </td>
                  <td className="px-2 py-2">
                    <div className="flex gap-1">
                      <Link
                        to={`/pdv/sales/${sale.id}/${sale.isActive ? "cancel" : "activate"}${keep}`}
                        className="btn-secondary px-2 py-1"
                        preventScrollReset
                      >
                        {sale.isActive ? "Desactivar" : "Activar"}
                      </Link>
                      <a
                        href={`/pdv/sales/${sale.id}/ticket?reprint=1`}
                        target="_blank"
                        rel="noreferrer"
                        className="btn-secondary px-2 py-1"
                      >
                        Imprimir
                      </a>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pagination page={sales.page} total={sales.total} pageSize={sales.pageSize} param="salesPage" basePath="/pdv" />
    </div>
  );
}
