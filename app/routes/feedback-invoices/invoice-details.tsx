import { Badge } from "~/components/Badge";
import { cn } from "~/lib/cn";
import { formatDateTime } from "@common/format";
import type { InvoiceData } from "@server/integrations";
import {
  CFDI_USES,
  PAYMENT_FORMS,
  PAYMENT_METHODS,
  TAX_REGIMES,
  feedbackErrorMessage,
  feedbackStatus,
  orNoData,
  readCode,
  type CodeReading,
} from "~/modules/invoices/rules";

/** The customer's tax data as the invoicing service received it; codes read through the SAT tables. */
export function TaxDataCard({ data }: { data: InvoiceData }) {
  const plain: Array<[string, string, boolean?]> = [
    ["Nombre o razón social", orNoData(data.name)],
    ["RFC", orNoData(data.rfc), true],
    ["Correo", orNoData(data.email)],
    ["Teléfono", orNoData(data.phone)],
    ["Dirección", orNoData(data.address)],
    ["Colonia", orNoData(data.colony)],
    ["Ciudad", orNoData(data.city)],
    ["Estado", orNoData(data.state)],
    ["Código postal", orNoData(data.zipCode), true],
    ["País", orNoData(data.country)],
  ];
  const codes: Array<[string, CodeReading]> = [
    ["Uso de CFDI", readCode(CFDI_USES, data.cfdi)],
    ["Forma de pago", readCode(PAYMENT_FORMS, data.wayPayment)],
    ["Método de pago", readCode(PAYMENT_METHODS, data.paymentMethod)],
    ["Régimen fiscal", readCode(TAX_REGIMES, data.taxRegime)],
  ];
  return (
    <section aria-label="Datos fiscales del cliente" className="rounded-md border border-slate-200 p-3">
      <h3 className="mb-2 text-sm font-semibold">Datos fiscales del cliente</h3>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
        {plain.map(([label, value, mono]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className={cn(mono && "font-mono", value === "Sin datos" && "text-slate-500")}>{value}</dd>
          </div>
        ))}
        {codes.map(([label, reading]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className={cn(!reading.known && "font-medium text-amber-700")}>{reading.text}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Every answer of the invoicing service for the sale, newest first, folded away like an accordion. */
export function FeedbackHistory({ feedbacks }: { feedbacks: Array<{ id: number; dateCreated: string; errorInfo: string }> }) {
  return (
    <details className="mt-3 rounded-md border border-slate-200 p-3" open={feedbacks.length <= 3}>
      <summary className="cursor-pointer text-sm font-semibold">Historial de estados ({feedbacks.length})</summary>
      {feedbacks.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">Sin respuestas del servicio de facturación.</p>
      ) : (
        <ol className="mt-2 space-y-2">
          {feedbacks.map((f) => {
            const status = feedbackStatus(f.errorInfo);
            const problem = feedbackErrorMessage(f.errorInfo);
            return (
              <li key={f.id} className="text-sm" data-testid="feedback-entry">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="tabular-nums text-slate-500">{formatDateTime(f.dateCreated)}</span>
                  <Badge variant={status.variant}>{status.label}</Badge>
                  {problem ? <span className="text-red-700">{problem}</span> : null}
                </p>
                {problem ? <p className="mt-0.5 break-words font-mono text-xs text-slate-500">{f.errorInfo}</p> : null}
              </li>
            );
          })}
        </ol>
      )}
    </details>
  );
}
