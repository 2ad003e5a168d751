import { Form, Link, useLocation, useNavigation } from "react-router";
import { useEffect, useRef } from "react";
import type { ActionData as ActionDataOf, LoaderData } from "~/lib/route-data";
import { PageHeader } from "~/components/PageHeader";
import { cn } from "~/lib/cn";
import { formatDateTime, formatMoney } from "@common/format";
import type { PdvAction, PdvLoader } from "~/routes/pdv/route";
import { DISCOUNTS, parseQuantity } from "~/modules/pdv/rules";
import { useUpdateEffect } from "~/lib/use-update-effect";
import { HistoryView } from "./till-history";
import { tillTabs } from "~/modules/pdv/tabs";
import { ErrorSlot } from "~/routes/pdv/ui/dialog-parts";

type Data = LoaderData<PdvLoader>;
type ActionData = ActionDataOf<PdvAction> | null;
const money = (cents: number) => formatMoney(cents / 100);

export function PdvScreen({ data, actionData }: { data: Data; actionData: ActionData }) {
  const { search } = useLocation();
  const tabs = tillTabs({ manager: data.manager, boxOpen: Boolean(data.box) });
  return (
    <div className="min-w-0">
      <PageHeader title="Punto de venta">
        <p className="text-sm text-slate-500">
          {data.user.name}
          {data.box ? ` · Caja abierta desde ${formatDateTime(data.box.dateOpen)}` : " · Caja cerrada"}
        </p>
      </PageHeader>
      {data.manager ? <CodeCard code={data.myCode} /> : null}
      {tabs.length > 0 ? (
        <nav aria-label="Secciones del punto de venta" className="mb-4 flex gap-1 border-b border-slate-200">
          {tabs.map((t) => (
            <Link
              key={t.key}
              to={t.to}
              aria-current={data.tab === t.key ? "page" : undefined}
              className={cn(
                "-mb-px border-b-2 px-4 py-2 text-sm font-medium",
                data.tab === t.key ? "border-sky-600 text-sky-700" : "border-transparent text-slate-600 hover:text-slate-900",
              )}
            >
              {t.label}
            </Link>
          ))}
        </nav>
      ) : null}
      {data.done.sale ? <SaleDone saleId={data.done.sale} repeat={data.done.repeat} /> : null}
      {data.done.cut ? <CutDone sessionId={data.done.cut} /> : null}
      {data.tab === "historial" && data.history ? (
        <HistoryView history={data.history} search={search} />
      ) : data.box && data.cart ? (
        <SaleView data={data} actionData={actionData} />
      ) : (
        <OpenBoxView manager={data.manager} actionData={actionData} constraints={data.constraints} />
      )}
    </div>
  );
}

function CodeCard({ code }: { code: string | null }) {
  return (
    <div className="card mb-4 flex flex-wrap items-center justify-between gap-3 p-4">
      <p className="text-sm">
        Tu código de confirmación:{" "}
        <strong className="font-mono text-base" data-testid="my-code">
          {code ?? "sin código"}
        </strong>
      </p>
      <Form method="post" action="/pdv" replace>
        <button type="submit" name="intent" value="new-code" className="btn-secondary">
          Generar nuevo código
        </button>
      </Form>
    </div>
  );
}

type TillConstraints = Data["constraints"];

function OpenBoxView({ manager, actionData, constraints }: { manager: boolean; actionData: ActionData; constraints: TillConstraints }) {
  const error = actionData && "field" in actionData && actionData.field === "amount" ? actionData.error : null;
  return (
    <div className="card mx-auto max-w-md p-6">
      <h2 className="text-lg font-semibold">{manager ? "Abrir caja (gerente)" : "Abrir caja"}</h2>
      <p className="mt-1 text-sm text-slate-500">Indica el monto inicial (fondo) con el que abre la caja.</p>
      <Form method="post" className="mt-4 space-y-3">
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">Monto inicial</span>
          <input
            name="amount"
            {...constraints.amount}
            inputMode="decimal"
            className="input"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the screen's one field: the cash box cannot be used until it is opened
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby="amount-error"
          />
        </label>
        <ErrorSlot id="amount-error" shown={Boolean(error)}>
          {error}
        </ErrorSlot>
        <button type="submit" name="intent" value="open" className="btn-primary w-full">
          Abrir caja
        </button>
      </Form>
      <div className="mt-4 flex flex-wrap gap-2 text-sm">
        <a href="/pdv/last-cut" target="_blank" rel="noreferrer" className="btn-secondary">
          Último corte
        </a>
      </div>
    </div>
  );
}

function SaleDone({ saleId, repeat }: { saleId: number; repeat: boolean }) {
  const opened = useRef(false);
  useEffect(() => {
    // A repeated sale prints nothing new.
    if (repeat || opened.current) return;
    opened.current = true;
    window.open(`/pdv/sales/${saleId}/ticket`, "ticket", "width=800,height=900");
  }, [saleId, repeat]);
  return (
    <div className="card mb-4 flex flex-wrap items-center justify-between gap-3 border-emerald-200 bg-emerald-50 p-4" role="status">
      <p className="text-sm text-emerald-900">{repeat ? `La venta ${saleId} ya estaba registrada.` : `Venta ${saleId} registrada.`}</p>
      <div className="flex gap-2">
        <a href={`/pdv/sales/${saleId}/ticket${repeat ? "?reprint=1" : ""}`} target="_blank" rel="noreferrer" className="btn-secondary">
          Imprimir ticket
        </a>
        <a href={`/pdv/sales/${saleId}/ticket.pdf${repeat ? "?reprint=1" : ""}`} className="btn-secondary">
          Ticket PDF
        </a>
      </div>
    </div>
  );
}

function CutDone({ sessionId }: { sessionId: number }) {
  return (
    <div className="card mb-4 flex flex-wrap items-center justify-between gap-3 border-emerald-200 bg-emerald-50 p-4" role="status">
      <p className="text-sm text-emerald-900">Caja {sessionId} cerrada.</p>
      <div className="flex gap-2">
        <a href={`/pdv/sessions/${sessionId}/slip`} target="_blank" rel="noreferrer" className="btn-secondary">
          Imprimir corte
        </a>
        <a href={`/pdv/sessions/${sessionId}/slip.pdf`} className="btn-secondary">
          Corte PDF
        </a>
      </div>
    </div>
  );
}

function SaleView({ data, actionData }: { data: Data; actionData: ActionData }) {
  const cart = data.cart!;
  const box = data.box!;
  const navigation = useNavigation();
  const scanRef = useRef<HTMLInputElement>(null);
  const scanError = actionData && "field" in actionData && actionData.field === "scan" ? actionData : null;
  const cartError =
    actionData && "field" in actionData && (actionData.field === "cart" || actionData.field === "form") ? actionData.error : null;
  const cartErrorTitle =
    actionData && "field" in actionData && actionData.field === "form" && "title" in actionData ? actionData.title : null;
  // The scanner types and presses Enter: after each round trip the box is ready for the next code.
  // Not when the page first comes to life: what the scanner typed before that is still to be sent.
  useUpdateEffect(() => {
    if (navigation.state !== "idle") return;
    scanRef.current?.focus();
    if (!scanError) scanRef.current?.form?.reset();
  }, [navigation.state, scanError]);
  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
      <div className="min-w-0 space-y-4">
        <div className="card p-4">
          <Form method="post" action="/pdv" className="flex gap-2" replace>
            <input type="hidden" name="intent" value="scan" />
            <label className="sr-only" htmlFor="scan">
              Buscar productos
            </label>
            <input
              ref={scanRef}
              id="scan"
              name="query"
              {...data.constraints.query}
              placeholder="Buscar productos"
              className="input min-w-0 flex-1"
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the till's scanner field: a barcode reader types into whatever has the focus
              autoFocus
              autoComplete="off"
              defaultValue={scanError?.query ?? ""}
              aria-invalid={scanError ? true : undefined}
              aria-describedby="scan-error"
            />
            <button type="submit" className="btn-primary">
              Agregar
            </button>
          </Form>
          <div id="scan-error" role={scanError ? "alert" : undefined} className="min-h-5 pt-1 text-sm text-amber-800">
            {scanError && "title" in scanError ? (
              <>
                <strong>{scanError.title}.</strong> {scanError.error}
              </>
            ) : null}
          </div>
          <div className="mt-2 flex flex-wrap gap-2">
            <Link to="/pdv/close" className="btn-secondary">
              Cerrar caja
            </Link>
            <a href="/pdv/last-sale" target="_blank" rel="noreferrer" className="btn-secondary">
              Última venta
            </a>
            <a href="/pdv/last-cut" target="_blank" rel="noreferrer" className="btn-secondary">
              Último corte
            </a>
            {data.manager ? (
              <a href={`/pdv/sessions/${box.id}/slip?kind=X`} target="_blank" rel="noreferrer" className="btn-secondary">
                Corte X
              </a>
            ) : null}
            {box.deleteMode ? (
              <Form method="post" action="/pdv">
                <button type="submit" name="intent" value="end-delete" className="btn-danger">
                  Terminar eliminación
                </button>
              </Form>
            ) : (
              <Link to="/pdv/authorize?what=delete" className="btn-secondary">
                Eliminar productos
              </Link>
            )}
          </div>
        </div>
        {cartError ? (
          <p role="alert" className="card border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {cartErrorTitle ? <strong>{cartErrorTitle}. </strong> : null}
            {cartError}
          </p>
        ) : null}
        <CartTable cart={cart} deleteMode={box.deleteMode} constraints={data.constraints} />
      </div>
      <aside className="space-y-4">
        <DiscountButtons active={cart.discount} disabled={cart.lines.length === 0} />
        <Summary cart={cart} />
        {cart.lines.length > 0 ? (
          <Link to="/pdv/pay" className="btn-primary w-full justify-center text-lg">
            Pagar
          </Link>
        ) : (
          <span className="btn-primary w-full cursor-not-allowed justify-center text-lg opacity-50" aria-disabled="true">
            Pagar
          </span>
        )}
      </aside>
    </div>
  );
}

function CartTable({
  cart,
  deleteMode,
  constraints,
}: {
  cart: NonNullable<Data["cart"]>;
  deleteMode: boolean;
  constraints: TillConstraints;
}) {
  if (cart.lines.length === 0) {
    return <div className="card p-8 text-center text-slate-500">Escanea un producto para comenzar la venta.</div>;
  }
  return (
    // `relative`: the quantity form's hidden submit is absolutely placed and would otherwise widen the page on a phone.
    <div className="card relative overflow-x-auto">
      <table className="w-full min-w-[40rem] text-sm" aria-label="Productos de la venta">
        <thead className="bg-slate-50 text-left text-slate-600">
          <tr>
            <th className="px-3 py-2">Acciones</th>
            <th className="px-3 py-2">SKU</th>
            <th className="px-3 py-2">Descripción</th>
            <th className="px-3 py-2 text-right">Precio</th>
            <th className="px-3 py-2">Cantidad</th>
            <th className="px-3 py-2 text-right">Importe</th>
          </tr>
        </thead>
        <tbody>
          {cart.lines.map((line) => (
            <tr key={`${line.id}-${line.qty}`} className="border-t border-slate-100" data-sku={line.sku}>
              <td className="px-3 py-2">
                <Form method="post" action="/pdv" replace>
                  <input type="hidden" name="line" value={line.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="remove"
                    className={cn("btn-ghost px-2 py-1", deleteMode ? "text-red-700" : "text-slate-500")}
                    aria-label={`Eliminar ${line.sku}`}
                  >
                    ✕
                  </button>
                </Form>
              </td>
              <td className="px-3 py-2 font-mono">{line.sku}</td>
              <td className="px-3 py-2">{line.description}</td>
              <td className="px-3 py-2 text-right" data-testid="line-price">
                {money(line.priceCents)}
                {line.priceHint ? (
                  <span className="block text-xs text-slate-500" title="Precio en dólares × tipo de cambio">
                    {line.priceHint}
                  </span>
                ) : null}
              </td>
              <td className="px-3 py-2">
                <QtyForm lineId={line.id} qty={line.qty} sku={line.sku} constraints={constraints} />
              </td>
              <td className="px-3 py-2 text-right font-medium">{money(line.amountCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const BLOCKED_KEYS = new Set(["e", "E", "+", "-", ".", ","]);

function QtyForm({ lineId, qty, sku, constraints }: { lineId: number; qty: number; sku: string; constraints: TillConstraints }) {
  return (
    <Form
      method="post"
      action="/pdv"
      replace
      className="flex items-center gap-1"
      onSubmit={(e) => {
        // The box shows the quantity the sale takes (an emptied box is 1) even when the stored one
        // does not change, so the row is not drawn again.
        const box = e.currentTarget.elements.namedItem("qty");
        if (box instanceof HTMLInputElement) box.value = String(parseQuantity(box.value));
      }}
    >
      <input type="hidden" name="line" value={lineId} />
      {/* Enter in the quantity box submits the first button: the quantity itself. */}
      <button type="submit" name="intent" value="qty" className="sr-only" tabIndex={-1}>
        Cambiar cantidad
      </button>
      <button type="submit" name="intent" value="dec" className="btn-secondary px-2 py-1" aria-label={`Quitar uno de ${sku}`}>
        −
      </button>
      {/* No browser minimum: the spec turns an empty, non-numeric or below-1 quantity into 1. */}
      <input
        name="qty"
        {...constraints.qty}
        type="number"
        inputMode="numeric"
        defaultValue={qty}
        aria-label={`Cantidad de ${sku}`}
        className="input w-20 text-center"
        onKeyDown={(e) => {
          if (BLOCKED_KEYS.has(e.key)) e.preventDefault();
        }}
        onInput={(e) => {
          // A number box does not tell where the caret is: a leading zero is taken away once typed.
          const input = e.currentTarget;
          if (/^0/.test(input.value)) input.value = input.value.replace(/^0+/, "");
        }}
        onPaste={(e) => {
          if (!/^[1-9]\d*$/.test(e.clipboardData.getData("text").trim())) e.preventDefault();
        }}
        onBlur={(e) => {
          if (e.currentTarget.value !== String(qty))
            (e.currentTarget.form?.querySelector('button[value="qty"]') as HTMLButtonElement | null)?.click();
        }}
      />
      <button type="submit" name="intent" value="inc" className="btn-secondary px-2 py-1" aria-label={`Agregar uno de ${sku}`}>
        +
      </button>
    </Form>
  );
}

function DiscountButtons({ active, disabled }: { active: number; disabled: boolean }) {
  return (
    <Form method="post" action="/pdv" replace className="card p-4">
      <input type="hidden" name="intent" value="discount" />
      <p className="mb-2 text-sm font-medium text-slate-700">Descuento</p>
      <div className="grid grid-cols-4 gap-2">
        {DISCOUNTS.map((d) => (
          <button
            key={d}
            type="submit"
            name="discount"
            value={d}
            disabled={disabled}
            aria-pressed={active === d}
            className={cn(active === d ? "btn-primary" : "btn-secondary", "justify-center")}
          >
            {d} %
          </button>
        ))}
      </div>
      <p className="mt-2 text-xs text-slate-500">8 % y 10 % requieren código de confirmación.</p>
    </Form>
  );
}

function Summary({ cart }: { cart: NonNullable<Data["cart"]> }) {
  const t = cart.totals;
  const rows: Array<[string, string]> = [
    ["Importe", money(t.baseCents)],
    [`Descuento (${cart.discount} %)`, `-${money(t.discountCents)}`],
    ["Subtotal", money(t.subtotalCents)],
    ["IVA (16 %)", money(t.ivaCents)],
  ];
  return (
    <div className="card p-4" aria-label="Resumen de la venta">
      <dl className="space-y-1 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="flex justify-between">
            <dt className="text-slate-600">{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
        <div className="flex justify-between border-t border-slate-200 pt-2 text-lg font-semibold">
          <dt>Total</dt>
          <dd data-testid="sale-total">{money(t.totalCents)}</dd>
        </div>
      </dl>
    </div>
  );
}
