import type { LoaderFunctionArgs } from "react-router";
import { renderToStaticMarkup } from "react-dom/server";
import { formatDateTime, formatMoney, formatNumber } from "@common/format";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { PdfUnavailableError, renderPdf } from "@server/documents/pdf.server";
import { getEnv } from "@server/env";

/** GET /theme/sample.pdf: a sample document printed by the server's Chromium. */
export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requireAccess(request, url);
  const html = `<!doctype html>${renderToStaticMarkup(
    <SampleDocument brand={getEnv().BRAND_NAME} author={`${user.firstName} ${user.lastName}`.trim()} generatedAt={new Date()} />,
  )}`;
  try {
    const pdf = await renderPdf(html);
    return new Response(new Uint8Array(pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": 'inline; filename="muestra.pdf"',
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (!(error instanceof PdfUnavailableError)) throw error;
    return redirectWithToast("/theme", { title: "PDF no disponible", message: error.message, variant: "danger", durationMs: 8000 });
  }
}

const LINES = [
  { sku: "CAB-THW-12", name: "Cable THW calibre 12 (rollo 100 m)", qty: 3, price: 1289.9 },
  { sku: "CON-DUP-01", name: "Contacto dúplex polarizado", qty: 24, price: 38.5 },
  { sku: "APA-SEN-01", name: "Apagador sencillo", qty: 24, price: 31.2 },
  { sku: "LED-9W-CAL", name: "Foco LED 9 W luz cálida", qty: 50, price: 24.75 },
  { sku: "CC-4P-100", name: "Centro de carga 4 polos 100 A", qty: 2, price: 865 },
];
const VAT = 0.16;

function SampleDocument({ brand, author, generatedAt }: { brand: string; author: string; generatedAt: Date }) {
  const subtotal = LINES.reduce((sum, l) => sum + l.qty * l.price, 0);
  const vat = Math.round(subtotal * VAT * 100) / 100;
  return (
    <html lang="es-MX">
      <head>
        <meta charSet="utf-8" />
        <title>Documento de ejemplo</title>
        <style>{`
          body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 11px; color: #0f172a; }
          h1 { font-size: 20px; margin: 0; }
          .muted { color: #64748b; }
          header { display: flex; justify-content: space-between; border-bottom: 2px solid #1d4ed8; padding-bottom: 8px; margin-bottom: 12px; }
          table { width: 100%; border-collapse: collapse; }
          th { background: #e2e8f0; text-align: left; padding: 6px; }
          td { border-bottom: 1px solid #e2e8f0; padding: 6px; }
          .num { text-align: right; font-variant-numeric: tabular-nums; }
          .totals td { border: none; }
          .totals .label { text-align: right; font-weight: bold; }
          footer { margin-top: 24px; font-size: 9px; }
        `}</style>
      </head>
      <body>
        <header>
          <div>
            <h1>{brand}</h1>
            <p className="muted">Documento de ejemplo generado por el servidor</p>
          </div>
          <div className="num">
            <p>
              <strong>Fecha:</strong> {formatDateTime(generatedAt)}
            </p>
            <p>
              <strong>Generado por:</strong> {author}
            </p>
          </div>
        </header>
        <table>
          <thead>
            <tr>
              <th>SKU</th>
              <th>Descripción</th>
              <th className="num">Cantidad</th>
              <th className="num">Precio</th>
              <th className="num">Importe</th>
            </tr>
          </thead>
          <tbody>
            {LINES.map((l) => (
              <tr key={l.sku}>
                <td>{l.sku}</td>
                <td>{l.name}</td>
                <td className="num">{formatNumber(l.qty)}</td>
                <td className="num">{formatMoney(l.price)}</td>
                <td className="num">{formatMoney(l.qty * l.price)}</td>
              </tr>
            ))}
          </tbody>
          <tbody className="totals">
            <tr>
              <td colSpan={4} className="label">
                Subtotal
              </td>
              <td className="num">{formatMoney(subtotal)}</td>
            </tr>
            <tr>
              <td colSpan={4} className="label">
                IVA 16%
              </td>
              <td className="num">{formatMoney(vat)}</td>
            </tr>
            <tr>
              <td colSpan={4} className="label">
                Total
              </td>
              <td className="num">{formatMoney(subtotal + vat)}</td>
            </tr>
          </tbody>
        </table>
        <footer className="muted">Importes en pesos mexicanos (MXN). Documento de muestra sin validez comercial.</footer>
      </body>
    </html>
  );
}
