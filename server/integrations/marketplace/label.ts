/**
 * The simulated marketplace's shipping label: a 4×6 in page like the carrier labels the marketplace
 * hands out, with a scannable Code 39 bar code of the shipment id.
 */

/** Code 39 patterns (bar, space, bar… ; w = wide, n = narrow) for the characters we print. */
const CODE39: Record<string, string> = {
  "0": "nnnwwnwnn",
  "1": "wnnwnnnnw",
  "2": "nnwwnnnnw",
  "3": "wnwwnnnnn",
  "4": "nnnwwnnnw",
  "5": "wnnwwnnnn",
  "6": "nnwwwnnnn",
  "7": "nnnwnnwnw",
  "8": "wnnwnnwnn",
  "9": "nnwwnnwnn",
  "*": "nwnnwnwnn",
};

/** An inline SVG bar code for a string of digits (start/stop `*` added). */
export function code39Svg(digits: string, height = 70): string {
  const text = `*${digits.replace(/\D/g, "")}*`;
  const narrow = 2;
  const wide = 5;
  let x = 10;
  const bars: string[] = [];
  for (const ch of text) {
    const pattern = CODE39[ch];
    [...pattern].forEach((p, i) => {
      const w = p === "w" ? wide : narrow;
      if (i % 2 === 0) bars.push(`<rect x="${x}" y="0" width="${w}" height="${height}"/>`);
      x += w;
    });
    x += narrow; // inter-character gap
  }
  const width = x + 10;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="100%" height="${height}" preserveAspectRatio="none">${bars.join("")}</svg>`;
}

export type LabelData = {
  orderId: string;
  shipmentId: number;
  trackingNumber: string;
  logisticLabel: string;
  sellerName: string;
  buyerName: string;
  buyerNickname: string | null;
  address: string[];
  items: Array<{ title: string; qty: number; sku: string | null }>;
  printedAt: string;
};

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function labelHtml(d: LabelData): string {
  const items = d.items
    .slice(0, 6)
    .map(
      (it) =>
        `<tr><td class="qty">${it.qty}</td><td>${escape(it.title)}${it.sku ? ` <span class="sku">${escape(it.sku)}</span>` : ""}</td></tr>`,
    )
    .join("");
  const more = d.items.length > 6 ? `<tr><td></td><td>… y ${d.items.length - 6} artículos más</td></tr>` : "";
  return `<!doctype html>
<html lang="es-MX"><head><meta charset="utf-8"><title>Etiqueta ${escape(String(d.shipmentId))}</title>
<style>
  @page { size: 4in 6in; margin: 0; }
  * { box-sizing: border-box; }
  body { margin: 0; font-family: "DejaVu Sans", Arial, sans-serif; color: #000; }
  .label { width: 4in; height: 6in; padding: 0.15in; display: flex; flex-direction: column; gap: 0.08in; }
  .head { display: flex; justify-content: space-between; align-items: center; border-bottom: 2px solid #000; padding-bottom: 4px; }
  .brand { font-weight: 700; font-size: 15px; }
  .logistic { font-weight: 700; font-size: 12px; border: 2px solid #000; padding: 2px 6px; }
  .barcode { text-align: center; }
  .barcode .digits { font-family: "DejaVu Sans Mono", monospace; font-size: 14px; letter-spacing: 3px; }
  .box { border: 1px solid #000; padding: 6px; font-size: 11px; }
  .box h2 { margin: 0 0 3px; font-size: 10px; text-transform: uppercase; }
  .buyer { font-size: 14px; font-weight: 700; }
  table { width: 100%; border-collapse: collapse; font-size: 10px; }
  td { padding: 1px 2px; vertical-align: top; }
  .qty { width: 22px; font-weight: 700; }
  .sku { color: #333; font-family: monospace; }
  .foot { margin-top: auto; display: flex; justify-content: space-between; font-size: 9px; }
</style></head>
<body><div class="label">
  <div class="head"><span class="brand">Mercado Libre · Envíos</span><span class="logistic">${escape(d.logisticLabel)}</span></div>
  <div class="barcode">${code39Svg(String(d.shipmentId))}<div class="digits">${escape(String(d.shipmentId))}</div></div>
  <div class="box"><h2>Destinatario</h2>
    <div class="buyer">${escape(d.buyerName)}</div>
    ${d.buyerNickname ? `<div>${escape(d.buyerNickname)}</div>` : ""}
    ${d.address.map((line) => `<div>${escape(line)}</div>`).join("")}
  </div>
  <div class="box"><h2>Rastreo</h2><div class="buyer">${escape(d.trackingNumber)}</div></div>
  <div class="box"><h2>Venta ${escape(d.orderId)}</h2><table>${items}${more}</table></div>
  <div class="foot"><span>Remitente: ${escape(d.sellerName)}</span><span>Impresa ${escape(d.printedAt)}</span></div>
</div></body></html>`;
}
