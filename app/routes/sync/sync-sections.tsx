/**
 * The Sincronización screen's sections (app/routes/sync/route.tsx): feeds, refused records, outbox,
 * integrations. Every button is a `<Form method="post">` with its `intent`, so the screen works
 * without JavaScript; the lists' filters and pages live in the URL.
 */
import { Form, Link, useLocation } from "react-router";
import { Badge } from "~/components/Badge";
import { DataTable, type Column } from "~/components/DataTable";
import { FilterBar, FilterSelect } from "~/components/FilterBar";
import { Pagination } from "~/components/Pagination";
import { cn } from "~/lib/cn";
import { formatNumber } from "@common/format";
import { withParams } from "~/lib/list-url";
import { FEEDS, type FeedName } from "~/modules/sync/feed-names";
import { FEED_STATES, stampText } from "~/modules/sync/feed-view";
import { OUTBOX_FILTERS, SYNC_PATH } from "~/modules/sync/sync-texts";
import type { OutboundListRow as OutboxRow } from "~/modules/sync/outbox.server";
import type { FeedRejectRow, FeedRow, IntegrationRow } from "~/modules/sync/status.server";

type Paged<T> = { rows: T[]; total: number; page: number; pageSize: number };

function Section({
  id,
  title,
  description,
  actions,
  children,
}: {
  id: string;
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={id} className="text-lg font-semibold tracking-tight">
            {title}
          </h2>
          {description ? <p className="text-sm text-slate-600">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

const muted = (text: string) => <span className="text-slate-500">{text}</span>;

/** YYYY/MM/DD over HH:mm (Mexico City), so a date takes a narrow column. */
function Stamp({ at, className }: { at: Date | null; className?: string }) {
  if (!at) return muted("—");
  const [day, time] = stampText(at).split(" ");
  return (
    <time dateTime={at.toISOString()} className={cn("block whitespace-nowrap tabular-nums", className)}>
      {day} <span className="block">{time}</span>
    </time>
  );
}

// ------------------------------------------------------------------ feeds

export function FeedsSection({ feeds }: { feeds: FeedRow[] }) {
  const { search } = useLocation();
  const columns: Column<FeedRow>[] = [
    {
      key: "feed",
      header: "Sincronización",
      className: "min-w-28",
      cell: (f) => (
        <>
          <span className="font-medium">{f.label}</span>
          <span className="block font-mono text-xs text-slate-500">{f.name}</span>
        </>
      ),
    },
    {
      key: "state",
      header: "Estado",
      className: "min-w-32",
      cell: (f) => (
        <div data-testid={`feed-state-${f.name}`}>
          <span className="flex flex-wrap gap-1">
            {f.states.map((s) => (
              <Badge key={s} variant={FEED_STATES[s].variant}>
                {FEED_STATES[s].label}
              </Badge>
            ))}
          </span>
          {f.states[0] === "stopped" || f.states[0] === "waiting" ? (
            <p className="mt-1 max-w-40 text-xs text-slate-600">{FEED_STATES[f.states[0]].hint}</p>
          ) : null}
        </div>
      ),
    },
    { key: "success", header: "Último éxito", cell: (f) => <Stamp at={f.lastSuccessAt} /> },
    { key: "lag", header: "Retraso", className: "whitespace-nowrap", cell: (f) => f.lag },
    {
      key: "rows",
      header: "Última ejecución",
      className: "whitespace-nowrap tabular-nums",
      cell: (f) =>
        f.lastRows === null ? (
          muted("—")
        ) : (
          <>
            {formatNumber(f.lastRows)} {f.lastRows === 1 ? "aplicado" : "aplicados"}
            {f.lastSkipped ? (
              <span className="block text-xs text-amber-800">
                {formatNumber(f.lastSkipped)} {f.lastSkipped === 1 ? "rechazado" : "rechazados"}
              </span>
            ) : null}
          </>
        ),
    },
    {
      key: "error",
      header: "Último error",
      className: "min-w-36",
      cell: (f) =>
        f.lastError ? (
          <>
            <span className="block break-words text-red-800">{f.lastError}</span>
            {f.lastErrorAt ? (
              <span className="block whitespace-nowrap text-xs tabular-nums text-slate-500">{stampText(f.lastErrorAt)}</span>
            ) : null}
          </>
        ) : (
          muted("—")
        ),
    },
    {
      key: "actions",
      header: <span className="sr-only">Acciones</span>,
      className: "w-40",
      cell: (f) => (
        <div className="flex flex-col items-stretch gap-1.5">
          <Form method="post" preventScrollReset>
            <input type="hidden" name="feed" value={f.name} />
            <button type="submit" name="intent" value="run" className="btn-secondary w-full whitespace-nowrap py-1.5">
              Sincronizar ahora<span className="sr-only">: {f.label}</span>
            </button>
          </Form>
          {f.waiting ? (
            <Link
              to={`${SYNC_PATH}/feeds/${f.name}/resume${search}`}
              preventScrollReset
              className="btn-ghost py-1.5 text-center text-amber-800"
            >
              Continuar desde el origen<span className="sr-only">: {f.label}</span>
            </Link>
          ) : null}
        </div>
      ),
    },
  ];
  return (
    <Section
      id="sync-feeds"
      title="Feeds"
      description="Lo que cada sincronización trajo del back end de contenido, en el orden en que corren."
    >
      <DataTable rows={feeds} columns={columns} rowKey={(f) => f.name} caption="Tabla de feeds" basePath={SYNC_PATH} />
    </Section>
  );
}

// ------------------------------------------------------------------ refused records

const FEED_OPTIONS = FEEDS.map((f) => [f.name, f.label] as const);

export function RejectsSection({ rejects, feed }: { rejects: Paged<FeedRejectRow>; feed: FeedName | undefined }) {
  const { search } = useLocation();
  const columns: Column<FeedRejectRow>[] = [
    { key: "feed", header: "Sincronización", className: "whitespace-nowrap", cell: (r) => r.feedLabel },
    {
      key: "upstream",
      header: "ID en el origen",
      className: "whitespace-nowrap font-mono text-xs",
      cell: (r) => r.upstreamId ?? muted("sin id"),
    },
    { key: "reason", header: "Motivo", className: "min-w-64 break-words", cell: (r) => r.reason },
    { key: "seen", header: "Visto", className: "whitespace-nowrap tabular-nums", cell: (r) => stampText(r.seenAt) },
  ];
  return (
    <Section
      id="sync-rejects"
      title="Registros rechazados"
      description={`Registros del origen que no pasaron la validación: no se guardaron. ${formatNumber(rejects.total)} en total.`}
    >
      <div className="card p-4">
        <FilterBar keep={["outbox", "outbox_page"]} clearTo={SYNC_PATH + withParams(search, { feed: undefined, rejects_page: undefined })}>
          <FilterSelect name="feed" label="Sincronización" value={feed} allLabel="Todas" options={FEED_OPTIONS} />
        </FilterBar>
      </div>
      <DataTable
        rows={rejects.rows}
        columns={columns}
        rowKey={(r) => r.id}
        caption="Tabla de registros rechazados"
        empty="No hay registros rechazados."
        basePath={SYNC_PATH}
      />
      <Pagination page={rejects.page} total={rejects.total} pageSize={rejects.pageSize} param="rejects_page" basePath={SYNC_PATH} />
    </Section>
  );
}

// ------------------------------------------------------------------ outbox

const OUTBOX_STATES = {
  pending: { label: "Pendiente", variant: "warning" },
  failed: { label: "Fallida", variant: "danger" },
  done: { label: "Enviada", variant: "success" },
} as const;

type Counts = { pending: number; failed: number; oldestPendingAge: string | null };

export function OutboxSection({
  outbox,
  counts,
  state,
}: {
  outbox: Paged<OutboxRow>;
  counts: Counts;
  state: "pending" | "failed" | "done" | undefined;
}) {
  const { search } = useLocation();
  const columns: Column<OutboxRow>[] = [
    {
      key: "summary",
      header: "Resumen",
      className: "min-w-40",
      cell: (r) => (
        <>
          <span className="block">{r.summary}</span>
          <Badge variant={OUTBOX_STATES[r.state].variant}>{OUTBOX_STATES[r.state].label}</Badge>
          {r.blockedBy ? (
            <span className="ml-2 text-xs text-amber-800">Espera al envío {r.blockedBy}, fallido, del mismo registro</span>
          ) : null}
        </>
      ),
    },
    {
      key: "record",
      header: "Colección / registro",
      className: "font-mono text-xs",
      cell: (r) => (
        <>
          <span className="block break-all">{r.collection}</span>
          <span className="block whitespace-nowrap text-slate-500">
            {r.recordId} · {r.method}
          </span>
        </>
      ),
    },
    { key: "attempts", header: "Intentos", className: "w-16 text-right tabular-nums", cell: (r) => formatNumber(r.attempts) },
    {
      key: "next",
      header: "Próximo intento",
      cell: (r) =>
        r.state === "pending" ? (
          <Stamp at={r.nextAttemptAt} />
        ) : r.state === "done" && r.sentAt ? (
          <span className="text-slate-500">
            Enviada <Stamp at={r.sentAt} />
          </span>
        ) : (
          muted("—")
        ),
    },
    {
      key: "error",
      header: "Último error",
      className: "min-w-36 break-words",
      cell: (r) => (r.lastError ? <span className="text-red-800">{r.lastError}</span> : muted("—")),
    },
    {
      key: "created",
      header: "Creada",
      className: "whitespace-nowrap",
      cell: (r) => (
        <>
          {r.createdByName ?? muted(r.createdBy ? `#${r.createdBy}` : "Sistema")}
          <Stamp at={r.createdAt} className="text-xs text-slate-500" />
        </>
      ),
    },
    {
      key: "actions",
      header: <span className="sr-only">Acciones</span>,
      className: "w-28",
      cell: (r) =>
        r.state === "failed" ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="id" value={r.id} />
            <button type="submit" name="intent" value="retry" className="btn-secondary whitespace-nowrap py-1.5">
              Reintentar<span className="sr-only">: {r.summary}</span>
            </button>
          </Form>
        ) : null,
    },
  ];
  const current = state ?? "open";
  return (
    <Section
      id="sync-outbox"
      title="Cola de salida"
      description="Cambios hechos aquí que el back end de contenido debe recibir; se envían en orden por registro, con reintentos."
      actions={
        counts.failed > 0 ? (
          <Form method="post" preventScrollReset>
            <button type="submit" name="intent" value="retry-all" className="btn-primary">
              Reintentar todos ({formatNumber(counts.failed)})
            </button>
          </Form>
        ) : null
      }
    >
      <dl className="grid grid-cols-3 gap-2 sm:gap-3" data-testid="outbox-counts">
        <Stat label="Pendientes" value={formatNumber(counts.pending)} />
        <Stat label="Fallidas" value={formatNumber(counts.failed)} tone={counts.failed > 0 ? "danger" : undefined} />
        <Stat label="Pendiente más antigua" value={counts.oldestPendingAge ? `hace ${counts.oldestPendingAge}` : "—"} />
      </dl>
      <nav aria-label="Estado de los envíos" className="flex flex-wrap gap-1">
        {OUTBOX_FILTERS.map(([key, label]) => (
          <Link
            key={key}
            to={SYNC_PATH + withParams(search, { outbox: key === "open" ? undefined : key, outbox_page: undefined })}
            preventScrollReset
            aria-current={key === current ? "page" : undefined}
            className={cn(
              "rounded-full border px-3 py-1 text-sm",
              key === current ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
            )}
          >
            {label}
          </Link>
        ))}
      </nav>
      <DataTable
        rows={outbox.rows}
        columns={columns}
        rowKey={(r) => r.id}
        caption="Tabla de la cola de salida"
        empty="No hay envíos en este estado."
        basePath={SYNC_PATH}
      />
      <Pagination page={outbox.page} total={outbox.total} pageSize={outbox.pageSize} param="outbox_page" basePath={SYNC_PATH} />
    </Section>
  );
}

function Stat({ label, value, tone }: { label: string; value: string; tone?: "danger" }) {
  return (
    <div className="card px-3 py-2 sm:px-4 sm:py-3">
      <dt className="text-[11px] font-medium uppercase tracking-wide text-slate-500 sm:text-xs">{label}</dt>
      <dd className={cn("text-base font-semibold tabular-nums sm:text-xl", tone === "danger" && "text-red-700")}>{value}</dd>
    </div>
  );
}

// ------------------------------------------------------------------ integrations

export function IntegrationsSection({
  integrations,
  checked,
}: {
  integrations: IntegrationRow[];
  checked: { ok: boolean; message: string } | null;
}) {
  return (
    <Section
      id="sync-integrations"
      title="Integraciones"
      description="Qué atiende a cada sistema heredado (INTEGRATIONS): el simulador integrado o el sistema real por HTTP."
    >
      <ul className="card divide-y divide-slate-100">
        {integrations.map((i) => (
          <li
            key={i.system}
            className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
            data-testid={`integration-${i.system}`}
          >
            <div>
              <span className="font-medium">{i.label}</span>
              <span className="ml-2 font-mono text-xs text-slate-500">{i.system}</span>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={i.mode === "http" ? "info" : "gray"}>{i.mode === "http" ? "HTTP" : "Simulador"}</Badge>
              {i.canCheck ? (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="system" value={i.system} />
                  <button type="submit" name="intent" value="check" className="btn-secondary py-1.5">
                    Probar conexión
                  </button>
                </Form>
              ) : null}
            </div>
            {i.lastCheck ? (
              <p className={`w-full text-sm ${i.lastCheck.ok ? "text-emerald-700" : "text-red-700"}`}>
                {i.lastCheck.ok ? "Responde" : `Sin conexión: ${i.lastCheck.message}`} · revisado{" "}
                {stampText(new Date(i.lastCheck.checkedAt))}
              </p>
            ) : null}
            {i.canCheck && checked && !checked.ok && !i.lastCheck ? (
              <p role="alert" className="w-full rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
                Sin conexión: {checked.message}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}
