/** The invoicing port over custom/invoice/*. */
import { z } from "zod";
import { legacyText } from "../http/legacy-zod";
import { createHttpClient, type HttpConfig } from "../http/request";
import type { InvoicingPort } from "./port";

/** The answer text sits in `data` (data.data for the old client); a "Lo sentimos…" text is a refusal. */
const resendAnswerSchema = z
  .object({ data: z.union([legacyText, z.object({ message: legacyText }).transform((d) => d.message)]) })
  .transform((v) => v.data)
  .pipe(z.string().min(1));

export function isRefusal(message: string): boolean {
  return /lo sentimos/i.test(message);
}

export function createHttpInvoicing(config: Omit<HttpConfig, "system">): InvoicingPort {
  const http = createHttpClient({ ...config, system: "invoicing" });
  return {
    async resendInvoice(input) {
      const message = await http.post("resendInvoice", "custom/invoice/resend_invoice", resendAnswerSchema, {
        json: {
          id: input.saleId,
          emails: input.recipients.map((r) => ({ email: r.email, isDefault: r.isDefault, role: r.role })),
        },
      });
      return { accepted: !isRefusal(message), message };
    },
  };
}
