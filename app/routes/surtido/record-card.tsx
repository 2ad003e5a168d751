import { Badge } from "~/components/Badge";
import { cn } from "~/lib/cn";
import { formatDate, formatDateTime, formatNumber } from "@common/format";
import { NO_STOCK_KEY, type PickGroup } from "~/modules/surtido/allocation";
import type { SurtidoRecordView } from "~/modules/surtido/surtido.server";

/** One picking record: its header with totals, then the picking list group by group. */
export function SurtidoRecordCard({ record, userLevel }: { record: SurtidoRecordView; userLevel: number | null }) {
  const { totals } = record;
  return (
    <article className="card p-4" data-testid="surtido-record" aria-labelledby={`surtido-${record.id}`}>
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <h2 id={`surtido-${record.id}`} className="text-base font-semibold">
            Registro {record.id}
          </h2>
          <p className="text-xs text-slate-500">
            Fecha {formatDate(record.date)} · registrado el {formatDateTime(record.registeredAt)}
          </p>
        </div>
        <p className="flex flex-wrap gap-2 text-xs">
          <Badge variant="gray">
            {totals.articles} {totals.articles === 1 ? "artículo" : "artículos"}
          </Badge>
          <Badge variant="primary">{formatNumber(totals.toPick)} por surtir</Badge>
          {totals.missing > 0 ? (
            <Badge variant="danger">{formatNumber(totals.missing)} sin existencia</Badge>
          ) : (
            <Badge variant="success">Completo</Badge>
          )}
        </p>
      </header>
      <div className="mt-3 space-y-3">
        {record.groups.map((group) => (
          <PickGroupTable key={group.key} group={group} mine={userLevel !== null && group.level === userLevel} />
        ))}
      </div>
    </article>
  );
}

function PickGroupTable({ group, mine }: { group: PickGroup; mine: boolean }) {
  const noStock = group.key === NO_STOCK_KEY;
  return (
    <section
      aria-label={group.label}
      data-testid="pick-group"
      // Focusable so a keyboard user can scroll the table sideways on a phone.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a named section is a region (axe: scrollable-region-focusable); the rule reads only an explicit role
      tabIndex={0}
      className={cn(
        "relative overflow-x-auto rounded-md border",
        noStock ? "border-red-200" : mine ? "border-brand-300 ring-1 ring-brand-200" : "border-slate-200",
      )}
    >
      <h3 className={cn("flex items-center gap-2 px-3 py-1.5 text-sm font-semibold", noStock ? "bg-red-50 text-red-800" : "bg-slate-50")}>
        {group.label}
        <span className="font-normal text-slate-600">
          · {formatNumber(group.units)} {noStock ? (group.units === 1 ? "faltante" : "faltantes") : "por surtir"}
        </span>
        {mine ? <Badge variant="indigo">Tu nivel</Badge> : null}
      </h3>
      <table className="w-full min-w-[40rem] table-fixed text-sm">
        {/* Fixed columns so every group of a record lines up under the others. */}
        <colgroup>
          <col className="w-20" />
          <col className="w-44" />
          <col className="w-32" />
          <col className="w-24" />
          <col className="w-24" />
          <col className="w-24" />
          <col />
        </colgroup>
        <thead className="text-left text-xs text-slate-500">
          <tr>
            <th className="px-3 py-1 font-medium">Renglón</th>
            <th className="px-3 py-1 font-medium">Artículo</th>
            <th className="px-3 py-1 font-medium">Ubicación</th>
            <th className="px-3 py-1 text-right font-medium">Existencia</th>
            <th className="px-3 py-1 text-right font-medium">Pendiente</th>
            <th className="px-3 py-1 text-right font-medium">{noStock ? "Faltante" : "A surtir"}</th>
            <th className="px-3 py-1 font-medium">Mensaje</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {group.lines.map((line) => (
            <tr key={line.lineId}>
              <td className="px-3 py-1 tabular-nums">{line.lineId}</td>
              <td className="px-3 py-1 font-mono">{line.sku}</td>
              <td className="px-3 py-1 font-mono">{line.location}</td>
              <td className="px-3 py-1 text-right tabular-nums">{formatNumber(line.stock)}</td>
              <td className="px-3 py-1 text-right tabular-nums">{formatNumber(line.pendingQty)}</td>
              <td className="px-3 py-1 text-right font-semibold tabular-nums">{formatNumber(noStock ? line.missing : line.allocated)}</td>
              <td className={cn("px-3 py-1", line.message && "text-red-700")}>{line.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
