import { Form, Link, useLocation, useNavigation, useSubmit } from "react-router";
import type { ErpUser } from "@server/integrations/erp/port";
import { ClientPicker } from "~/components/quotations/client-picker";
import type { CompanyContact, QuotationDocumentData } from "~/modules/quotations/document";
import type { DraftClient } from "~/modules/quotations/draft";
import {
  formatCents,
  formatPhone,
  GLOBAL_DISCOUNT_MAX,
  MARKETPLACE_ADJUSTMENT_LABEL,
  MESSAGES,
  type Totals,
} from "~/modules/quotations/pricing";
import {
  DraftIntent as Version,
  KeepingSearchForm,
  KeepParams,
  LabeledField,
  LinesTableShell,
  NotesAndSave,
  PickButton,
  PickList,
  QuotationPreview,
  RadioChoice,
  RemoveLineForm,
  TotalsList,
} from "~/components/quotations/quotation-parts";
import { CategoryPicker, LISTING_TYPES, ORDER_TYPES } from "~/components/quotations/quotation-dialog";
import type { LinesColumn } from "~/components/quotations/quotation-parts";
import type { ItemMatch } from "~/modules/quotations/lines.server";
import { SearchCombobox, SearchSwap, type Carried } from "~/components/quotations/search-combobox";
import { NO_ERP_USERS } from "~/modules/quotations/status";

/** Cotizador v4 (/quotations): header, lines with a typeahead row and free-entry lines, totals. */

export type V4Line = {
  sku: string;
  custom: boolean;
  description: string;
  qty: number;
  discount: number;
  note: string;
  priceCents: number;
  originalPriceCents: number | null;
  amountCents: number;
  /** No price in pesos (a dollar article with no exchange rate): shown "—". */
  unpriced: boolean;
};

export type V4Data = {
  query: { agent?: string; client?: string; item?: string; category?: string; view?: "preview" };
  version: number;
  today: string;
  may: { discount: boolean; erpCreate: boolean; orderType: boolean };
  hasErpUsers: boolean;
  header: {
    agent: { key: string; name: string } | null;
    warehouses: string[];
    warehouse: string | null;
    reference: string;
    globalDiscount: number;
    priceList: string;
    client: DraftClient;
    clientEmail: string;
    clientPhone: string;
    notes: string;
    sourceFolio: string | null;
    orderType: "normal" | "mercadolibre";
    listingType: "gold_special" | "gold_pro";
    category: string | null;
    shipment: string;
  };
  lines: V4Line[];
  totals: Totals | null;
  pricingError: string | null;
  doc: QuotationDocumentData | null;
  company: CompanyContact;
  agents: { ok: boolean; agents: ErpUser[]; message: string | null } | null;
  clients: DraftClient[] | null;
  items: { ok: boolean; items: ItemMatch[]; message: string | null } | null;
  categories: Array<{ title: string; goldPro: number; goldSpecial: number }> | null;
};

export function QuotationV4Actions({ d }: { d: V4Data }) {
  const { search } = useLocation();
  const busy = useNavigation().state === "submitting";
  const params = new URLSearchParams(search);
  const preview = d.query.view === "preview";
  if (preview) params.delete("view");
  else params.set("view", "preview");
  const toggle = `/quotations${params.toString() ? `?${params}` : ""}`;
  const empty = d.lines.length === 0;
  return (
    <>
      <Form method="post" preventScrollReset>
        <Version intent="store" version={d.version} />
        <button type="submit" className="btn-primary" disabled={busy || empty} title={empty ? MESSAGES.noLines : undefined}>
          Crear cotización
        </button>
      </Form>
      <Form method="post" preventScrollReset>
        <Version intent="clear" version={d.version} />
        <button type="submit" className="btn-secondary" disabled={busy || empty}>
          Vaciar
        </button>
      </Form>
      <Link to={toggle} preventScrollReset replace className="btn-secondary">
        {preview ? "Ver artículos" : "Vista previa"}
      </Link>
      {/* With no lines the server answers on this page with "Aún no hay artículos en la lista": a
          plain link follows it there (a download or a new tab would swallow the message). */}
      <a href="/products/quotation.pdf?screen=v4" {...(empty ? {} : { target: "_blank", rel: "noopener" })} className="btn-secondary">
        Generar PDF
      </a>
      <a href="/products/quotation.xlsx?screen=v4" download={empty ? undefined : true} className="btn-secondary">
        Generar Excel
      </a>
    </>
  );
}

/**
 * The agent: without JavaScript a GET search (`?agent=`) whose results are chosen with a POST; with it
 * a combobox. Either way the chosen agent is saved on the draft and its warehouses fill "Almacén".
 */
export function AgentPicker({ d }: { d: V4Data }) {
  if (!d.hasErpUsers) {
    return (
      <p className="text-sm text-amber-800" role="status">
        Agente: {NO_ERP_USERS}
      </p>
    );
  }
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <p className="text-sm" data-testid="current-agent">
        Agente: <strong>{d.header.agent ? `${d.header.agent.name} (${d.header.agent.key})` : "sin elegir"}</strong>
      </p>
      <SearchSwap server={<AgentSearchForm d={d} />} client={(carried) => <AgentCombobox version={d.version} carried={carried} />} />
    </div>
  );
}

const agentLabel = (a: ErpUser) => (
  <>
    <strong>{a.user}</strong> {a.name} <span className="text-slate-500">({a.warehouses.join(", ") || "sin almacenes"})</span>
  </>
);

function AgentCombobox({ version, carried }: { version: number; carried: Carried }) {
  const submit = useSubmit();
  return (
    <SearchCombobox<ErpUser>
      label="Agente"
      placeholder="Usuario o nombre"
      source={(q) => `/quotations/agents?q=${encodeURIComponent(q)}`}
      itemKey={(a) => a.user}
      itemToString={(a) => `${a.user} ${a.name}`}
      renderItem={agentLabel}
      onPick={(a) => submit({ intent: "agent", agent: a.user, version: String(version) }, { method: "post", preventScrollReset: true })}
      emptyMessage={MESSAGES.noMatch}
      carried={carried}
    />
  );
}

function AgentSearchForm({ d }: { d: V4Data }) {
  return (
    <>
      <KeepingSearchForm
        param="agent"
        query={d.query.agent}
        label="Agente"
        placeholder="Usuario o nombre"
        button="Buscar agente"
        ariaLabel="Buscar agente"
        fieldClassName="flex min-w-0 flex-1 flex-col gap-1 text-sm"
      />
      {d.agents ? (
        <PickList
          items={d.agents.agents}
          emptyMessage={d.agents.message ?? MESSAGES.noMatch}
          label="Agentes encontrados"
          listClassName="divide-y divide-slate-100 rounded-md border border-slate-200"
          itemKey={(a) => a.user}
        >
          {(a) => (
            <>
              <span className="min-w-0 truncate">{agentLabel(a)}</span>
              <PickButton
                fields={{ intent: "agent", version: d.version, agent: a.user }}
                label="Elegir"
                ariaLabel={`Elegir agente ${a.name}`}
              />
            </>
          )}
        </PickList>
      ) : null}
    </>
  );
}

export function HeaderForm({ d }: { d: V4Data }) {
  const busy = useNavigation().state === "submitting";
  const h = d.header;
  const precio3 = h.priceList === "Precio 3";
  return (
    <Form method="post" preventScrollReset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Datos de la cotización">
      <Version intent="header" version={d.version} />
      <LabeledField label="Fecha">
        <input value={d.today} readOnly className="input bg-slate-50" />
      </LabeledField>
      <LabeledField label="Referencia">
        <input name="reference" defaultValue={h.reference} maxLength={200} className="input" />
      </LabeledField>
      <LabeledField label="Almacén">
        <select name="warehouse" defaultValue={h.warehouse ?? ""} className="input" disabled={h.warehouses.length === 0}>
          {h.warehouses.length === 0 ? <option value="">Elige primero un agente</option> : null}
          {h.warehouses.map((w) => (
            <option key={w} value={w}>
              {w}
            </option>
          ))}
        </select>
      </LabeledField>
      {d.may.discount && !precio3 ? (
        <LabeledField label="Descuento (%)">
          <input
            name="globalDiscount"
            defaultValue={h.globalDiscount ? String(h.globalDiscount) : ""}
            inputMode="decimal"
            pattern="[0-9]*\.?[0-9]*"
            className="input"
            aria-describedby="v4-discount-hint"
          />
          <span id="v4-discount-hint" className="text-xs text-slate-500">
            Máximo {GLOBAL_DISCOUNT_MAX} %.
          </span>
        </LabeledField>
      ) : null}
      <LabeledField label="Correo del cliente">
        <input type="email" name="clientEmail" defaultValue={h.clientEmail} maxLength={200} className="input" />
      </LabeledField>
      <LabeledField label="Teléfono del cliente">
        <input
          type="tel"
          name="clientPhone"
          defaultValue={formatPhone(h.clientPhone)}
          maxLength={12}
          placeholder="000-000-0000"
          className="input"
        />
      </LabeledField>
      {d.may.orderType ? (
        <>
          {/* As in v3's quotation dialog (spec 2 §6: v4 order type for Admin, Developer, MercadoLibre Manager). */}
          <RadioChoice legend="Tipo de orden" name="orderType" value={h.orderType} options={ORDER_TYPES} />
          <RadioChoice legend="Tipo de publicación" name="listingType" value={h.listingType} options={LISTING_TYPES} />
          <LabeledField label="Costo de envío">
            <input name="shipment" inputMode="decimal" className="input" defaultValue={h.shipment} />
          </LabeledField>
        </>
      ) : null}
      <NotesAndSave notes={h.notes} busy={busy} span="sm:col-span-2 lg:col-span-3" />
    </Form>
  );
}

export function ClientBlock({ d }: { d: V4Data }) {
  const c = d.header.client;
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <p className="text-sm" data-testid="current-client">
        Cliente: <strong>{c.name}</strong> ({c.key}) · {c.priceList}
        {c.rfc ? ` · RFC ${c.rfc}` : ""}
        {d.header.sourceFolio ? <span className="ml-2 text-slate-500">Revisando {d.header.sourceFolio}</span> : null}
      </p>
      <ClientPicker version={d.version} query={d.query.client} results={d.clients} />
    </div>
  );
}

const V4_COLUMNS: LinesColumn[] = [
  { label: "SKU" },
  { label: "Descripción" },
  { label: "Cantidad" },
  { label: "Descuento (%)" },
  { label: "Precio", align: "right" },
  { label: "Observaciones" },
  { label: "Acciones", srOnly: true },
];

export function LinesTable({ d }: { d: V4Data }) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-3">
      {/* Row inputs belong to per-row forms through the form attribute: a form cannot wrap a table row. */}
      {d.lines.map((l, i) => (
        <Form key={l.sku} id={`line-${i}`} method="post" preventScrollReset hidden>
          <Version intent="line" version={d.version} />
          <input type="hidden" name="sku" value={l.sku} />
        </Form>
      ))}
      <Form id="item-search" method="get" preventScrollReset role="search" aria-label="Buscar artículo para agregar" hidden>
        <KeepParams drop="item" />
      </Form>
      <LinesTableShell columns={V4_COLUMNS} className="[container-type:inline-size]">
        {d.lines.map((l, i) => (
          // Keyed by version too: the row's uncontrolled inputs show the saved values after each change.
          <tr key={`${l.sku}:${d.version}`} data-testid={`line-${l.sku}`}>
            <td className="whitespace-nowrap px-2 py-1.5 font-medium">
              {l.custom ? <span className="text-slate-500">Libre</span> : l.sku}
            </td>
            <td className="min-w-40 px-2 py-1.5">{l.description}</td>
            <td className="px-2 py-1.5">
              <input
                form={`line-${i}`}
                name="qty"
                defaultValue={String(l.qty)}
                inputMode="decimal"
                className="input w-20 py-1"
                aria-label={`Cantidad de ${l.description}`}
              />
            </td>
            <td className="px-2 py-1.5">
              <input
                form={`line-${i}`}
                name="discount"
                defaultValue={String(l.discount)}
                inputMode="decimal"
                className="input w-20 py-1"
                aria-label={`Descuento de ${l.description}`}
              />
            </td>
            <td className="whitespace-nowrap px-2 py-1.5 text-right tabular-nums">
              {l.unpriced ? "—" : formatCents(l.priceCents)}
              {l.originalPriceCents !== null ? (
                <span className="block text-xs text-slate-500" data-testid="original-price">
                  antes <s>{formatCents(l.originalPriceCents)}</s>
                </span>
              ) : null}
            </td>
            <td className="px-2 py-1.5">
              <input
                form={`line-${i}`}
                name="note"
                defaultValue={l.note}
                maxLength={500}
                className="input min-w-32 py-1"
                aria-label={`Observaciones de ${l.description}`}
              />
            </td>
            <td className="whitespace-nowrap px-2 py-1.5 text-right">
              <button
                type="submit"
                form={`line-${i}`}
                className="btn-ghost px-2 py-1"
                disabled={busy}
                aria-label={`Aplicar cambios a ${l.description}`}
              >
                Aplicar
              </button>
              <RemoveLineForm version={d.version} sku={l.sku} name={l.description} busy={busy} className="inline" />
            </td>
          </tr>
        ))}
        <tr className="bg-slate-50/60">
          <td colSpan={7} className="px-2 py-2">
            {/* Kept at the visible left edge and no wider than the box when the table scrolls sideways. */}
            <div className="sticky left-2 max-w-[calc(100cqw-1rem)]">
              <SearchSwap server={<ItemSearchRow d={d} />} client={(carried) => <ItemCombobox carried={carried} />} />
            </div>
          </td>
        </tr>
      </LinesTableShell>
      {d.lines.length === 0 ? <p className="text-sm text-slate-500">{MESSAGES.noLines}</p> : null}
      {d.items ? <ItemResults d={d} /> : null}
      <CustomLineForm version={d.version} />
    </div>
  );
}

/** The typeahead row without JavaScript: a GET search (`?item=`, the hidden form above the table); results below it. */
function ItemSearchRow({ d }: { d: V4Data }) {
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="font-medium text-slate-700">Nuevo artículo</span>
        <input
          form="item-search"
          type="search"
          name="item"
          defaultValue={d.query.item}
          placeholder="SKU, clave de fabricante o descripción"
          className="input"
        />
      </label>
      <button type="submit" form="item-search" className="btn-secondary">
        Buscar artículo
      </button>
    </div>
  );
}

const itemLabel = (a: ItemMatch) => (
  <>
    <strong>{a.sku}</strong> {a.description} <span className="text-slate-500">(existencia {a.stockTotal})</span>
  </>
);

/**
 * The typeahead row with JavaScript: picking an article adds one (an article already present gets +1).
 * Like Agregar it posts no draft version: an addition does not depend on what the table showed.
 */
function ItemCombobox({ carried }: { carried: Carried }) {
  const submit = useSubmit();
  return (
    <SearchCombobox<ItemMatch>
      label="Nuevo artículo"
      placeholder="SKU, clave de fabricante o descripción"
      source={(q) => `/quotations/items?q=${encodeURIComponent(q)}`}
      itemKey={(a) => a.sku}
      itemToString={(a) => `${a.sku} ${a.description}`}
      renderItem={itemLabel}
      onPick={(a) => submit({ intent: "add", sku: a.sku, qty: "1" }, { method: "post", preventScrollReset: true })}
      emptyMessage={MESSAGES.noMatch}
      menu="inline"
      carried={carried}
    />
  );
}

function ItemResults({ d }: { d: V4Data }) {
  const items = d.items!;
  return (
    <PickList
      items={items.items}
      emptyMessage={items.message ?? MESSAGES.noMatch}
      label="Artículos encontrados"
      listClassName="divide-y divide-slate-100 rounded-md border border-slate-200"
      itemKey={(a) => a.sku}
    >
      {(a) => (
        <>
          <span className="min-w-0">{itemLabel(a)}</span>
          {/* No draft version: an addition does not depend on what the table showed (as /products' Agregar). */}
          <PickButton fields={{ intent: "add", sku: a.sku, qty: "1" }} label="Agregar" ariaLabel={`Agregar ${a.sku}`} />
        </>
      )}
    </PickList>
  );
}

function CustomLineForm({ version }: { version: number }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form
      method="post"
      preventScrollReset
      className="grid gap-2 rounded-md border border-dashed border-slate-300 p-3 sm:grid-cols-[1fr_7rem_8rem_auto] sm:items-end"
      aria-label="Agregar artículo libre"
    >
      <Version intent="custom" version={version} />
      <LabeledField label="Artículo libre">
        <input name="description" maxLength={300} placeholder="Descripción" className="input" />
      </LabeledField>
      <LabeledField label="Cantidad">
        <input name="qty" inputMode="decimal" defaultValue="1" className="input" />
      </LabeledField>
      <LabeledField label="Precio">
        <input name="price" inputMode="decimal" className="input" />
      </LabeledField>
      <button type="submit" className="btn-secondary" disabled={busy}>
        Agregar libre
      </button>
    </Form>
  );
}

/** The marketplace category, once the Mercado Libre order type is chosen (the v3 picker). */
export function OrderCategory({ d }: { d: V4Data }) {
  if (!d.may.orderType || d.header.orderType !== "mercadolibre") return null;
  return (
    <div className="mt-4">
      <CategoryPicker version={d.version} current={d.header.category} results={d.categories} query={d.query.category} />
    </div>
  );
}

export function TotalsBlock({
  totals,
  discountPercent,
  pricingError = null,
}: {
  totals: Totals | null;
  discountPercent: number;
  pricingError?: string | null;
}) {
  // Totals wait for a category on a Mercado Libre quote (spec 2 §4), and for a price in pesos on every line (decision 0038).
  if (!totals) return <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-800">{pricingError ?? MESSAGES.needCategory}</p>;
  const rows: Array<[string, number]> = [
    ["Importe", totals.linesCents],
    [`Descuento (${discountPercent} %)`, -totals.discountCents],
    ...(totals.shipmentCents ? [["Envío", totals.shipmentCents] as [string, number]] : []),
    ...(totals.marketplaceCents ? [[MARKETPLACE_ADJUSTMENT_LABEL, totals.marketplaceCents] as [string, number]] : []),
    ["Subtotal", totals.subtotalCents],
    ["IVA 16 %", totals.ivaCents],
    ["Total", totals.totalCents],
  ];
  return <TotalsList rows={rows} testId="v4-totals" />;
}

export function PreviewBlock({ d }: { d: V4Data }) {
  if (!d.doc) return null;
  return <QuotationPreview doc={d.doc} company={d.company} className="bg-white" />;
}
