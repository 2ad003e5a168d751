import { Form } from "react-router";
import { DataTable, type Column } from "~/components/DataTable";
import type { ErpArticle } from "@server/integrations/erp/port";
import { useCanFollow } from "~/lib/use-can-follow";
import { formatCents } from "~/modules/quotations/pricing";

// toLocaleString("es-MX") per cell, with one formatter.
const QTY = new Intl.NumberFormat("es-MX");
const formatNumber = (n: number) => QTY.format(n);

/** `priceCents` null: no price in pesos (decision 0038), `priceNote` says why; otherwise it is the dollar hint, if any. */
type Row = ErpArticle & { priceCents: number | null; priceNote: string | null };

/**
 * The ERP articles of one page: stock per warehouse in a <details>, Agregar with a quantity or Quitar.
 * Agregar and Quitar post no draft version: they do not depend on what the row showed, so two quick
 * clicks (or two tabs adding different articles) both apply.
 */
export function ProductsTable({ rows, inDraft, busy }: { rows: Row[]; inDraft: Record<string, number>; busy: boolean }) {
  // The SKU leads to the article in Inventario v3 only for the roles that may open it (Shop Manager may not).
  const canFollow = useCanFollow();
  const inventoryHref = (sku: string) => `/web-inventory?search=${encodeURIComponent(sku)}`;
  const columns: Column<Row>[] = [
    {
      key: "sku",
      header: "SKU",
      sortName: "sku",
      className: "whitespace-nowrap font-medium",
      cell: (r) =>
        canFollow(inventoryHref(r.sku)) ? (
          <a href={inventoryHref(r.sku)} className="text-brand-700 hover:underline">
            {r.sku}
          </a>
        ) : (
          r.sku
        ),
    },
    { key: "mfr", header: "Clave fabricante", sortName: "manufacturerSku", className: "whitespace-nowrap", cell: (r) => r.manufacturerSku },
    { key: "description", header: "Descripción", className: "min-w-64", cell: (r) => r.description },
    {
      key: "stock",
      header: "Existencia",
      sortName: "stockTotal",
      className: "whitespace-nowrap",
      cell: (r) => (
        <details>
          <summary className="cursor-pointer tabular-nums" aria-label={`Existencia de ${r.sku}: ${r.stockTotal}, ver por almacén`}>
            {formatNumber(r.stockTotal)}
          </summary>
          <ul className="mt-1 text-xs text-slate-600">
            {r.stocks.length === 0 ? <li>Sin existencias por almacén</li> : null}
            {r.stocks.map((s) => (
              <li key={s.warehouse}>
                {s.warehouse}: {formatNumber(s.qty)}
              </li>
            ))}
          </ul>
        </details>
      ),
    },
    {
      key: "price",
      header: "Precio",
      className: "whitespace-nowrap text-right tabular-nums",
      cell: (r) => <span title={r.priceNote ?? undefined}>{r.priceCents === null ? "—" : formatCents(r.priceCents)}</span>,
    },
    {
      key: "action",
      header: "Cotizar",
      className: "whitespace-nowrap",
      cell: (r) =>
        inDraft[r.sku] !== undefined ? (
          <Form method="post" preventScrollReset className="flex items-center gap-2">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="sku" value={r.sku} />
            <span className="text-xs text-slate-500">En cotización: {inDraft[r.sku]}</span>
            <button type="submit" className="btn-secondary px-2 py-1" disabled={busy} aria-label={`Quitar ${r.sku}`}>
              Quitar
            </button>
          </Form>
        ) : (
          <Form method="post" preventScrollReset className="flex items-center gap-2">
            <input type="hidden" name="intent" value="add" />
            <input type="hidden" name="sku" value={r.sku} />
            <input
              name="qty"
              defaultValue="1"
              inputMode="decimal"
              className="input w-20 py-1"
              aria-label={`Cantidad de ${r.sku}`}
              onInput={(e) => {
                // Digits and a dot only, as the spec's quantity box.
                const el = e.currentTarget;
                const clean = el.value.replace(/[^0-9.]/g, "");
                if (clean !== el.value) el.value = clean;
              }}
            />
            <button type="submit" className="btn-primary px-2 py-1" disabled={busy} aria-label={`Agregar ${r.sku}`}>
              Agregar
            </button>
          </Form>
        ),
    },
  ];
  return (
    <DataTable
      rows={rows}
      columns={columns}
      rowKey={(r) => r.sku}
      basePath="/products"
      caption="Artículos de Intelisis"
      empty="No hay artículos que coincidan con la búsqueda."
    />
  );
}
