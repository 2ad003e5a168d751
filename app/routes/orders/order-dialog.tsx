import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Await, Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "react-router";
import { Suspense, useEffect, useState, type ReactNode } from "react";
import { Badge } from "~/components/Badge";
import { RouteDialog } from "~/components/Dialog";
import { ErrorList } from "~/components/Field";
import type { FormConstraints } from "~/lib/constraints";
import { useLazyValidation } from "~/lib/lazy-validation";
import { formatDate, formatDateTime, formatMoney } from "@common/format";
import { labelOf } from "~/lib/labels";
import { withParams } from "~/lib/list-url";
import type { ToastInput } from "~/lib/toast";
import { statusLabel } from "~/modules/orders/display-status";
import { OrderEditFields, orderEditDefaults, type OrderEditFieldset } from "~/components/orders/order-edit-fields";
import { OrderItemsList } from "~/components/orders/order-items-list";
import type { OrderDetail } from "~/modules/orders/orders.server";
import type { OrderLookups } from "~/modules/orders/marketplace.server";
import { logisticLabel, separateRecipient } from "~/modules/orders/rules";
import type { OrderEditInput, OrderEditSchema } from "~/modules/orders/order-edit-form";
import { SaveButton } from "~/components/SaveButton";

/** What the route's loader gives the dialog. */
export type OrderDialogView = OrderDetail & {
  canToggleInvoice: boolean;
  confirmInvoice: boolean;
  editConstraint: FormConstraints<typeof OrderEditSchema>;
  /**
   * What the marketplace says of the order: its buyer (null: the order's own shipping data is shown),
   * the collection window (the marketplace's schedule, or the usual one), and why part of it is the
   * app's data (a look-up failed). A promise on a navigation with JavaScript: the dialog opens first.
   */
  marketplace: OrderLookups | Promise<OrderLookups>;
};

/** Shown when the look-ups broke in an unforeseen way; the dialog keeps the app's own data. */
export const LOOKUPS_FAILED = "No se pudo consultar a Mercado Libre; se muestran los datos de la orden.";

/** A number for each answer (or promise of one) the loader gave: a new one is a new Suspense boundary. */
const answerIds = new WeakMap<object, number>();
let lastAnswerId = 0;
function answerId(lookups: OrderDialogView["marketplace"]) {
  if (!answerIds.has(lookups)) answerIds.set(lookups, ++lastAnswerId);
  return answerIds.get(lookups)!;
}

/**
 * The marketplace's last answer this dialog showed for this order. After a save the loader asks
 * again; meanwhile the rows keep that answer instead of holding the whole dialog (the save's result
 * included) until the marketplace answers, or going back to "Consultando…".
 */
function useLastAnswer(orderId: string, lookups: OrderDialogView["marketplace"]) {
  const [last, setLast] = useState<{ orderId: string; found: OrderLookups } | null>(null);
  useEffect(() => {
    let current = true;
    Promise.resolve(lookups).then(
      (found) => current && setLast({ orderId, found }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [orderId, lookups]);
  return last?.orderId === orderId ? last.found : null;
}

/**
 * One part of the dialog drawn from the marketplace's answers: while they are on their way (a
 * navigation with JavaScript), the last answer shown (`last`) or else `pending`; `failed` when the
 * look-ups broke; else `children` with them. Each answer gets a boundary of its own, so a new
 * question shows its fallback at once instead of suspending the navigation that brought it.
 */
function FromMarketplace({
  lookups,
  last,
  pending,
  failed,
  children,
}: {
  lookups: OrderDialogView["marketplace"];
  last: OrderLookups | null;
  pending: ReactNode;
  failed: ReactNode;
  children: (found: OrderLookups) => ReactNode;
}) {
  return (
    <Suspense key={answerId(lookups)} fallback={last ? children(last) : pending}>
      <Await resolve={lookups} errorElement={failed}>
        {children}
      </Await>
    </Suspense>
  );
}

/** A row that says the marketplace is being asked for its value, for screen readers too. */
function AskingRow({ label, what }: { label: string; what: string }) {
  return (
    <Row label={label}>
      <span className="text-slate-500" role="status" data-testid="marketplace-pending">
        Consultando {what} en Mercado Libre…
      </span>
    </Row>
  );
}

/** A refused save or command: the form's submission (what was typed) and the reason, shown in the dialog. */
export type OrderActionData = { result: SubmissionResult<string[]> | null; toast: ToastInput };

/** The list query without the dialog's own parameters. */
export function listSearch(url: URL) {
  const params = new URLSearchParams(url.search);
  params.delete("confirm");
  const text = params.toString();
  return text ? `?${text}` : "";
}

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="btn-secondary whitespace-nowrap"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
        } catch {
          const input = document.getElementById("invoice-link") as HTMLInputElement | null;
          input?.select();
          document.execCommand("copy");
        }
        setCopied(true);
        setTimeout(() => setCopied(false), 2500);
      }}
    >
      {copied ? "¡Copiado!" : "Copiar enlace"}
    </button>
  );
}

/** Why part of the dialog shows the app's data instead of the marketplace's. */
function LookupNotes({ notes }: { notes: string[] }) {
  if (!notes.length) return null;
  return (
    <ul className="mb-3 space-y-1 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="lookup-notes">
      {notes.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-500">{label}</dt>
      <dd className="break-words">{children}</dd>
    </>
  );
}

/** The order dialog (orders screen): summary, the edit form, label, status sync, delivery and invoicing link. */
export function OrderDialog() {
  const { order, edit, status, packageManagers, rules, canToggleInvoice, confirmInvoice, editConstraint, marketplace } =
    useLoaderData<OrderDialogView>();
  const lastAnswer = useLastAnswer(order.id, marketplace);
  const shippingName = [order.shippingInfo.firstName, order.shippingInfo.lastName].filter(Boolean).join(" ");
  const ownBuyer = (
    <Row label="Comprador">
      {shippingName || "—"}
      {order.buyerNickname ? <span className="ml-1 text-slate-500">({order.buyerNickname})</span> : null}
    </Row>
  );
  const collectionRow = (collection: OrderLookups["collection"]) =>
    collection ? (
      <Row label="Recolección">
        <span data-testid="collection-time">
          {collection.day}, de {collection.from} a {collection.to} ({collection.sameDay ? "mismo día" : "día siguiente"})
        </span>
      </Row>
    ) : null;
  const actionData = useActionData<OrderActionData>();
  const { search } = useLocation();
  const navigation = useNavigation();
  const list = listSearch(new URL(`http://x${search}`));
  const closeTo = `/orders${list}`;
  const busy = (intent: string) => navigation.state === "submitting" && (navigation.formData?.get("intent") ?? "save") === intent;

  const validation = useLazyValidation<typeof OrderEditSchema, OrderEditInput>(() =>
    import("~/modules/orders/order-edit-form").then((m) => m.OrderEditSchema),
  );
  const [form, fields] = useForm<OrderEditInput, OrderEditInput>({
    id: `order-${order.id}-v${edit.version}`,
    lastResult: actionData?.result ?? undefined,
    constraint: editConstraint,
    defaultValue: orderEditDefaults(edit),
    ...validation,
  });

  const invoice = rules.invoice;
  return (
    <RouteDialog
      title={`Orden ${order.id}`}
      description={
        <span className="flex flex-wrap items-center gap-2">
          <Badge variant={status.variant}>{status.label}</Badge>
          <span>{logisticLabel(order.logisticType)}</span>
          <span>· {order.store}</span>
          <span>· {formatDateTime(order.orderDate)}</span>
        </span>
      }
      closeTo={closeTo}
      size="xl"
      footer={
        <Link to={closeTo} preventScrollReset className="btn-secondary">
          Volver
        </Link>
      }
    >
      {rules.delayed ? (
        <p role="alert" className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm font-semibold text-red-700" data-testid="delay-warning">
          Estás con demora
        </p>
      ) : null}
      <FromMarketplace lookups={marketplace} last={lastAnswer} pending={null} failed={<LookupNotes notes={[LOOKUPS_FAILED]} />}>
        {(found) => <LookupNotes notes={found.notes} />}
      </FromMarketplace>
      {actionData?.toast ? (
        <p role="alert" className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="order-error">
          <strong>{actionData.toast.title}:</strong> {actionData.toast.message}
        </p>
      ) : null}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section aria-labelledby="order-summary">
          <h3 id="order-summary" className="mb-2 font-semibold">
            Resumen
          </h3>
          <dl className="grid grid-cols-[9rem_1fr] gap-x-3 gap-y-1.5 text-sm">
            <Row label="Venta">
              <span className="font-mono">{order.id}</span>
              {order.relatedOrderId ? <span className="ml-2 font-mono text-slate-500">V{order.relatedOrderId}</span> : null}
            </Row>
            <FromMarketplace
              lookups={marketplace}
              last={lastAnswer}
              pending={<AskingRow label="Comprador" what="el comprador" />}
              failed={ownBuyer}
            >
              {({ buyer }) => {
                if (!buyer) return ownBuyer;
                const recipient = separateRecipient(shippingName, buyer.name);
                return (
                  <>
                    <Row label="Comprador">
                      <span data-testid="marketplace-buyer">
                        {buyer.name || "—"}
                        {buyer.nickname ? <span className="ml-1 text-slate-500">({buyer.nickname})</span> : null}
                      </span>
                    </Row>
                    {recipient ? <Row label="Recibe">{recipient}</Row> : null}
                  </>
                );
              }}
            </FromMarketplace>
            <Row label="Estatus de la orden">{labelOf("orderStatus", order.orderStatus)}</Row>
            <Row label="Envío">{labelOf("shipmentStatus", order.shipmentStatus)}</Row>
            <Row label="Historial">
              <span className="text-xs text-slate-600">
                {order.statusHistory.map((token) => statusLabel(token).label).join(" → ") || "—"}
              </span>
            </Row>
            {order.estimatedHandlingLimit ? <Row label="Límite de despacho">{formatDateTime(order.estimatedHandlingLimit)}</Row> : null}
            {rules.tracking ? (
              <Row label="Guía">
                <a href={rules.tracking.url} target="_blank" rel="noreferrer" className="font-mono text-brand-700 underline">
                  {rules.tracking.code}
                </a>
                <span className="ml-1 text-xs text-slate-500">({rules.tracking.carrier})</span>
              </Row>
            ) : null}
            {rules.branch ? <Row label="Sucursal de entrega">{rules.branch.name}</Row> : null}
            {rules.collection ? (
              <FromMarketplace
                lookups={marketplace}
                last={lastAnswer}
                pending={<AskingRow label="Recolección" what="el horario" />}
                failed={collectionRow(rules.collection)}
              >
                {(found) => collectionRow(found.collection)}
              </FromMarketplace>
            ) : null}
            {/* An ecommerce order's breakdown below adds the shipping: the two totals say which is which. */}
            <Row label={rules.ecommerce ? "Total (sin envío)" : "Total"}>{formatMoney(order.totalAmount)}</Row>
            {order.manualDelivered ? (
              <Row label="Entregada a mano">
                {formatDateTime(order.manualDelivered.date)} por {order.manualDelivered.username} ({order.manualDelivered.email})
              </Row>
            ) : null}
          </dl>

          <h3 className="mb-2 mt-4 font-semibold">Artículos</h3>
          <OrderItemsList items={order.items} />

          {rules.ecommerce ? (
            <section aria-labelledby="ecommerce-breakdown" className="mt-4 rounded-md border border-slate-200 p-3">
              <div className="mb-2 flex items-center justify-between">
                <h3 id="ecommerce-breakdown" className="font-semibold">
                  Desglose ecommerce
                </h3>
                <Badge variant={rules.ecommerce.payment.variant}>{rules.ecommerce.payment.label}</Badge>
              </div>
              <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm tabular-nums">
                <dt>Precio de lista</dt>
                <dd>{formatMoney(rules.ecommerce.breakdown.listPrice)}</dd>
                <dt>Incremento ecommerce (10 %)</dt>
                <dd>{formatMoney(rules.ecommerce.breakdown.increase)}</dd>
                <dt>Subtotal</dt>
                <dd>{formatMoney(rules.ecommerce.breakdown.subtotal)}</dd>
                <dt>IVA (16 %)</dt>
                <dd>{formatMoney(rules.ecommerce.breakdown.vat)}</dd>
                <dt>Envío</dt>
                <dd>{formatMoney(rules.ecommerce.breakdown.shipping)}</dd>
                <dt className="font-semibold">Total con envío</dt>
                <dd className="font-semibold">{formatMoney(rules.ecommerce.breakdown.total)}</dd>
              </dl>
            </section>
          ) : null}
        </section>

        <section aria-labelledby="order-edit">
          <h3 id="order-edit" className="mb-2 font-semibold">
            Datos de la orden
          </h3>
          <Form method="post" preventScrollReset {...getFormProps(form)}>
            <input type="hidden" name="intent" value="save" />
            <OrderEditFields fields={fields as unknown as OrderEditFieldset} order={edit} packageManagers={packageManagers} />
            {/* The refusal's reason is already the banner above: not a third time here. */}
            <ErrorList id={form.errorId} errors={form.errors?.filter((e) => e !== actionData?.toast?.message)} />
            <div className="flex justify-end">
              <SaveButton busy={busy("save")} />
            </div>
          </Form>

          <div className="mt-5 flex flex-wrap gap-2 border-t border-slate-200 pt-4">
            {rules.label.allowed ? (
              // A plain form: the PDF opens in a new window with or without JavaScript.
              <form method="post" action={`/orders/${order.id}/label`} target="_blank">
                <button type="submit" className="btn-primary">
                  {rules.label.reprint ? "Reimprimir etiqueta" : "Imprimir etiqueta"}
                </button>
              </form>
            ) : null}
            {rules.marketplace ? (
              <OneButtonForm intent="sync-status" className="btn-secondary" disabled={busy("sync-status")}>
                {busy("sync-status") ? "Sincronizando…" : "Sincronizar estatus"}
              </OneButtonForm>
            ) : null}
            {rules.canSendPackage ? (
              <OneButtonForm
                intent="send-package"
                fields={{ version: edit.version }}
                className="btn-secondary"
                disabled={busy("send-package")}
              >
                {busy("send-package") ? "Despachando…" : "Despachar paquete"}
              </OneButtonForm>
            ) : null}
            {rules.canMarkDelivered ? (
              <OneButtonForm
                intent="mark-delivered"
                fields={{ version: edit.version }}
                className="btn-secondary"
                disabled={busy("mark-delivered")}
              >
                Marcar como entregado
              </OneButtonForm>
            ) : null}
          </div>

          {invoice ? (
            <section aria-labelledby="invoice-link-title" className="mt-4 rounded-md border border-slate-200 p-3">
              <h3 id="invoice-link-title" className="mb-2 font-semibold">
                Enlace de facturación
              </h3>
              {invoice.disabled ? (
                <p className="text-sm text-slate-600">El proceso para facturar esta venta está deshabilitado.</p>
              ) : invoice.expired ? (
                <p className="text-sm text-slate-600">El enlace venció el {formatDateTime(invoice.expiresAt)}.</p>
              ) : (
                <div className="flex gap-2">
                  <label htmlFor="invoice-link" className="sr-only">
                    Enlace de facturación
                  </label>
                  <input
                    id="invoice-link"
                    readOnly
                    value={invoice.link}
                    className="input flex-1 font-mono text-xs"
                    onFocus={(e) => e.currentTarget.select()}
                  />
                  <CopyButton text={invoice.link} />
                </div>
              )}
              {invoice.expiresAt && !invoice.expired && !invoice.disabled ? (
                <p className="mt-1 text-xs text-slate-500">
                  Válido hasta el {formatDate(invoice.expiresAt)} {formatDateTime(invoice.expiresAt).slice(11, 16)} (24 h).
                </p>
              ) : null}
              {canToggleInvoice ? (
                confirmInvoice ? (
                  <div role="alertdialog" aria-labelledby="confirm-invoice" className="mt-3 rounded-md bg-amber-50 p-3">
                    <p id="confirm-invoice" className="text-sm font-medium text-amber-900">
                      Está seguro de que desea hacer este cambio?
                    </p>
                    <div className="mt-2 flex gap-2">
                      <OneButtonForm
                        intent="toggle-invoice"
                        fields={{ invoiceDisabled: invoice.disabled ? "false" : "true", version: edit.version }}
                        className="btn-primary"
                      >
                        Sí, {invoice.disabled ? "habilitar" : "deshabilitar"}
                      </OneButtonForm>
                      <Link to={`/orders/${order.id}${list}`} preventScrollReset className="btn-secondary">
                        Cancelar
                      </Link>
                    </div>
                  </div>
                ) : (
                  <Link to={`/orders/${order.id}${withParams(list, { confirm: "invoice" })}`} preventScrollReset className="btn-ghost mt-2">
                    {invoice.disabled ? "Habilitar facturación" : "Deshabilitar facturación"}
                  </Link>
                )
              ) : null}
            </section>
          ) : null}
        </section>
      </div>
    </RouteDialog>
  );
}

/** One button that posts `intent` and its hidden `fields` to the dialog's own action (the order's one-click commands). */
function OneButtonForm({
  intent,
  fields = {},
  className,
  disabled,
  children,
}: {
  intent: string;
  fields?: Record<string, string | number>;
  className: string;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={className} disabled={disabled}>
        {children}
      </button>
    </Form>
  );
}
