import { describe } from "vitest";
import { createHttpInvoicing } from "../../server/integrations/invoicing/http";
import type { InvoicingPort } from "../../server/integrations/invoicing/port";
import { describeContracts, TOKEN, type Contract } from "./contract";

const INV_ORIGIN = "http://facturas.test";
const makeInvoicing = (timeoutMs: number) => createHttpInvoicing({ baseUrl: `${INV_ORIGIN}/v1`, token: TOKEN, timeoutMs });
const recipients = [
  { email: "cliente@correo.mx", isDefault: true, role: "cliente" },
  { email: "contabilidad@ejemplo.mx", isDefault: false, role: "adicional" },
];

const invoicingContracts: Array<Contract<InvoicingPort>> = [
  {
    name: "resendInvoice",
    call: (inv) => inv.resendInvoice({ saleId: "2000006065655488", recipients }),
    method: "POST",
    path: "custom/invoice/resend_invoice",
    body: { id: "2000006065655488", emails: recipients },
    reply: { json: { data: "Documentos reenviados correctamente" } },
    expected: { accepted: true, message: "Documentos reenviados correctamente" },
  },
  {
    name: "resendInvoice (refused)",
    call: (inv) => inv.resendInvoice({ saleId: "1", recipients }),
    method: "POST",
    path: "custom/invoice/resend_invoice",
    body: { id: "1", emails: recipients },
    reply: { json: { data: "Lo sentimos, la venta no tiene factura." } },
    expected: { accepted: false, message: "Lo sentimos, la venta no tiene factura." },
  },
];

describe("Invoicing HTTP adapter", () => {
  describeContracts({ system: "invoicing", origin: INV_ORIGIN, basePath: "/v1", makePort: makeInvoicing, contracts: invoicingContracts });
});
