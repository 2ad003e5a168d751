import QRCode from "qrcode";
import { renderToStaticMarkup } from "react-dom/server";
import { getEnv } from "@server/env";
import { formatDateTime, formatMoney } from "@common/format";
import { sessionFigures, sessionWithUser } from "~/modules/pdv/close.server";
import { saleById, saleLines } from "~/modules/pdv/history.server";
import { dollarHint, formatRate } from "~/modules/pricing/price";
import { toCents } from "~/modules/pdv/rules";

const PAYMENT_FORMS: Record<string, string> = { "01": "01 Efectivo", "28": "28 Tarjeta de débito", "04": "04 Tarjeta de crédito" };

/** The invoicing page for a sale: the configured base URL with the sale's invoice code. */
export function invoiceUrl(invoiceCode: string) {
  const url = new URL(getEnv().TICKET_INVOICE_URL);
  url.searchParams.set("codigo", invoiceCode);
  return url.toString();
}

const STYLE = `
@page { size: 100mm 297mm; margin: 4mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans Mono", monospace; font-size: 10pt; width: 92mm; margin: 0 auto; color: #000; }
h1 { font-size: 12pt; text-align: center; margin: 0 0 2mm; }
p { margin: 0.5mm 0; }
.c { text-align: center; } .r { text-align: right; }
table { width: 100%; border-collapse: collapse; }
td, th { padding: 0.5mm 0; vertical-align: top; font-size: 9pt; }
th { text-align: left; border-bottom: 1px dashed #000; }
.sep { border-top: 1px dashed #000; margin: 2mm 0; }
.big { font-size: 12pt; font-weight: bold; }
.mark { text-align: center; font-weight: bold; border: 2px solid #000; padding: 1mm; margin-bottom: 2mm; }
.qr svg { width: 40mm; height: 40mm; }
`;

// The print window sizes its page to the ticket (as the PDF service does), prints and closes itself.
const AUTO_PRINT = [
  "window.addEventListener('afterprint',function(){window.close()});",
  "window.addEventListener('load',function(){",
  "var mm=Math.ceil(document.documentElement.getBoundingClientRect().height*25.4/96+9);",
  "var s=document.createElement('style');s.textContent='@page{size:100mm '+mm+'mm;margin:4mm}';document.head.appendChild(s);",
  "window.print()});",
].join("");

function Doc({ title, children, autoPrintNonce }: { title: string; children: React.ReactNode; autoPrintNonce?: string }) {
  return (
    <html lang="es-MX">
      <head>
        <meta charSet="utf-8" />
        <title>{title}</title>
        <style dangerouslySetInnerHTML={{ __html: STYLE }} />
      </head>
      <body>
        {children}
        {autoPrintNonce !== undefined ? <script nonce={autoPrintNonce} dangerouslySetInnerHTML={{ __html: AUTO_PRINT }} /> : null}
      </body>
    </html>
  );
}

const Row = ({ label, value, strong }: { label: string; value: string; strong?: boolean }) => (
  <tr className={strong ? "big" : undefined}>
    <td>{label}</td>
    <td className="r">{value}</td>
  </tr>
);

export async function saleTicketHtml(saleId: number, opts: { reprint: boolean; autoPrintNonce?: string }): Promise<string | null> {
  const sale = await saleById(saleId);
  if (!sale) return null;
  const lines = await saleLines(saleId);
  const url = invoiceUrl(sale.invoiceCode);
  const qr = await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "L", margin: 1, width: 200 });
  const brand = getEnv().BRAND_NAME;
  const html = renderToStaticMarkup(
    <Doc title={`Ticket ${sale.saleCode}`} autoPrintNonce={opts.autoPrintNonce}>
      {opts.reprint ? <p className="mark">REIMPRESIÓN</p> : null}
      <h1>{brand}</h1>
      <p className="c">Ticket de venta</p>
      <p>Venta: {sale.saleCode}</p>
      <p>
        Folio: PDV-{sale.id} S-{sale.sessionId}
      </p>
      <p>Fecha: {formatDateTime(sale.dateCreated)}</p>
      {sale.exchangeRate !== null ? <p>Tipo de cambio: {formatRate(sale.exchangeRate)} pesos por dólar</p> : null}
      {!sale.isActive ? <p className="mark">VENTA CANCELADA</p> : null}
      <div className="sep" />
      <table>
        <thead>
          <tr>
            <th>Cant. Descripción</th>
            <th className="r">Importe</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.id}>
              <td>
                {l.qty} × {l.sku} {l.description}
                <br />@ {formatMoney(l.price)}
                {l.listPrice !== null && l.exchangeRate !== null
                  ? ` (${dollarHint({ currency: l.currency, amount: l.listPrice, rate: l.exchangeRate })})`
                  : null}
              </td>
              <td className="r">{formatMoney(l.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="sep" />
      <table>
        <tbody>
          <Row label="Importe" value={formatMoney((toCents(sale.subtotal) + toCents(sale.totalDiscount)) / 100)} />
          <Row label={`Descuento (${sale.discountApplied} %)`} value={`-${formatMoney(sale.totalDiscount)}`} />
          <Row label="Subtotal" value={formatMoney(sale.subtotal)} />
          <Row label="IVA 16 %" value={formatMoney(sale.ivaTotal)} />
          <Row label="Total" value={formatMoney(sale.total)} strong />
          {sale.amountCash > 0 ? <Row label="Efectivo" value={formatMoney(sale.amountCash)} /> : null}
          {sale.amountCardDebit > 0 ? <Row label="Tarjeta de débito" value={formatMoney(sale.amountCardDebit)} /> : null}
          {sale.amountCardCredit > 0 ? <Row label="Tarjeta de crédito" value={formatMoney(sale.amountCardCredit)} /> : null}
          <Row label="Cambio" value={formatMoney(sale.changeMoney)} />
        </tbody>
      </table>
      <p>
        Forma de pago: {PAYMENT_FORMS[sale.paymentWay] ?? sale.paymentWay} · {sale.paymentCondition}
      </p>
      <div className="sep" />
      <p className="c">Factura tu compra con el código</p>
      <p className="c big">{sale.invoiceCode}</p>
      <div className="c qr" dangerouslySetInnerHTML={{ __html: qr }} />
      <p className="c" style={{ fontSize: "7pt", wordBreak: "break-all" }}>
        {url}
      </p>
      <p className="c">¡Gracias por su compra!</p>
    </Doc>,
  );
  return `<!doctype html>${html}`;
}

export async function boxCutHtml(
  sessionId: number,
  opts: { kind: "Z" | "X"; reprint: boolean; autoPrintNonce?: string },
): Promise<string | null> {
  const found = await sessionWithUser(sessionId);
  if (!found) return null;
  const { session } = found;
  const figures = await sessionFigures(sessionId);
  const brand = getEnv().BRAND_NAME;
  const expectedTotal = figures.fundCents + figures.cashCents + figures.debitCents + figures.creditCents;
  const html = renderToStaticMarkup(
    <Doc title={`Corte ${opts.kind} ${sessionId}`} autoPrintNonce={opts.autoPrintNonce}>
      {opts.reprint ? <p className="mark">REIMPRESIÓN</p> : null}
      <h1>{brand}</h1>
      <p className="c big">{opts.kind === "Z" ? "Corte de caja (Z)" : "Corte parcial (X)"}</p>
      <p>Sesión: {session.id}</p>
      <p>Cajero: {`${found.firstName} ${found.lastName}`.trim()}</p>
      <p>Apertura: {formatDateTime(session.dateOpen)}</p>
      <p>Cierre: {session.dateClose ? formatDateTime(session.dateClose) : "Activo actualmente"}</p>
      <div className="sep" />
      <table>
        <tbody>
          <Row label="Fondo" value={formatMoney(figures.fundCents / 100)} />
          <Row label="Ventas en efectivo" value={formatMoney(figures.cashCents / 100)} />
          <Row label="Tarjeta de débito" value={formatMoney(figures.debitCents / 100)} />
          <Row label="Tarjeta de crédito" value={formatMoney(figures.creditCents / 100)} />
          <Row label="Total esperado" value={formatMoney(expectedTotal / 100)} strong />
        </tbody>
      </table>
      <div className="sep" />
      <p>Por forma de pago (SAT):</p>
      <table>
        <tbody>
          {figures.byWay.length === 0 ? <Row label="Sin ventas" value={formatMoney(0)} /> : null}
          {figures.byWay.map((w) => (
            <Row key={w.way} label={`${PAYMENT_FORMS[w.way] ?? w.way} (${w.count})`} value={formatMoney(w.cents / 100)} />
          ))}
        </tbody>
      </table>
      <div className="sep" />
      <table>
        <tbody>
          <Row label="Ventas" value={String(figures.salesCount)} />
          <Row label="Ventas canceladas" value={String(figures.cancelledCount)} />
          <Row label="Descuentos" value={formatMoney(figures.discountCents / 100)} />
          {opts.kind === "Z" && session.dateClose ? (
            <>
              <Row label="Contado en caja" value={formatMoney(session.amountClose ?? 0)} />
              <Row label="Diferencia" value={formatMoney(session.closeDifference ?? 0)} strong />
            </>
          ) : null}
        </tbody>
      </table>
      {session.closeReason ? <p>Motivo de la diferencia: {session.closeReason}</p> : null}
    </Doc>,
  );
  return `<!doctype html>${html}`;
}

/** 100 mm roll paper: the PDF page is as long as the ticket (measured in the PDF service). */
export const TICKET_ROLL = { widthMm: 100, marginMm: 4 } as const;
