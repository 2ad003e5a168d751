import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, Link, Outlet, useActionData, useLoaderData, useLocation, useNavigation } from "react-router";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { FailedLoad } from "~/components/FailedLoad";
import { PageHeader } from "~/components/PageHeader";
import { Pagination } from "~/components/Pagination";
import { parseQuery } from "~/lib/query";
import { requireAccess } from "~/lib/auth/guard.server";
import { ClientPicker } from "~/components/quotations/client-picker";
import { PostedError } from "~/components/quotations/quotation-parts";
import { answerDraftChange } from "~/routes/shared/quotations/draft-route.server";
import { loadDraft, searchClients } from "~/modules/quotations/draft.server";
import { currentDollarRate } from "~/modules/pricing/rate.server";
import { ProductsTable } from "~/routes/products/products-table";
import { listProducts, ProductsQuery } from "~/modules/quotations/products.server";
import { safeBack } from "~/modules/quotations/routing";
import { redirectPastLastPage } from "~/lib/list.server";
import { readForm } from "~/lib/http.server";

export const meta: MetaFunction = () => [{ title: "Cotizador v3" }];

export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requireAccess(request, url);
  const query = parseQuery(url, ProductsQuery);
  const [draft, rate] = await Promise.all([loadDraft(user.id), currentDollarRate()]);
  const [list, clients] = await Promise.all([
    listProducts(query, draft.data.client.priceList, rate),
    query.client ? searchClients(query.client) : Promise.resolve(null),
  ]);
  if (list.ok) redirectPastLastPage(url, list, list.page);
  return {
    query,
    list,
    clients: clients ? clients.clients : null,
    draft: {
      version: draft.version,
      client: draft.data.client,
      items: Object.fromEntries(draft.data.lines.map((l) => [l.sku, l.qty])),
      count: draft.data.lines.length,
      sourceFolio: draft.data.sourceFolio,
    },
  };
}

export async function action({ request, url }: ActionFunctionArgs) {
  const user = await requireAccess(request, url);
  return answerDraftChange(user, await readForm(request), safeBack(url));
}

export default function ProductsPage() {
  const { query, list, clients, draft } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const { search } = useLocation();
  const busy = useNavigation().state === "submitting";
  const listParams = new URLSearchParams(search);
  listParams.delete("client");
  const listSearch = listParams.toString() ? `?${listParams}` : "";
  return (
    <div className="min-w-0">
      <PageHeader
        title="Cotizador v3"
        total={list.ok ? list.total : undefined}
        actions={
          <>
            <Link to={`/products/quotation${listSearch}`} preventScrollReset className="btn-primary" data-testid="quotation-button">
              Cotización ({draft.count})
            </Link>
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="clear" />
              <input type="hidden" name="version" value={draft.version} />
              <button type="submit" className="btn-secondary" disabled={busy || draft.count === 0}>
                Vaciar
              </button>
            </Form>
            <Link to="/products/quotes" className="btn-ghost">
              Cotizaciones guardadas
            </Link>
          </>
        }
      >
        <p className="text-sm text-slate-500">Los precios y existencias pueden variar.</p>
      </PageHeader>

      <PostedError message={posted && "error" in posted ? posted.error : null} className="card mb-4" />

      <div className="card mb-4 grid gap-4 p-4 lg:grid-cols-2">
        <div className="min-w-0">
          <p className="mb-2 text-sm" data-testid="current-client">
            Cliente: <strong>{draft.client.name}</strong> ({draft.client.key}) · {draft.client.priceList}
            {draft.sourceFolio ? <span className="ml-2 text-slate-500">Revisando {draft.sourceFolio}</span> : null}
          </p>
          <ClientPicker version={draft.version} query={query.client} results={clients} />
        </div>
        <Form method="get" role="search" aria-label="Buscar artículos" className="flex flex-col gap-1 self-end" preventScrollReset>
          {query.sortName ? <input type="hidden" name="sortName" value={query.sortName} /> : null}
          {query.sortValue ? <input type="hidden" name="sortValue" value={query.sortValue} /> : null}
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium text-slate-700">Buscar artículo</span>
            <input
              type="search"
              name="search"
              defaultValue={query.search ?? ""}
              className="input"
              placeholder="SKU, clave de fabricante o descripción (* al inicio: empieza con)"
              enterKeyHint="search"
            />
          </label>
          <span className="text-xs text-slate-500">Presiona Enter para buscar.</span>
        </Form>
      </div>

      {!list.ok ? (
        <FailedLoad title="No se pudo consultar el inventario en Intelisis." message={list.message} />
      ) : (
        <>
          <Pagination page={list.page} total={list.total} pageSize={list.pageSize} basePath="/products" />
          <ProductsTable rows={list.rows} inDraft={draft.items} busy={busy} />
          <Pagination page={list.page} total={list.total} pageSize={list.pageSize} basePath="/products" />
        </>
      )}
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
