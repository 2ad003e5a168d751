import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { useState } from "react";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { parseQuery } from "~/lib/query";
import { requireFeature } from "~/lib/auth/guard.server";
import { QUICK_RANGES, REPORT_STORES } from "~/modules/publications/report-range";
import { DownloadForm, ReportDialog } from "~/routes/publications/report-widgets";
import { SalesReportQuery } from "~/modules/publications/schemas";

export const meta: MetaFunction = () => [{ title: "Reporte de ventas de publicaciones" }];

export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireFeature(request, url, "publications.salesReport", "/publications");
  const query = parseQuery(url, SalesReportQuery);
  return { store: query.store ?? "Meli1", range: query.range ?? "today", start: query.start ?? "", end: query.end ?? "" };
}

export default function SalesReportDialog() {
  const initial = useLoaderData<typeof loader>();
  const [range, setRange] = useState(initial.range);
  return (
    <ReportDialog
      title="Generar reporte"
      description="Ventas y visitas por publicación en el rango elegido."
      reportParams={["range", "store"]}
    >
      <DownloadForm action="/publications/sales-report.xlsx" submitLabel="Buscar">
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">Tipo de reporte</legend>
          <div className="flex gap-4">
            {REPORT_STORES.map(([key, label]) => (
              <label key={key} className="inline-flex items-center gap-2 text-sm">
                <input type="radio" name="store" value={key} defaultChecked={initial.store === key} className="h-4 w-4" /> {label}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">Rango de fechas</legend>
          <div className="grid grid-cols-2 gap-1 sm:grid-cols-4">
            {[...QUICK_RANGES, ["custom", "Personalizado"] as const].map(([key, label]) => (
              <label key={key} className="inline-flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="range"
                  value={key}
                  defaultChecked={initial.range === key}
                  onChange={() => setRange(key)}
                  className="h-4 w-4"
                />{" "}
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        {/* Dimmed, not disabled: without JavaScript nothing could enable them after choosing Personalizado. */}
        <div className={range === "custom" ? "flex flex-wrap gap-3" : "flex flex-wrap gap-3 opacity-60"}>
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium text-slate-700">Desde</span>
            <input type="date" name="start" defaultValue={initial.start.replace(/\//g, "-")} className="input" />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium text-slate-700">Hasta</span>
            <input type="date" name="end" defaultValue={initial.end.replace(/\//g, "-")} className="input" />
          </label>
          <p className="w-full text-xs text-slate-500">Las fechas se usan con «Personalizado»; máximo un año, sin fechas futuras.</p>
        </div>
      </DownloadForm>
    </ReportDialog>
  );
}

export function ErrorBoundary() {
  return <DialogErrorBoundary listPath="/publications" notFoundTitle="No encontrado" notFoundText="El reporte no existe." />;
}
