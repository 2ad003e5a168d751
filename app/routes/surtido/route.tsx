import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Link, useLoaderData, useLocation } from "react-router";
import { Badge } from "~/components/Badge";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { FailedLoad } from "~/components/FailedLoad";
import { FilterBar, SearchInput } from "~/components/FilterBar";
import { PageHeader } from "~/components/PageHeader";
import { Pagination } from "~/components/Pagination";
import { constraintsOf } from "~/lib/constraints";
import { requireAccess } from "~/lib/auth/guard.server";
import { SurtidoRecordCard } from "~/routes/surtido/record-card";
import { listSurtido } from "~/modules/surtido/surtido.server";
import { SurtidoListQueryShape, parseSurtidoListQuery } from "~/modules/surtido/list-query";
import { redirectPastLastPage } from "~/lib/list.server";

export const meta: MetaFunction = () => [{ title: "Surtido" }];

export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requireAccess(request, url);
  const query = parseSurtidoListQuery(url);
  const result = await listSurtido(query);
  if (result.ok) redirectPastLastPage(url, result, result.page);
  // The box shows the search as the ERP reads it (upper-cased by listSurtido).
  return {
    result,
    query: { ...query, search: result.search },
    level: user.role === "surtido" ? user.level : null,
    searchConstraint: constraintsOf(SurtidoListQueryShape).search,
  };
}

export default function Surtido() {
  const { result, query, level, searchConstraint } = useLoaderData<typeof loader>();
  const { pathname, search } = useLocation();
  return (
    <div>
      <PageHeader title="Surtido" total={result.ok ? result.total : undefined}>
        <p className="text-sm text-slate-500">
          Registros pendientes de surtir en Intelisis, con su lista de surtido por nivel.
          {level ? <span className="ml-1">Tu nivel: {level}.</span> : null}
        </p>
      </PageHeader>
      <div className="card mb-4 p-4">
        <FilterBar clearTo="/surtido" keep={[]}>
          <SearchInput constraint={searchConstraint} defaultValue={query.search} placeholder="Artículo, ubicación o número de registro" />
        </FilterBar>
      </div>
      {!result.ok ? (
        <FailedLoad title="No se pudo consultar el surtido en Intelisis." message={result.message}>
          <Link to={`${pathname}${search}`} className="btn-secondary mt-3 inline-flex">
            Reintentar
          </Link>
        </FailedLoad>
      ) : result.records.length === 0 ? (
        <div className="card p-8 text-center text-slate-500">
          {query.search ? `No hay registros de surtido que coincidan con "${query.search}".` : "No hay registros de surtido pendientes."}
        </div>
      ) : (
        <>
          <ul className="space-y-4" aria-label="Registros de surtido">
            {result.records.map((record) => (
              <li key={record.id}>
                <SurtidoRecordCard record={record} userLevel={level} />
              </li>
            ))}
          </ul>
          <Pagination page={result.page} total={result.total} pageSize={result.pageSize} basePath="/surtido" />
        </>
      )}
      {result.ok && result.records.length > 0 && result.records.some((r) => r.totals.missing > 0) ? (
        <p className="mt-2 text-xs text-slate-500">
          <Badge variant="danger">SINSTOCK</Badge> reúne lo que no alcanza con las existencias: se surte lo disponible por nivel y el resto
          queda pendiente.
        </p>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
