import { formatDate } from "@common/format";
import { AMOUNTS_NOTE, paginate, VALIDITY_TEXT, type CompanyContact, type QuotationDocumentData } from "~/modules/quotations/document";
import { formatCents, formatPhone, MARKETPLACE_ADJUSTMENT_LABEL, MESSAGES } from "~/modules/quotations/pricing";

/**
 * The quotation as printed: header with the company's contact details, client block, lines (8 per
 * page when `paged`), totals on the last page and "Página n de m" in each page's footer. The
 * on-screen preview renders the same component unpaged.
 */
export function QuotationDocument({ doc, company, paged }: { doc: QuotationDocumentData; company: CompanyContact; paged: boolean }) {
  const pages = paged ? paginate(doc.lines) : [doc.lines];
  return (
    <div className="quotation-doc">
      {pages.map((lines, index) => (
        <section key={index} className="q-page" data-page={index + 1}>
          <header className="q-header">
            <div>
              <p className="q-brand">{company.name}</p>
              <p className="q-muted">{company.address}</p>
              <p className="q-muted">
                Tel. {company.phone} · {company.email} · {company.web}
              </p>
            </div>
            <div className="q-right">
              <p className="q-title">Cotización</p>
              <p>{doc.folio ?? "Borrador (sin número)"}</p>
              <p>Fecha: {formatDate(doc.issuedAt)}</p>
              <p>Vigencia: {VALIDITY_TEXT}</p>
            </div>
          </header>
          {index === 0 ? (
            <div className="q-client">
              <p>
                <strong>Cliente:</strong> {doc.client.name} ({doc.client.key}){doc.client.rfc ? ` · RFC ${doc.client.rfc}` : ""}
              </p>
              <p>
                <strong>Correo:</strong> {doc.email || "—"} · <strong>Teléfono:</strong> {formatPhone(doc.phone) || "—"}
              </p>
              {doc.reference ? (
                <p>
                  <strong>Referencia:</strong> {doc.reference}
                </p>
              ) : null}
              <p>
                <strong>Atendió:</strong> {doc.author}
                {doc.orderType === "mercadolibre" ? ` · Mercado Libre${doc.category ? ` (${doc.category})` : ""}` : ""}
              </p>
            </div>
          ) : null}
          <table className="q-table">
            <thead>
              <tr>
                <th>SKU</th>
                <th>Descripción</th>
                <th className="q-num">Cantidad</th>
                <th className="q-num">Precio</th>
                <th className="q-num">Importe</th>
              </tr>
            </thead>
            <tbody>
              {lines.length === 0 ? (
                <tr>
                  <td colSpan={5}>{MESSAGES.noLines}</td>
                </tr>
              ) : (
                lines.map((l, i) => (
                  <tr key={`${l.sku}-${i}`}>
                    <td>{l.sku}</td>
                    <td>{l.description}</td>
                    <td className="q-num">{l.qty.toLocaleString("es-MX")}</td>
                    <td className="q-num">{l.unpriced ? "—" : formatCents(l.priceCents)}</td>
                    <td className="q-num">{l.unpriced ? "—" : formatCents(l.amountCents)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
          {index === pages.length - 1 ? <TotalsBlock doc={doc} /> : null}
          {index === pages.length - 1 && doc.notes ? <p className="q-notes">Notas: {doc.notes}</p> : null}
          <footer className="q-footer">
            <span>{AMOUNTS_NOTE}</span>
            {paged ? (
              <span>
                Página {index + 1} de {pages.length}
              </span>
            ) : null}
          </footer>
        </section>
      ))}
    </div>
  );
}

function TotalsBlock({ doc }: { doc: QuotationDocumentData }) {
  if (!doc.totals) return <p className="q-totals">{doc.pricingError ?? MESSAGES.needCategory}</p>;
  const t = doc.totals;
  return (
    <dl className="q-totals" data-testid="quotation-totals">
      <div>
        <dt>Importe</dt>
        <dd>{formatCents(t.linesCents)}</dd>
      </div>
      <div>
        <dt>Descuento ({doc.discountPercent} %)</dt>
        <dd>−{formatCents(t.discountCents)}</dd>
      </div>
      {t.shipmentCents ? (
        <div>
          <dt>Envío</dt>
          <dd>{formatCents(t.shipmentCents)}</dd>
        </div>
      ) : null}
      {t.marketplaceCents ? (
        <div>
          <dt>{MARKETPLACE_ADJUSTMENT_LABEL}</dt>
          <dd>{formatCents(t.marketplaceCents)}</dd>
        </div>
      ) : null}
      <div>
        <dt>Subtotal</dt>
        <dd>{formatCents(t.subtotalCents)}</dd>
      </div>
      <div>
        <dt>IVA 16 %</dt>
        <dd>{formatCents(t.ivaCents)}</dd>
      </div>
      <div className="q-total">
        <dt>Total</dt>
        <dd>{formatCents(t.totalCents)}</dd>
      </div>
    </dl>
  );
}

/** Print styles (the PDF) and the preview's styles share these rules. */
export const QUOTATION_CSS = `
.quotation-doc { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 11px; color: #0f172a; }
.q-page { position: relative; min-height: 235mm; padding-bottom: 14mm; }
.q-page + .q-page { break-before: page; page-break-before: always; }
.q-header { display: flex; justify-content: space-between; gap: 12px; border-bottom: 2px solid #1d4ed8; padding-bottom: 8px; margin-bottom: 10px; }
.q-brand { font-size: 18px; font-weight: 700; margin: 0; }
.q-title { font-size: 16px; font-weight: 700; margin: 0; }
.q-right { text-align: right; }
.q-muted { color: #64748b; margin: 0; }
.q-client p { margin: 2px 0; }
.q-client { margin-bottom: 8px; }
.q-table { width: 100%; border-collapse: collapse; }
.q-table th { background: #e2e8f0; text-align: left; padding: 5px; }
.q-table td { border-bottom: 1px solid #e2e8f0; padding: 5px; vertical-align: top; }
.q-num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.q-totals { margin: 10px 0 0 auto; width: 260px; }
.q-totals div { display: flex; justify-content: space-between; padding: 2px 0; }
.q-totals dt { font-weight: 600; } .q-totals dd { margin: 0; font-variant-numeric: tabular-nums; }
.q-total { border-top: 1px solid #0f172a; font-size: 13px; font-weight: 700; }
.q-notes { margin-top: 10px; }
.q-footer { position: absolute; bottom: 0; left: 0; right: 0; display: flex; justify-content: space-between; gap: 8px; font-size: 9px; color: #64748b; }
`;
