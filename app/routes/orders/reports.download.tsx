import type { LoaderFunctionArgs } from "react-router";
import { xlsxResponse } from "@server/documents/xlsx.server";
import { getEnv } from "@server/env";
import { statusOf } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess, requireFeature } from "~/lib/auth/guard.server";
import { REPORT_PARAMS } from "~/modules/orders/filters";
import { customerReport, salesReport, type ReportResult } from "~/modules/orders/reports.server";

/**
 * Builds a report and sends it as .xlsx. A refused range or a failure goes back to the report dialog
 * with the message (toast); the dialog's script asks with `X-Report-Fetch` and gets the message as JSON.
 */
export async function loader({ request, url }: LoaderFunctionArgs) {
  const report = url.searchParams.get("report") === "sales" ? "sales" : "customers";
  const back = `/orders/reports${url.search}`;
  const actor =
    report === "sales"
      ? await requireFeature(request, url, "orders.salesReport", `/orders/reports?report=customers`)
      : await requireAccess(request, url);
  const p = (k: string) => url.searchParams.get(k);
  const result: ReportResult =
    report === "sales"
      ? await salesReport({ pick: p("pick"), start: p(REPORT_PARAMS.start), end: p(REPORT_PARAMS.end) }, actor, getEnv().BRAND_NAME)
      : await customerReport(p("month"), actor);
  if (result.ok) return xlsxResponse(result.file, result.filename);
  if (request.headers.get("X-Report-Fetch")) {
    return Response.json({ error: result.error }, { status: statusOf(result) });
  }
  return redirectWithToast(back, {
    title: result.error.title,
    message: result.error.message,
    variant: result.reason === "missing" ? "warning" : "danger",
  });
}
