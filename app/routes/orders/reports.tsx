import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { CloseLink } from "~/components/CloseLink";
import { Link, useLoaderData, useLocation } from "react-router";
import { useState } from "react";
import { RouteDialog } from "~/components/Dialog";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { can } from "~/lib/access";
import { requireAccess } from "~/lib/auth/guard.server";
import { downloadFilename, saveBlob } from "~/lib/download";
import { DAY_FILTERS, FILTER_PARAMS, REPORT_PARAMS } from "~/modules/orders/filters";
import { ORDER_CONSTRAINTS } from "~/modules/orders/constraints.server";

export const meta: MetaFunction = () => [{ title: "Reportes · Órdenes" }];

export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requireAccess(request, url);
  const canSales = can(user, "orders.salesReport");
  const asked = url.searchParams.get("report");
  const report = asked === "sales" && canSales ? "sales" : "customers";
  const p = (k: string) => url.searchParams.get(k) ?? "";
  return {
    report,
    canSales,
    values: {
      pick: p("pick"),
      start: p(REPORT_PARAMS.start).replace(/\//g, "-"),
      end: p(REPORT_PARAMS.end).replace(/\//g, "-"),
      month: p("month").replace("/", "-"),
    },
    constraints: ORDER_CONSTRAINTS.customerReport,
  };
}

type Progress =
  | { state: "idle" }
  | { state: "working"; received: number }
  | { state: "error"; title: string; message: string }
  | { state: "done"; filename: string };

/** Downloads the report with fetch so the dialog can show progress; without JavaScript the form GETs it directly. */
async function download(form: HTMLFormElement, onProgress: (p: Progress) => void) {
  const params = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
  onProgress({ state: "working", received: 0 });
  try {
    const res = await fetch(`${form.action}?${params}`, { headers: { "X-Report-Fetch": "1" } });
    const type = res.headers.get("Content-Type") ?? "";
    if (!res.ok || !type.includes("spreadsheetml")) {
      const body = type.includes("json") ? ((await res.json()) as { error?: { title: string; message: string } }) : null;
      onProgress({
        state: "error",
        title: body?.error?.title ?? "Reporte no generado",
        message: body?.error?.message ?? "Intenta de nuevo más tarde.",
      });
      return;
    }
    const reader = res.body?.getReader();
    const chunks: Uint8Array[] = [];
    let received = 0;
    if (reader) {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.byteLength;
        onProgress({ state: "working", received });
      }
    }
    const blob = new Blob(chunks as BlobPart[], { type });
    const filename = downloadFilename(res);
    saveBlob(blob, filename);
    onProgress({ state: "done", filename });
  } catch {
    onProgress({ state: "error", title: "Reporte no generado", message: "No fue posible conectar con el servidor." });
  }
}

export default function OrdersReports() {
  const { report, canSales, values, constraints } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const list = new URLSearchParams(search);
  for (const k of ["report", "pick", REPORT_PARAMS.start, REPORT_PARAMS.end, "month"]) list.delete(k);
  // The list behind the dialog keeps its filters, page and sort when a refused report comes back here.
  const keptList = [...FILTER_PARAMS, "page", "sortName", "sortValue"].filter((k) => list.get(k));
  const closeTo = `/orders${list.toString() ? `?${list}` : ""}`;
  const [progress, setProgress] = useState<Progress>({ state: "idle" });
  const [pick, setPick] = useState(values.pick || (values.start || values.end ? "custom" : "today"));
  const working = progress.state === "working";

  return (
    <RouteDialog title={report === "sales" ? "Reporte de ventas" : "Reporte mensual de clientes"} closeTo={closeTo} size="md">
      {canSales ? (
        <nav className="mb-4 flex gap-2 text-sm" aria-label="Tipo de reporte">
          {(["sales", "customers"] as const).map((r) => {
            const p = new URLSearchParams(list);
            p.set("report", r);
            return (
              <Link
                key={r}
                to={`/orders/reports?${p}`}
                preventScrollReset
                aria-current={report === r ? "page" : undefined}
                className={report === r ? "btn-primary" : "btn-secondary"}
              >
                {r === "sales" ? "Ventas" : "Clientes (mensual)"}
              </Link>
            );
          })}
        </nav>
      ) : null}
      <form
        method="get"
        action="/orders/reports/download"
        onSubmit={(e) => {
          e.preventDefault();
          void download(e.currentTarget, setProgress);
        }}
      >
        <input type="hidden" name="report" value={report} />
        {keptList.map((k) => (
          <input key={k} type="hidden" name={k} value={list.get(k) ?? ""} />
        ))}
        {report === "sales" ? (
          <fieldset>
            <legend className="mb-2 text-sm font-semibold text-slate-700">Periodo</legend>
            <div className="grid grid-cols-2 gap-1.5">
              {[...DAY_FILTERS, ["custom", "Personalizado"] as const].map(([key, label]) => (
                <label key={key} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="pick"
                    value={key === "custom" ? "" : key}
                    checked={pick === key}
                    onChange={() => setPick(key)}
                  />{" "}
                  {label}
                </label>
              ))}
            </div>
            <div className="mt-3 grid grid-cols-2 gap-3">
              <label className="flex flex-col gap-1 text-sm">
                <span className="font-medium text-slate-700">Desde</span>
                <input
                  type="date"
                  name={REPORT_PARAMS.start}
                  defaultValue={values.start}
                  className="input"
                  onChange={() => setPick("custom")}
                />
              </label>
              <label className="flex flex-col gap-1 text-sm">
                <span className="font-medium text-slate-700">Hasta</span>
                <input
                  type="date"
                  name={REPORT_PARAMS.end}
                  defaultValue={values.end}
                  className="input"
                  onChange={() => setPick("custom")}
                />
              </label>
            </div>
            <p className="mt-1 text-xs text-slate-500">Rango máximo de 1 año, sin fechas futuras.</p>
          </fieldset>
        ) : (
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium text-slate-700">Mes</span>
            <input type="month" name="month" {...constraints.month} defaultValue={values.month} className="input" />
            <span className="text-xs text-slate-500">El mes es obligatorio para generar el reporte.</span>
          </label>
        )}
        <div className="mt-4 flex items-center justify-end gap-2">
          <p className="mr-auto text-sm text-slate-600" role="status" aria-live="polite" data-testid="report-progress">
            {progress.state === "working"
              ? `Generando reporte…${progress.received ? ` ${(progress.received / 1024).toFixed(0)} KB` : ""}`
              : progress.state === "done"
                ? `Listo: ${progress.filename}`
                : null}
          </p>
          <CloseLink to={closeTo}>Cancelar</CloseLink>
          <button type="submit" className="btn-primary" disabled={working} aria-busy={working}>
            {working ? "Generando…" : "Generar"}
          </button>
        </div>
        {progress.state === "error" ? (
          <p role="alert" className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="report-error">
            <strong>{progress.title}:</strong> {progress.message}
          </p>
        ) : null}
      </form>
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <DialogErrorBoundary listPath="/orders" notFoundTitle="No encontrado" notFoundText="La página no existe." />;
}
