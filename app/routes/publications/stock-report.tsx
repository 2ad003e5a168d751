import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { z } from "zod";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { parseQuery } from "~/lib/query";
import { requireFeature } from "~/lib/auth/guard.server";
import { STOCK_THRESHOLD_MAX, STOCK_THRESHOLD_MIN } from "~/modules/publications/constants";
import { DownloadForm, ReportDialog } from "~/routes/publications/report-widgets";

export const meta: MetaFunction = () => [{ title: "Reporte por stock" }];

export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireFeature(request, url, "publications.stockReport", "/publications");
  const { threshold } = parseQuery(url, {
    threshold: z.coerce.number().int().min(STOCK_THRESHOLD_MIN).max(STOCK_THRESHOLD_MAX).optional(),
  });
  return { threshold: threshold ?? 0 };
}

export default function StockReportDialog() {
  const { threshold } = useLoaderData<typeof loader>();
  return (
    <ReportDialog
      title="Reporte por stock"
      description="Publicaciones con autosincronización cuyo stock inmediato y posterior están en el límite o debajo."
      reportParams={["threshold"]}
    >
      <DownloadForm action="/publications/stock-report.xlsx" submitLabel="Generar">
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">Límite de stock (0 a 20)</span>
          <input
            type="number"
            name="threshold"
            min={STOCK_THRESHOLD_MIN}
            max={STOCK_THRESHOLD_MAX}
            step={1}
            required
            defaultValue={threshold}
            className="input w-32"
          />
        </label>
      </DownloadForm>
    </ReportDialog>
  );
}

export function ErrorBoundary() {
  return <DialogErrorBoundary listPath="/publications" notFoundTitle="No encontrado" notFoundText="El reporte no existe." />;
}
