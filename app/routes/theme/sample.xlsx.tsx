import type { LoaderFunctionArgs } from "react-router";
import { nowInMexico } from "~/lib/mexico-time";
import { requireAccess } from "~/lib/auth/guard.server";
import { buildWorkbook, xlsxResponse } from "@server/documents/xlsx.server";

/** GET /theme/sample.xlsx: a sample spreadsheet with text, integer, money and date cells. */
export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  const rows = SAMPLE.map((r) => ({ ...r, amount: Math.round(r.qty * r.price * 100) / 100 }));
  const buffer = await buildWorkbook({
    sheetName: "Productos de ejemplo",
    columns: [
      { header: "SKU", key: "sku", width: 14 },
      { header: "Descripción", key: "name", width: 40 },
      { header: "Cantidad", key: "qty", style: "integer" },
      { header: "Precio", key: "price", style: "money" },
      { header: "Importe", key: "amount", style: "money" },
      { header: "Fecha", key: "date", style: "datetime" },
    ],
    rows,
  });
  return xlsxResponse(buffer, `muestra-${nowInMexico().toFormat("yyLLddHHmmss")}.xlsx`);
}

const SAMPLE = [
  { sku: "CAB-THW-12", name: "Cable THW calibre 12 (rollo 100 m)", qty: 3, price: 1289.9, date: new Date("2024-03-15T18:45:30Z") },
  { sku: "CON-DUP-01", name: "Contacto dúplex polarizado", qty: 24, price: 38.5, date: new Date("2024-03-16T02:10:00Z") },
  { sku: "APA-SEN-01", name: "Apagador sencillo", qty: 24, price: 31.2, date: new Date("2024-04-01T15:00:00Z") },
  { sku: "LED-9W-CAL", name: "Foco LED 9 W luz cálida", qty: 50, price: 24.75, date: new Date("2024-05-20T20:30:00Z") },
  { sku: "CC-4P-100", name: "Centro de carga 4 polos 100 A", qty: 2, price: 865, date: new Date("2024-06-03T16:05:00Z") },
];
