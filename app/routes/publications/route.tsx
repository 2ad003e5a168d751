import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { RelativeTime } from "~/components/RelativeTime";
import { Link, useLoaderData, useLocation } from "react-router";
import { z } from "zod";
import { Badge } from "~/components/Badge";
import { type Column } from "~/components/DataTable";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { FilterBar, FilterSelect, SearchInput } from "~/components/FilterBar";
import { ListPage } from "~/components/ListPage";
import { can } from "~/lib/access";
import { formatNumber } from "@common/format";
import { parseQuery } from "~/lib/query";
import { redirectWithToast } from "~/lib/toast.server";
import { useAppUser } from "~/lib/use-app-user";
import { requireAccess } from "~/lib/auth/guard.server";
import { CHANNELS } from "~/modules/publications/constants";
import { isBrandAccount, publicationTypeLabel, statusLabel, storeLabel, storeVariant } from "~/modules/publications/labels";
import { CopyLinkButton, DownloadButton, SyncSwitch } from "~/routes/publications/list-widgets";
import { listPublications, setSyncSwitch, type PublicationListRow } from "~/modules/publications/publications.server";
import { PublicationIdSchema, PublicationListQuery, SyncSwitchSchema } from "~/modules/publications/schemas";
import { getEnv } from "@server/env";
import { getDb } from "@server/db/client";
import { publications } from "@server/db/schema";
import { eq } from "drizzle-orm";
import { redirectPastLastPage } from "~/lib/list.server";
import { readForm } from "~/lib/http.server";

export const meta: MetaFunction = () => [{ title: "Publicaciones" }];

const CopyLinkSchema = z.object({ intent: z.literal("copy-link"), id: PublicationIdSchema });

export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  const query = parseQuery(url, PublicationListQuery);
  const list = await listPublications(query);
  redirectPastLastPage(url, list, list.page);
  return { ...list, query, brand: getEnv().BRAND_NAME };
}

export async function action({ request, url }: ActionFunctionArgs) {
  const user = await requireAccess(request, url);
  const { search } = url;
  const back = `/publications${search}`;
  const form = Object.fromEntries(await readForm(request));
  if (form.intent === "copy-link") {
    const parsed = CopyLinkSchema.safeParse(form);
    const [row] = parsed.success
      ? await getDb().select({ permalink: publications.permalink }).from(publications).where(eq(publications.id, parsed.data.id)).limit(1)
      : [];
    if (!row?.permalink)
      return redirectWithToast(back, {
        title: "Publicación no encontrada",
        message: "La publicación no existe o no tiene enlace.",
        variant: "warning",
      });
    return redirectWithToast(back, { title: "Enlace de la publicación", message: row.permalink, variant: "info", durationMs: 8000 });
  }
  const parsed = SyncSwitchSchema.safeParse(form);
  if (!parsed.success) {
    return redirectWithToast(back, { title: "Solicitud inválida", message: "No se reconoció el cambio solicitado.", variant: "warning" });
  }
  const { id, field, value } = parsed.data;
  const changed = await setSyncSwitch(id, field, value, user.id);
  if (!changed)
    return redirectWithToast(back, { title: "Publicación no encontrada", message: `La publicación ${id} no existe.`, variant: "warning" });
  const label = field === "priceSync" ? "precio" : "stock";
  return redirectWithToast(back, {
    title: "Publicación actualizada",
    message: `Sincronización de ${label} ${value ? "activada" : "desactivada"} en ${id}.`,
    variant: "success",
    durationMs: 3000,
  });
}

export default function PublicationsList() {
  const { rows, total, page, pageSize, query, brand } = useLoaderData<typeof loader>();
  const user = useAppUser();
  const { search } = useLocation();
  const action = `/publications${search}`;
  const columns: Column<PublicationListRow>[] = [
    {
      key: "id",
      header: "ID",
      sortName: "id",
      className: "whitespace-nowrap",
      cell: (p) => (
        <span className="inline-flex items-center gap-1">
          {p.permalink ? (
            <a href={p.permalink} target="_blank" rel="noreferrer" className="font-mono text-xs text-brand-700 underline">
              {p.id}
            </a>
          ) : (
            <span className="font-mono text-xs">{p.id}</span>
          )}
          {p.permalink ? <CopyLinkButton id={p.id} permalink={p.permalink} action={action} /> : null}
        </span>
      ),
    },
    {
      key: "store",
      header: "Tienda",
      className: "whitespace-nowrap",
      cell: (p) => (
        <span className="flex flex-col items-start gap-1">
          <Badge variant={storeVariant(p.mlStore)}>{storeLabel(p.mlStore, brand)}</Badge>
          {isBrandAccount(p.officialStore, brand) ? <span className="text-[11px] text-slate-500">Cuenta {brand}</span> : null}
        </span>
      ),
    },
    {
      key: "channels",
      header: "Canales",
      cell: (p) => (
        <span className="flex gap-1">
          {CHANNELS.filter(([key]) => p.channels.includes(key)).map(([key, short]) => (
            <Badge key={key} variant={key === "marketplace" ? "warning" : "primary"}>
              {short}
            </Badge>
          ))}
        </span>
      ),
    },
    { key: "type", header: "Tipo", cell: (p) => <Badge variant="gray">{publicationTypeLabel(p.hasVariations)}</Badge> },
    {
      key: "status",
      header: "Estado",
      sortName: "status",
      cell: (p) => <Badge variant={p.status === "active" ? "success" : "danger"}>{statusLabel(p.status)}</Badge>,
    },
    { key: "title", header: "Título", sortName: "title", className: "min-w-64", cell: (p) => p.title },
    { key: "sold", header: "Vendidos", sortName: "sold", className: "text-right", cell: (p) => formatNumber(p.soldQuantity) },
    { key: "visits", header: "Visitas", sortName: "visits", className: "text-right", cell: (p) => formatNumber(p.visits) },
    {
      key: "lastSync",
      header: "Última sincronización",
      sortName: "lastSync",
      className: "whitespace-nowrap",
      cell: (p) => (p.lastSyncDown ? <RelativeTime date={p.lastSyncDown} /> : "—"),
    },
    {
      key: "priceSync",
      header: "Sinc. precio",
      sortName: "priceSync",
      cell: (p) => <SyncSwitch id={p.id} field="priceSync" value={p.priceSync} action={action} label="Sincronizar precio de" />,
    },
    {
      key: "stockSync",
      header: "Sinc. stock",
      sortName: "stockSync",
      cell: (p) => <SyncSwitch id={p.id} field="stockSync" value={p.stockSync} action={action} label="Sincronizar stock de" />,
    },
    {
      key: "edit",
      header: <span className="sr-only">Editar</span>,
      cell: (p) => (
        <Link
          to={`/publications/${p.id}${search}`}
          preventScrollReset
          className="btn-ghost px-2 py-1 text-sm"
          aria-label={`Editar ${p.id}`}
        >
          Editar
        </Link>
      ),
    },
  ];
  return (
    <ListPage
      texts={{ title: "Publicaciones", empty: "No hay publicaciones que coincidan con la búsqueda." }}
      basePath="/publications"
      list={{ rows, total, page, pageSize }}
      columns={columns}
      actions={
        <>
          <Link to={`/publications/new${search}`} preventScrollReset className="btn-primary">
            Nueva Publicación
          </Link>
          <DownloadButton href="/publications/unsynced.xlsx">Sin sincronizar</DownloadButton>
          {can(user, "publications.stockReport") ? (
            <Link to={`/publications/stock-report${search}`} preventScrollReset className="btn-secondary">
              Por stock
            </Link>
          ) : null}
          {can(user, "publications.salesReport") ? (
            <Link to={`/publications/sales-report${search}`} preventScrollReset className="btn-secondary">
              Generar reporte
            </Link>
          ) : null}
        </>
      }
      filters={
        <FilterBar clearTo="/publications">
          <SearchInput
            defaultValue={query.search ?? ""}
            placeholder={query.skuSearch ? "SKU completo, p. ej. QO120" : "Título o ID (MLM…)"}
            label="Buscar"
            enterOnlyWith="skuSearch"
          />
          <label className="flex items-center gap-2 self-end pb-2 text-sm">
            <input type="checkbox" name="skuSearch" value="true" defaultChecked={!!query.skuSearch} className="h-4 w-4" />
            Buscar por SKU
          </label>
          <FilterSelect
            name="filterStatus"
            label="Estado"
            value={query.filterStatus}
            allLabel="Todas"
            options={[
              ["active", "Activas"],
              ["paused", "Inactivas"],
            ]}
          />
        </FilterBar>
      }
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
