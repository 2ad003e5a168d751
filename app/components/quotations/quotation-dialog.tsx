import { Form, Link, useLocation, useNavigation } from "react-router";
import { RouteDialog } from "~/components/Dialog";
import type { CompanyContact, DialogDraft, QuotationDocumentData } from "~/modules/quotations/document";
import { formatCents, formatPhone, GLOBAL_DISCOUNT_MAX, MARKETPLACE_ADJUSTMENT_LABEL, MESSAGES } from "~/modules/quotations/pricing";
import {
  DocumentLinks,
  DraftIntent,
  KeepingSearchForm,
  LabeledField,
  LinesTableShell,
  NotesAndSave,
  PostedError,
  RemoveLineForm,
  QuotationPreview,
  RadioChoice,
  TotalsList,
} from "~/components/quotations/quotation-parts";
import type { LinesColumn } from "~/components/quotations/quotation-parts";
import { withoutParam } from "~/modules/quotations/routing";

export type { DialogDraft };

type Props = {
  draft: DialogDraft;
  company: CompanyContact;
  may: { discount: boolean; orderType: boolean; erp: boolean };
  categories: Array<{ title: string; goldPro: number; goldSpecial: number }> | null;
  categoryQuery?: string;
  error?: string | null;
  basePath: string;
};

const DIALOG_COLUMNS: LinesColumn[] = [
  { label: "SKU" },
  { label: "Descripción" },
  { label: "Cantidad" },
  { label: "Precio", align: "right" },
  { label: "Importe", align: "right" },
  { label: "Quitar", srOnly: true },
];

export const ORDER_TYPES: Array<[string, string]> = [
  ["normal", "Normal"],
  ["mercadolibre", "Mercadolibre"],
];
export const LISTING_TYPES: Array<[string, string]> = [
  ["gold_special", "Clásica"],
  ["gold_pro", "Premium"],
];

/** The quotation dialog (xl): lines or preview, client data, discount, order type, totals, documents. */
export function QuotationDialog({ draft, company, may, categories, categoryQuery, error, basePath }: Props) {
  const { search, pathname } = useLocation();
  const busy = useNavigation().state === "submitting";
  const preview = new URLSearchParams(search).get("view") === "preview";
  const listSearch = withoutParam(withoutParam(search, "view"), "category");
  const closeTo = `${basePath}${listSearch}`;
  const toggleTo = `${pathname}${withoutParam(search, "view")}${preview ? "" : `${withoutParam(search, "view") ? "&" : "?"}view=preview`}`;
  const count = draft.doc.lines.length;
  const hidden = (intent: string) => <DraftIntent intent={intent} version={draft.version} />;
  return (
    <RouteDialog
      title={`Cotización (${count})`}
      description={`${draft.doc.client.name} (${draft.doc.client.key}) · ${draft.priceList}${draft.sourceFolio ? ` · revisión de ${draft.sourceFolio}` : ""}`}
      closeTo={closeTo}
      size="xl"
      footer={
        <>
          <DocumentLinks closeTo={closeTo} pdfHref={`${pathname}.pdf`} xlsxHref={`${pathname}.xlsx`} />
          <Form method="post" preventScrollReset>
            {hidden("store")}
            <button type="submit" className="btn-primary" disabled={busy || count === 0}>
              Guardar cotización
            </button>
          </Form>
        </>
      }
    >
      <PostedError message={error} className="mb-3 rounded-md border" />
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <Link to={toggleTo} preventScrollReset replace className="btn-ghost border border-slate-300">
          {preview ? "Ver lista de artículos" : "Vista previa"}
        </Link>
      </div>
      {preview ? (
        <QuotationPreview doc={draft.doc} company={company} />
      ) : (
        <div className="space-y-4">
          <LinesTableShell columns={DIALOG_COLUMNS}>
            {count === 0 ? (
              <tr>
                <td colSpan={6} className="px-2 py-6 text-center text-slate-500">
                  {MESSAGES.noLines}
                </td>
              </tr>
            ) : null}
            {draft.doc.lines.map((l) => (
              <tr key={l.sku}>
                <td className="whitespace-nowrap px-2 py-1.5 font-medium">{l.sku}</td>
                <td className="min-w-48 px-2 py-1.5">{l.description}</td>
                <td className="px-2 py-1.5">
                  <Form method="post" preventScrollReset className="flex items-center gap-1">
                    {hidden("qty")}
                    <input type="hidden" name="sku" value={l.sku} />
                    <input
                      name="qty"
                      defaultValue={String(l.qty)}
                      inputMode="decimal"
                      className="input w-20 py-1"
                      aria-label={`Cantidad de ${l.sku}`}
                    />
                    <button type="submit" className="btn-ghost px-2 py-1" disabled={busy} aria-label={`Actualizar cantidad de ${l.sku}`}>
                      ✓
                    </button>
                  </Form>
                </td>
                <td className="whitespace-nowrap px-2 py-1.5 text-right tabular-nums">{l.unpriced ? "—" : formatCents(l.priceCents)}</td>
                <td className="whitespace-nowrap px-2 py-1.5 text-right tabular-nums">{l.unpriced ? "—" : formatCents(l.amountCents)}</td>
                <td className="px-2 py-1.5 text-right">
                  <RemoveLineForm version={draft.version} sku={l.sku} name={l.sku} busy={busy} />
                </td>
              </tr>
            ))}
          </LinesTableShell>
          {/* Keyed by version: after a save its inputs show what was stored (a capped discount reads 6). */}
          <OptionsForm key={draft.version} draft={draft} may={may} busy={busy} />
          {may.orderType && draft.orderType === "mercadolibre" ? (
            <CategoryPicker version={draft.version} current={draft.category} results={categories} query={categoryQuery} />
          ) : null}
          <Totals doc={draft.doc} />
        </div>
      )}
    </RouteDialog>
  );
}

function OptionsForm({ draft, may, busy }: { draft: DialogDraft; may: Props["may"]; busy: boolean }) {
  const precio3 = draft.priceList === "Precio 3";
  return (
    <Form
      method="post"
      preventScrollReset
      className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2"
      aria-label="Datos de la cotización"
    >
      <DraftIntent intent="options" version={draft.version} />
      <LabeledField label="Nombre del cliente">
        <input className="input bg-slate-50" value={draft.doc.client.name} readOnly />
      </LabeledField>
      <LabeledField label="Correo">
        <input name="clientEmail" type="email" className="input" defaultValue={draft.clientEmail} />
      </LabeledField>
      <LabeledField label="Teléfono">
        <input
          name="clientPhone"
          type="tel"
          className="input"
          defaultValue={formatPhone(draft.clientPhone)}
          placeholder="000-000-0000"
          onInput={(e) => {
            e.currentTarget.value = formatPhone(e.currentTarget.value);
          }}
        />
      </LabeledField>
      <LabeledField label="Referencia">
        <input name="reference" className="input" defaultValue={draft.reference} maxLength={200} />
      </LabeledField>
      {may.discount && !precio3 ? (
        <LabeledField label={`Descuento global (máximo ${GLOBAL_DISCOUNT_MAX} %)`}>
          <input name="globalDiscount" inputMode="decimal" className="input" defaultValue={String(draft.globalDiscount)} />
        </LabeledField>
      ) : null}
      <LabeledField label="Costo de envío">
        <input name="shipment" inputMode="decimal" className="input" defaultValue={draft.shipment} />
      </LabeledField>
      {may.orderType ? (
        <>
          <RadioChoice legend="Tipo de orden" name="orderType" value={draft.orderType} options={ORDER_TYPES} />
          <RadioChoice legend="Tipo de publicación" name="listingType" value={draft.listingType} options={LISTING_TYPES} />
        </>
      ) : null}
      <NotesAndSave notes={draft.notes} busy={busy} span="sm:col-span-2" />
    </Form>
  );
}

export function CategoryPicker({
  version,
  current,
  results,
  query,
}: {
  version: number;
  current: string | null;
  results: Props["categories"];
  query?: string;
}) {
  return (
    <div className="rounded-md border border-slate-200 p-3 text-sm">
      <p className="mb-2">
        Categoría de Mercado Libre: <strong>{current ?? "sin elegir"}</strong>
      </p>
      <KeepingSearchForm
        param="category"
        query={query}
        label="Categoría"
        placeholder="Nombre de la categoría"
        button="Buscar categoría"
        ariaLabel="Buscar categoría"
        fieldClassName="flex min-w-48 flex-1 flex-col gap-1"
        preventScrollReset
      />
      {results ? (
        results.length === 0 ? (
          <p className="mt-2 text-amber-700">{MESSAGES.noMatch}</p>
        ) : (
          <ul
            className="mt-2 max-h-56 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200"
            aria-label="Categorías encontradas"
          >
            {results.map((c) => (
              <li key={c.title} className="flex items-center justify-between gap-2 px-3 py-1">
                <span>
                  {c.title}{" "}
                  <span className="text-slate-500">
                    (Clásica {(c.goldSpecial * 100).toFixed(1)} %, Premium {(c.goldPro * 100).toFixed(1)} %)
                  </span>
                </span>
                <Form method="post" preventScrollReset>
                  <DraftIntent intent="category" version={version} />
                  <input type="hidden" name="title" value={c.title} />
                  <button type="submit" className="btn-ghost px-2 py-1" aria-label={`Elegir categoría ${c.title}`}>
                    Elegir
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}

function Totals({ doc }: { doc: QuotationDocumentData }) {
  if (!doc.totals) return <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-800">{doc.pricingError ?? MESSAGES.needCategory}</p>;
  const t = doc.totals;
  const rows: Array<[string, number]> = [
    ["Importe", t.linesCents],
    [`Descuento (${doc.discountPercent} %)`, -t.discountCents],
    ["Envío", t.shipmentCents],
    ...(t.marketplaceCents ? [[MARKETPLACE_ADJUSTMENT_LABEL, t.marketplaceCents] as [string, number]] : []),
    ["Subtotal", t.subtotalCents],
    ["IVA 16 %", t.ivaCents],
    ["Total", t.totalCents],
  ];
  return <TotalsList rows={rows} testId="dialog-totals" />;
}
