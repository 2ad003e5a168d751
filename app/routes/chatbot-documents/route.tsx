import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Link, useLoaderData, useLocation } from "react-router";
import { Badge } from "~/components/Badge";
import type { Column } from "~/components/DataTable";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { SearchInput } from "~/components/FilterBar";
import { constraintsOf } from "~/lib/constraints";
import { can } from "~/lib/access";
import { requireAccess } from "~/lib/auth/guard.server";
import { listAssistants } from "~/modules/assistants/assistants.server";
import { ASSISTANTS_PATH, ASSISTANT_TEXTS, listSearchOf } from "~/modules/assistants/texts";
import { ListQueryShape, parseAssistantListQuery, type AssistantRow } from "~/modules/assistants/rules";
import { RecordListPage } from "~/components/RecordListPage";
import { loadListPage } from "~/lib/list.server";

export const meta: MetaFunction = () => [{ title: ASSISTANT_TEXTS.title }];

export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requireAccess(request, url);
  const page = await loadListPage(url, parseAssistantListQuery, listAssistants);
  return { ...page, canDelete: can(user, "assistants.delete"), searchConstraint: constraintsOf(ListQueryShape).search };
}

export default function AssistantsList() {
  const list = useLoaderData<typeof loader>();
  const { query, canDelete, searchConstraint } = list;
  const listSearch = listSearchOf(useLocation().search);
  const to = (r: AssistantRow, suffix = "") => `${ASSISTANTS_PATH}/${r.id}${suffix}${listSearch}`;
  const columns: Column<AssistantRow>[] = [
    { key: "id", header: "ID", className: "w-16 tabular-nums text-slate-600", cell: (r) => r.id },
    {
      key: "name",
      header: "Nombre",
      cell: (r) => (
        <span className="inline-flex items-center gap-2">
          <Link to={to(r)} preventScrollReset className="font-medium text-brand-700 underline">
            {r.name}
          </Link>
          {r.restricted ? <Badge variant="warning">{ASSISTANT_TEXTS.restricted}</Badge> : null}
        </span>
      ),
    },
    {
      key: "documents",
      header: "Documentos",
      className: "w-28 tabular-nums",
      cell: (r) => <Badge variant={r.documents ? "info" : "gray"}>{r.documents}</Badge>,
    },
    {
      key: "actions",
      header: <span className="sr-only">Acciones</span>,
      className: "w-64 whitespace-nowrap text-right",
      cell: (r) => (
        <>
          <Link to={to(r)} preventScrollReset className="btn-ghost px-2 py-1" aria-label={`Editar ${r.name}`}>
            Editar
          </Link>
          <Link to={to(r, "/chat")} preventScrollReset className="btn-ghost px-2 py-1" aria-label={`Chat con ${r.name}`}>
            Chat
          </Link>
          {canDelete ? (
            <Link to={to(r, "/delete")} preventScrollReset className="btn-ghost px-2 py-1 text-red-700" aria-label={`Eliminar ${r.name}`}>
              Eliminar
            </Link>
          ) : null}
        </>
      ),
    },
  ];
  return (
    <RecordListPage texts={ASSISTANT_TEXTS} basePath={ASSISTANTS_PATH} list={list} columns={columns} listSearch={listSearch}>
      <SearchInput constraint={searchConstraint} defaultValue={query.search} placeholder="Nombre del asistente" label="Buscar" />
    </RecordListPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
