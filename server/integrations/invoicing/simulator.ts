/**
 * A stand-in for the invoicing service. It knows which sales have a stamped invoice from the
 * marketplace's invoice-feedback records, and answers in the service's own words: a "Lo sentimos…"
 * text when it will not resend (the screen shows it as a warning), a confirmation otherwise.
 */
import type { SimRuntime } from "../simulator/runtime";
import type { InvoicingPort, ResendInvoiceResult } from "./port";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function createSimulatorInvoicing(sim: SimRuntime): InvoicingPort {
  const db = () => sim.database;

  async function record(saleId: string, recipients: unknown, answer: string, accepted: boolean): Promise<ResendInvoiceResult> {
    await db().query(`insert into sim.invoice_resends (sale_id, emails, answer) values ($1, $2::jsonb, $3)`, [
      saleId,
      JSON.stringify(recipients),
      answer,
    ]);
    return { accepted, message: answer };
  }

  return {
    resendInvoice(input) {
      const saleId = input.saleId.trim();
      return sim.run("invoicing", "resendInvoice", [saleId, ...input.recipients.map((r) => r.email)], async () => {
        if (input.recipients.length === 0) return record(saleId, [], "Lo sentimos, no se indicó ningún correo para el reenvío.", false);
        const invalid = input.recipients.find((r) => !EMAIL.test(r.email.trim()));
        if (invalid) return record(saleId, input.recipients, `Lo sentimos, el correo ${invalid.email} no es válido.`, false);
        const rows = /^\d{1,19}$/.test(saleId)
          ? await db().query<{ error_info: string; feedbacks: Array<{ error_info: string }> }>(
              `select error_info, feedbacks from sim.mkt_invoice_feedback where order_id = $1::bigint`,
              [saleId],
            )
          : [];
        const invoice = rows[0];
        if (!invoice) return record(saleId, input.recipients, `Lo sentimos, no encontramos una factura para la venta ${saleId}.`, false);
        const stamped = (invoice.feedbacks[0]?.error_info ?? invoice.error_info) === "SUCCESSFUL";
        if (!stamped) {
          return record(
            saleId,
            input.recipients,
            `Lo sentimos, la factura de la venta ${saleId} no se pudo timbrar; corrige los datos fiscales antes de reenviarla.`,
            false,
          );
        }
        const emails = [...new Set(input.recipients.map((r) => r.email.trim().toLowerCase()))];
        return record(saleId, input.recipients, `Se reenvió la factura (PDF y XML) de la venta ${saleId} a: ${emails.join(", ")}.`, true);
      });
    },
  };
}
