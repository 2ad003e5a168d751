import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData, useLocation } from "react-router";
import { z } from "zod";
import { Badge } from "~/components/Badge";
import { CloseLink } from "~/components/CloseLink";
import { RouteDialog } from "~/components/Dialog";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { formatDateTime } from "@common/format";
import { requireAccess } from "~/lib/auth/guard.server";
import { getLog } from "~/modules/logs/logs.server";
import { logTypeInfo } from "~/modules/logs/types";

export const meta: MetaFunction = () => [{ title: "Detalle de actividad" }];

const LogIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export async function loader({ request, url, params }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  const id = LogIdSchema.safeParse(params.logId);
  const log = id.success ? await getLog(id.data) : null;
  if (!log) throw new Response("El registro no existe.", { status: 404 });
  const { detail, ...entry } = log;
  return { entry, detailJson: detail == null ? null : JSON.stringify(detail, null, 2) };
}

export default function LogDetail() {
  const { entry, detailJson } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const closeTo = `/logs${search}`;
  const type = logTypeInfo(entry.type);
  return (
    <RouteDialog title={`Registro #${entry.id}`} closeTo={closeTo} size="lg" footer={<CloseLink to={closeTo}>Cerrar</CloseLink>}>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium text-slate-500">Fecha</dt>
        <dd className="tabular-nums">{formatDateTime(entry.createdAt)}</dd>
        <dt className="font-medium text-slate-500">Usuario</dt>
        <dd>
          {entry.userName ?? (entry.userId ? `#${entry.userId}` : "Sistema")}
          {entry.userEmail ? <span className="ml-1 text-slate-500">({entry.userEmail})</span> : null}
        </dd>
        <dt className="font-medium text-slate-500">Tipo</dt>
        <dd>
          <Badge variant={type.variant}>{type.label}</Badge>
        </dd>
        <dt className="font-medium text-slate-500">Mensaje</dt>
        <dd className="break-words">{entry.message}</dd>
        <dt className="font-medium text-slate-500">Identificador</dt>
        <dd className="font-mono text-xs">{entry.identifier ?? "—"}</dd>
        <dt className="font-medium text-slate-500">Tags</dt>
        <dd className="flex flex-wrap gap-1">
          {entry.tags.length
            ? entry.tags.map((t) => (
                <Badge key={t} variant="gray">
                  {t}
                </Badge>
              ))
            : "—"}
        </dd>
      </dl>
      <h3 className="mt-4 text-sm font-semibold">Detalle</h3>
      {detailJson ? (
        <pre className="mt-1 max-h-96 overflow-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100" data-testid="log-detail">
          {detailJson}
        </pre>
      ) : (
        <p className="mt-1 text-sm text-slate-500">Este registro no tiene detalle.</p>
      )}
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return (
    <DialogErrorBoundary listPath="/logs" notFoundTitle="Registro no encontrado" notFoundText="El registro no existe o fue eliminado." />
  );
}
