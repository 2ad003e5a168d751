/** The invoicing service (custom/invoice/*). */

export type InvoiceRecipient = {
  email: string;
  /** Default recipients (the customer's e-mail and the internal mailbox) cannot be removed in the UI. */
  isDefault: boolean;
  role: string;
};

export type ResendInvoiceResult = {
  /** False when the service answered with a refusal ("Lo sentimos…"): shown as a warning, not an error. */
  accepted: boolean;
  /** The service's answer text, shown in the toast. */
  message: string;
};

export interface InvoicingPort {
  /** POST custom/invoice/resend_invoice: sends the sale's invoice (PDF and XML) again. */
  resendInvoice(input: { saleId: string; recipients: InvoiceRecipient[] }): Promise<ResendInvoiceResult>;
}
