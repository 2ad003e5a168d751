import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { ErrorList } from "~/components/Field";
import { formatMoney } from "@common/format";
import { editability, type EditableOrder } from "~/modules/orders/movement";
import { logisticLabel } from "~/modules/orders/rules";

/**
 * The editable fields of an order, rendered inside the caller's own <Form> (orders dialog and the
 * messages conversation dialog): ERP movement, credit note, package owner, comments, split orders,
 * and the hidden version. What is locked follows `editability` (the server enforces the same rules).
 */

/** What the fields need to know about the order. */
export type OrderEditView = Omit<EditableOrder, "productsOrder"> & {
  version: number;
  /** The order's products as "SKU × qty" (what a movement must contain). */
  products: ReadonlyArray<{ sku: string; qty: number }>;
};

type F<T> = FieldMetadata<T, Record<string, unknown>, string[]>;

export type OrderEditFieldset = {
  intelisisMovement: F<string | undefined>;
  comments: F<string | undefined>;
  packageManager: F<string | undefined>;
  creditNote: F<string | undefined>;
  splittedOrder: F<string | undefined>;
  version: F<number>;
  logisticType?: F<string | undefined>;
  balance?: F<number | undefined>;
  products?: F<string | undefined>;
};

/** The text form of the products (sent as `products`, informative only). */
export function productsText(products: OrderEditView["products"]): string {
  return products.map((p) => `${p.sku} × ${p.qty}`).join(", ");
}

/** Conform default values for an order. */
export function orderEditDefaults(order: OrderEditView) {
  return {
    intelisisMovement: order.intelisisMovement ?? "",
    comments: order.comments ?? "",
    packageManager: order.packageManager ?? "",
    creditNote: order.creditNote ?? "",
    splittedOrder: order.splittedOrder ?? "",
    logisticType: order.logisticType ?? "",
    balance: String(order.balance),
    products: productsText(order.products),
    version: String(order.version),
  };
}

/** One field: its label, the control, and its errors under it. */
function OrderField({
  meta,
  label,
  wide = false,
  children,
}: {
  meta: F<string | undefined>;
  label: string;
  wide?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className={wide ? "flex flex-col gap-1 sm:col-span-2" : "flex flex-col gap-1"}>
      <label htmlFor={meta.id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** A text field that `editability` may lock: still posted and shown, greyed, but not editable. */
function LockableText({
  meta,
  locked,
  placeholder,
  inputMode,
  className = "input read-only:bg-slate-100 read-only:text-slate-600",
}: {
  meta: F<string | undefined>;
  locked: boolean;
  placeholder: string;
  inputMode?: "text";
  className?: string;
}) {
  return (
    <input
      {...getInputProps(meta, { type: "text" })}
      readOnly={locked}
      placeholder={placeholder}
      autoComplete="off"
      inputMode={inputMode}
      className={className}
    />
  );
}

export function OrderEditFields({
  fields,
  order,
  packageManagers,
}: {
  fields: OrderEditFieldset;
  order: OrderEditView;
  packageManagers: readonly string[];
}) {
  const can = editability(order);
  const options =
    order.packageManager && !packageManagers.includes(order.packageManager) ? [order.packageManager, ...packageManagers] : packageManagers;
  return (
    <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2" data-testid="order-edit-fields">
      <input {...getInputProps(fields.version, { type: "hidden" })} />
      <OrderField meta={fields.intelisisMovement} label="Movimiento (prefactura)">
        <LockableText meta={fields.intelisisMovement} locked={!can.movement} placeholder="Sin asignar" inputMode="text" />
      </OrderField>
      <OrderField meta={fields.creditNote} label="Nota de crédito">
        <LockableText
          meta={fields.creditNote}
          locked={!can.creditNote}
          placeholder={can.creditNote ? "NC…" : order.intelisisMovement ? "" : "Requiere movimiento"}
          className="input uppercase read-only:bg-slate-100 read-only:text-slate-600"
        />
      </OrderField>
      <OrderField meta={fields.packageManager} label="Responsable del paquete">
        {can.packageManager ? (
          <select {...getSelectProps(fields.packageManager)} className="input">
            <option value="">Sin asignar</option>
            {options.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={fields.packageManager.id}
            value={order.packageManager ?? (order.orderStatus === "cancelled" ? "Orden cancelada" : "")}
            readOnly
            className="input bg-slate-100 text-slate-600"
            aria-describedby={`${fields.packageManager.id}-locked`}
          />
        )}
        {!can.packageManager ? (
          <p id={`${fields.packageManager.id}-locked`} className="text-xs text-slate-500">
            {order.packageManager ? "Ya asignado." : "La orden está cancelada."}
          </p>
        ) : null}
      </OrderField>
      <OrderField meta={fields.splittedOrder} label="Órdenes divididas">
        <LockableText meta={fields.splittedOrder} locked={!can.movement} placeholder="Ids separados por comas" />
      </OrderField>
      <OrderField meta={fields.comments} label="Comentarios" wide>
        <textarea {...getTextareaProps(fields.comments)} rows={3} className="input" />
      </OrderField>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-slate-600 sm:col-span-2">
        <dt className="font-medium">Tipo de gestión</dt>
        <dd>{logisticLabel(order.logisticType)}</dd>
        <dt className="font-medium">Saldo a cubrir</dt>
        <dd className="tabular-nums">{formatMoney(order.balance)}</dd>
        <dt className="font-medium">Productos</dt>
        <dd className="font-mono">{productsText(order.products) || "—"}</dd>
      </dl>
    </div>
  );
}
