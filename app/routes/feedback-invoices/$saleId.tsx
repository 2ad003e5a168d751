import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Link, useLoaderData, useLocation } from "react-router";
import { Badge } from "~/components/Badge";
import { CloseLink } from "~/components/CloseLink";
import { RouteDialog } from "~/components/Dialog";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { FeedbackHistory, TaxDataCard } from "~/routes/feedback-invoices/invoice-details";
import { notFound, paramOr404 } from "~/lib/http.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { getFeedbackInvoice } from "~/modules/invoices/invoices.server";
import { feedbackErrorMessage, feedbackStatus, firstFeedbackSuccessful } from "~/modules/invoices/rules";
import { SaleIdSchema } from "~/modules/invoices/schemas";

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [
  { title: data ? `Facturación de la venta no. ${data.saleId}` : "Factura" },
];

/** 404 for an unknown sale; an unreachable back end is shown inside the dialog. */
export async function loader({ request, url, params }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  const saleId = paramOr404(SaleIdSchema, params.saleId, "La venta no existe.");
  const found = await getFeedbackInvoice(saleId);
  if (found.ok && !found.record) notFound("La venta no tiene registro de facturación.");
  return found.ok ? { saleId, record: found.record!, error: null } : { saleId, record: null, error: found.message };
}

export default function FeedbackInvoiceDialog() {
  const { saleId, record, error } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const closeTo = `/feedback-invoices${search}`;
  if (!record) {
    return (
      <RouteDialog title={`Facturación de la venta no. ${saleId}`} closeTo={closeTo} size="lg">
        <p className="text-sm text-red-700" role="alert">
          No se pudo consultar la factura: {error}
        </p>
      </RouteDialog>
    );
  }
  const status = feedbackStatus(record.errorInfo);
  const problem = feedbackErrorMessage(record.errorInfo);
  const canResend = firstFeedbackSuccessful(record);
  return (
    <RouteDialog
      title={`Facturación de la venta no. ${record.id}`}
      description={
        <a href={record.permalink} target="_blank" rel="noreferrer" className="text-brand-700 underline">
          Ver la venta en Mercado Libre
        </a>
      }
      closeTo={closeTo}
      size="lg"
      footer={
        <>
          <CloseLink to={closeTo} className="btn-ghost">
            Volver
          </CloseLink>
          {canResend ? (
            <Link to={`/feedback-invoices/${record.id}/resend${search}`} preventScrollReset className="btn-primary">
              Reenviar factura
            </Link>
          ) : null}
        </>
      }
    >
      <p className="mb-3 flex flex-wrap items-center gap-2 text-sm">
        <Badge variant={status.variant}>{status.label}</Badge>
        {problem ? <span className="text-red-700">{problem}</span> : null}
        {!canResend ? <span className="text-slate-500">Se podrá reenviar cuando la factura quede timbrada.</span> : null}
      </p>
      <TaxDataCard data={record.invoiceData} />
      <FeedbackHistory feedbacks={record.feedbacks} />
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return (
    <DialogErrorBoundary
      listPath="/feedback-invoices"
      notFoundTitle="Factura no encontrada"
      notFoundText="La venta no existe o no tiene registro de facturación."
    />
  );
}
