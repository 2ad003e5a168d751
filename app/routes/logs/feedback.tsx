import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Link } from "react-router";
import { useLoaderData } from "react-router";
import type { Column } from "~/components/DataTable";
import { FilterBar, SearchInput } from "~/components/FilterBar";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { ListPage } from "~/components/ListPage";
import { constraintsOf } from "~/lib/constraints";
import { formatDateTime } from "@common/format";
import { loadListPage } from "~/lib/list.server";
import { listFeedback, type FeedbackListRow } from "~/modules/feedback/feedback.server";
import { FeedbackListQueryShape, parseFeedbackListQuery } from "~/modules/feedback/list-query";
import { requireAccess } from "~/lib/auth/guard.server";

const FEEDBACK_LIST_TEXTS = { title: "Comentarios", empty: "No hay comentarios que coincidan con la búsqueda." };

export const meta: MetaFunction = () => [{ title: FEEDBACK_LIST_TEXTS.title }];

/** What staff sent from the sidebar's comment form, newest first (under /logs: Admin and Developer). */
export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  const list = await loadListPage(url, parseFeedbackListQuery, listFeedback);
  return { ...list, searchConstraint: constraintsOf(FeedbackListQueryShape).search };
}

const columns: Column<FeedbackListRow>[] = [
  { key: "date", header: "Fecha", sortName: "date", className: "whitespace-nowrap tabular-nums", cell: (r) => formatDateTime(r.createdAt) },
  {
    key: "user",
    header: "Usuario",
    className: "whitespace-nowrap",
    cell: (r) => r.userName ?? r.userEmail ?? <span className="text-slate-500">{r.userId ? `#${r.userId}` : "Usuario eliminado"}</span>,
  },
  { key: "text", header: "Comentario", className: "min-w-64 whitespace-pre-wrap break-words", cell: (r) => r.text },
];

export default function FeedbackList() {
  const list = useLoaderData<typeof loader>();
  return (
    <ListPage
      texts={FEEDBACK_LIST_TEXTS}
      basePath="/logs/feedback"
      list={list}
      columns={columns}
      actions={
        <Link to="/logs" className="btn-secondary">
          Ver actividad
        </Link>
      }
      filters={
        <FilterBar clearTo="/logs/feedback">
          <SearchInput
            constraint={list.searchConstraint}
            defaultValue={list.query.search}
            placeholder="Comentario o usuario"
            label="Buscar"
          />
        </FilterBar>
      }
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
