import { and, eq, inArray, isNotNull, isNull, ne, notInArray, sql, type SQL } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@server/db/client";
import { orderCounts, orderCountsMonthly, orders, settings, storeLocations } from "@server/db/schema";
import { getEnv } from "@server/env";
import { getIntegrations, isIntegrationError } from "@server/integrations";
import type { ToastInput } from "~/lib/toast";
import type { SessionUser } from "~/modules/auth/session-user";
import { refuse, saveVersioned, type SaveResult, type VersionedSave } from "~/lib/save.server";
import { audit } from "~/modules/logs/audit.server";
import type { Reason } from "~/modules/results";
import { brandSlugOf } from "@common/processing-status";
import { displayStatus } from "./display-status";
import { countSpans, listRange, NOT_MARKETPLACE, type OrdersQuery } from "./filters";
import { expectedItems, packageOwnerChoices, type PackageOwnerScreen } from "./movement";
import { enqueueOrderPatch, manualDeliveredPatch, packageManagersFrom } from "./order-edit.server";
import {
  accountOf,
  canMarkDelivered,
  canSendPackage,
  collectionPickup,
  ecommerceBreakdown,
  invoiceLinkAvailable,
  invoiceLinkExpired,
  invoicingLink,
  isDelayed,
  isMarketplaceOrder,
  labelAction,
  manualDeliveryRecord,
  paymentBadge,
  storeName,
  timeToReady,
  trackingLink,
} from "./rules";
import { ORDERS_PAGE_SIZE } from "./schemas";
import { parseOrderSearch, type OrderSearch } from "./search";

// ---------------------------------------------------------------------------------------------------
// The list

/** Status-history tokens as an array: exactly the expression of the GIN index orders_status_tokens_gin. */
export const statusTokens = sql`string_to_array(${orders.status}, ',')`;

/** Shipment statuses of orders still to be sent ("Por enviar"). */
export const TO_SEND_SHIPMENT = ["pending", "ready_to_print", "printed", "ready_to_ship"] as const;

function searchCondition(search: OrderSearch): SQL {
  switch (search.kind) {
    case "publication":
      return sql`${orders.publicationsId} @> array[${search.value}]::text[]`;
    case "related":
      return eq(orders.relatedOrderId, search.value);
    case "movement":
      return eq(orders.intelisisMovement, search.value);
    case "order":
      return eq(orders.id, search.value);
    case "product":
      return sql`${orders.productsId} @> array[${search.value}]::text[]`;
  }
}

/** One filter of the list, before it becomes SQL on `orders` (the page) or on `order_counts` (the total). */
type Filter =
  | { dim: "logisticType" | "orderStatus" | "shipmentStatus" | "claimStatus"; eq: string }
  | { dim: "shipmentStatus"; in: readonly string[] }
  | { dim: "orderStatus"; ne: string }
  | { dim: "logisticType"; notIn: readonly string[] }
  | { dim: "assigned" | "hasReturns" | "hasMediations"; is: boolean };

/** The list's filters for a parsed URL, plus the search, the date range and its message when refused. */
export function listFilters(query: OrdersQuery, now: Date = new Date()) {
  const filters: Filter[] = [];
  if (query.filterLogisticType === "marketplace") filters.push({ dim: "logisticType", notIn: NOT_MARKETPLACE });
  else if (query.filterLogisticType) filters.push({ dim: "logisticType", eq: query.filterLogisticType });
  switch (query.filterStatus) {
    case "return":
      filters.push({ dim: "hasReturns", is: true });
      break;
    case "claim":
      filters.push({ dim: "hasMediations", is: true });
      break;
    case "cancelled":
      filters.push({ dim: "orderStatus", eq: "cancelled" });
      break;
    case "to_send":
      filters.push({ dim: "shipmentStatus", in: TO_SEND_SHIPMENT }, { dim: "orderStatus", ne: "cancelled" });
      break;
  }
  if (query.order_status_filter === "not_cancelled") filters.push({ dim: "orderStatus", ne: "cancelled" });
  else if (query.order_status_filter) filters.push({ dim: "orderStatus", eq: query.order_status_filter });
  if (query.shipment_status_filter) filters.push({ dim: "shipmentStatus", eq: query.shipment_status_filter });
  if (query.claim_return_status_filter) filters.push({ dim: "claimStatus", eq: query.claim_return_status_filter });
  if (query.assigned_move_filter) filters.push({ dim: "assigned", is: query.assigned_move_filter === "assigned" });
  const { range, error } = listRange(query, now);
  return { filters, search: parseOrderSearch(query.search), range, rangeError: error };
}

type ListFilters = ReturnType<typeof listFilters>;

function orderCondition(f: Filter): SQL {
  switch (f.dim) {
    case "assigned":
      return f.is ? isNotNull(orders.intelisisMovement) : isNull(orders.intelisisMovement);
    case "hasReturns":
      return f.is ? sql`${statusTokens} @> array['returns']::text[]` : sql`not (${statusTokens} @> array['returns']::text[])`;
    case "hasMediations":
      return f.is ? sql`${statusTokens} @> array['mediations']::text[]` : sql`not (${statusTokens} @> array['mediations']::text[])`;
    default: {
      const column = orders[f.dim];
      if ("eq" in f) return eq(column, f.eq);
      if ("ne" in f) return ne(column, f.ne);
      // The count tables store a missing type as '': the page reads it the same way.
      if ("notIn" in f) return notInArray(sql`coalesce(${column}, '')`, [...f.notIn]);
      return inArray(column, [...f.in]);
    }
  }
}

type CountTable = typeof orderCounts | typeof orderCountsMonthly;

function countCondition(table: CountTable, f: Filter): SQL {
  const column = table[f.dim];
  if ("is" in f) return eq(column, f.is);
  if ("eq" in f) return eq(column, f.eq);
  if ("ne" in f) return ne(column, f.ne);
  if ("notIn" in f) return notInArray(column, [...f.notIn]);
  return inArray(column, [...f.in]);
}

/** WHERE on `orders` for the page (and for the total when there is a search). */
export function ordersWhere({ filters, search, range }: Pick<ListFilters, "filters" | "search" | "range">): SQL | undefined {
  const conditions = filters.map(orderCondition);
  if (search) conditions.push(searchCondition(search));
  if (range) {
    conditions.push(sql`${orders.orderDate} >= ${range.from.toISOString()}::timestamptz`);
    conditions.push(sql`${orders.orderDate} < ${range.toExclusive.toISOString()}::timestamptz`);
  }
  return conditions.length ? and(...conditions) : undefined;
}

type CountSpec = Pick<ListFilters, "filters" | "search" | "range">;

/**
 * The list's total as one statement: a sum over the count tables, or a plain count when a search
 * narrows it to a few rows. The bench times this same statement.
 */
export function countOrdersSql(spec: CountSpec): SQL {
  if (spec.search) return sql`select count(*)::int as n from ${orders} where ${ordersWhere(spec)}`;
  const spans = countSpans(spec.range);
  const parts: SQL[] = [];
  if (spans.months) {
    const m = orderCountsMonthly;
    const conditions = spec.filters.map((f) => countCondition(m, f));
    if (spans.months.from) conditions.push(sql`${m.month} >= ${spans.months.from}::date`, sql`${m.month} <= ${spans.months.to}::date`);
    parts.push(sql`(select coalesce(sum(${m.n}), 0) from ${m} ${conditions.length ? sql`where ${and(...conditions)}` : sql``})`);
  }
  for (const [from, to] of spans.days) {
    const d = orderCounts;
    const conditions = [...spec.filters.map((f) => countCondition(d, f)), sql`${d.day} >= ${from}::date`, sql`${d.day} <= ${to}::date`];
    parts.push(sql`(select coalesce(sum(${d.n}), 0) from ${d} where ${and(...conditions)})`);
  }
  return sql`select (${sql.join(parts, sql` + `)})::int as n`;
}

export async function countOrders(spec: CountSpec): Promise<number> {
  const result = (await getDb().execute(countOrdersSql(spec))) as unknown as { rows: Array<{ n: number }> };
  return Number(result.rows[0]?.n ?? 0);
}

const listColumns = {
  id: orders.id,
  relatedOrderId: orders.relatedOrderId,
  store: orders.store,
  orderDate: orders.orderDate,
  readyDate: orders.readyDate,
  logisticType: orders.logisticType,
  status: orders.status,
  orderStatus: orders.orderStatus,
  shipmentStatus: orders.shipmentStatus,
  intelisisMovement: orders.intelisisMovement,
  comments: orders.comments,
  packageManager: orders.packageManager,
  printedLabel: orders.printedLabel,
  estimatedHandlingLimit: orders.estimatedHandlingLimit,
};

/** The page's statement (20 rows), as the loader runs it; the bench times the same builder. */
export function ordersPageQuery(db: Db, spec: CountSpec, query: Pick<OrdersQuery, "page" | "sortValue">) {
  // Written as the indexes are built (nulls last descending), so the page is read straight off them.
  const order =
    query.sortValue === "asc"
      ? sql`${orders.orderDate} asc nulls first, ${orders.id} asc nulls first`
      : sql`${orders.orderDate} desc nulls last, ${orders.id} desc nulls last`;
  return db
    .select(listColumns)
    .from(orders)
    .where(ordersWhere(spec))
    .orderBy(order)
    .limit(ORDERS_PAGE_SIZE)
    .offset((query.page - 1) * ORDERS_PAGE_SIZE);
}

/**
 * One page of orders (20), filtered, sorted and counted by the database: the page query walks a
 * (filter, date, id) index and stops at 20 rows; the total is a sum over order_counts (a window
 * count, or even a plain count, would read every matching order: 100k rows at bench scale).
 */
export async function listOrders(query: OrdersQuery, now: Date = new Date()) {
  const db = getDb();
  const pageSize = ORDERS_PAGE_SIZE;
  const spec = listFilters(query, now);
  const { search, range, rangeError } = spec;
  // The total first: the count tables answer at once, and a filter nothing matches (or a page past
  // the end) then runs no page query — proving "no row" off a date index reads every candidate
  // (1.2 s at a million orders for ecommerce + cancelled + assigned).
  const n = await countOrders(spec);
  const offset = (query.page - 1) * pageSize;
  const found = offset < n ? await ordersPageQuery(db, spec, query) : [];
  const brand = getEnv().BRAND_NAME;
  const slug = brandSlugOf(brand);
  // Only what the list shows: the rows travel twice in the page (its HTML and the data it hydrates from).
  const rows = found.map((o) => {
    const { label, variant } = displayStatus(o, slug, brand);
    return {
      id: o.id.toString(),
      relatedOrderId: o.relatedOrderId?.toString() ?? null,
      orderDate: o.orderDate.toISOString(),
      logisticType: o.logisticType,
      status: { label, variant },
      timeToReady: timeToReady(o.orderDate, o.readyDate),
      intelisisMovement: o.intelisisMovement,
      comments: o.comments,
      packageManager: o.packageManager,
      printable: labelAction(o).allowed,
      delayed: isDelayed(o, now),
    };
  });
  return { rows, total: n, page: query.page, pageSize, search, range, rangeError };
}

export type OrderListRow = Awaited<ReturnType<typeof listOrders>>["rows"][number];

// ---------------------------------------------------------------------------------------------------
// One order (the dialog)

/** The pickup branch of an order: the location (/locations) whose id is the order's sucursal_id. */
async function pickupBranch(branchId: string | number | null) {
  const id = branchId === null ? NaN : Number(branchId);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647)
    return branchId === null ? null : { id: String(branchId), name: `Sucursal ${branchId}`, address: "" };
  const [row] = await getDb()
    .select({ id: storeLocations.id, name: storeLocations.name, address: storeLocations.address })
    .from(storeLocations)
    .where(eq(storeLocations.id, id))
    .limit(1);
  return row ? { id: String(row.id), name: row.name, address: row.address } : { id: String(id), name: `Sucursal ${id}`, address: "" };
}

/**
 * Everything the order dialog shows, with each rule already decided. Three queries (order,
 * settings, the pickup branch). `screen` picks the package owners offered (orders or messages).
 */
export async function getOrderDetail(id: bigint, now: Date = new Date(), screen: PackageOwnerScreen = "orders") {
  const db = getDb();
  const [[order], settingRows] = await Promise.all([
    db.select().from(orders).where(eq(orders.id, id)).limit(1),
    db
      .select({ key: settings.key, value: settings.value })
      .from(settings)
      .where(inArray(settings.key, ["invoicing_portal_url", "package_managers"])),
  ]);
  if (!order) return null;
  const env = getEnv();
  const brand = env.BRAND_NAME;
  const setting = (key: string) => settingRows.find((r) => r.key === key)?.value ?? null;
  const status = displayStatus(order, brandSlugOf(brand), brand);
  const label = labelAction(order);
  const info = order.shippingInfo ?? {};
  const branchId = info.sucursalId ?? info.sucursal_id ?? null;
  const branch = branchId ? await pickupBranch(branchId) : null;
  const invoiceAvailable = invoiceLinkAvailable(order);
  const portal = (setting("invoicing_portal_url") as string | null) ?? `${env.PUBLIC_URL ?? "https://facturacion.example.mx"}/facturacion`;
  const ecommerce = order.logisticType === "ecommerce";
  const tracking = trackingLink(order.shipmentInfo?.trackingNumber);

  return {
    order: {
      id: order.id.toString(),
      relatedOrderId: order.relatedOrderId?.toString() ?? null,
      title: order.title,
      store: storeName(order.store, brand),
      account: accountOf(order.store),
      orderDate: order.orderDate.toISOString(),
      readyDate: order.readyDate?.toISOString() ?? null,
      updatedAt: order.updatedAt.toISOString(),
      logisticType: order.logisticType,
      orderStatus: order.orderStatus,
      shipmentStatus: order.shipmentStatus,
      claimStatus: order.claimStatus,
      statusHistory: order.status
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
      shipmentId: order.shipmentId,
      buyerNickname: order.buyerNickname,
      shippingInfo: info,
      paymentInfo: order.paymentInfo,
      items: order.orderItems,
      totalAmount: order.totalAmount,
      shippingCostBuyer: order.shippingCostBuyer,
      saleFee: order.saleDetail?.saleFee ?? null,
      totalCharges: order.totalCharges,
      documentAmount: order.documentAmount,
      printedLabel: order.printedLabel,
      manualDelivered: order.manualDelivered,
      invoiceDisabled: order.invoiceDisabled,
      estimatedHandlingLimit: order.estimatedHandlingLimit?.toISOString() ?? null,
    },
    edit: {
      intelisisMovement: order.intelisisMovement,
      creditNote: order.creditNote,
      packageManager: order.packageManager,
      orderStatus: order.orderStatus,
      comments: order.comments,
      splittedOrder: order.splittedOrder,
      logisticType: order.logisticType,
      balance: order.balance,
      version: order.version,
      products: expectedItems(order.productsOrder),
    },
    status,
    packageManagers: packageOwnerChoices(packageManagersFrom(setting("package_managers")), screen),
    rules: {
      label,
      delayed: isDelayed(order, now),
      marketplace: isMarketplaceOrder(order),
      canMarkDelivered: canMarkDelivered(order),
      canSendPackage: canSendPackage(order),
      invoice: invoiceAvailable
        ? {
            link: invoicingLink(portal, order.id),
            disabled: order.invoiceDisabled,
            expired: invoiceLinkExpired(order.manualDelivered, now),
            expiresAt: order.manualDelivered?.linkExpiresAt ?? null,
          }
        : null,
      branch,
      collection: order.logisticType === "cross_docking" ? collectionPickup(order.orderDate) : null,
      ecommerce: ecommerce
        ? { breakdown: ecommerceBreakdown(order.orderItems, order.shippingCostBuyer), payment: paymentBadge(order.paymentInfo?.status) }
        : null,
      tracking,
    },
  };
}

export type OrderDetail = NonNullable<Awaited<ReturnType<typeof getOrderDetail>>>;

// ---------------------------------------------------------------------------------------------------
// Commands

export type CommandResult =
  | { ok: true; toast: ToastInput }
  | { ok: false; toast: ToastInput; reason?: Extract<Reason, "missing" | "conflict" | "refused" | "integration"> };

const STALE: CommandResult = {
  ok: false,
  reason: "conflict",
  toast: {
    title: "No actualizada",
    message: "Otra persona modificó esta orden mientras la tenías abierta. Se recargaron sus datos: revisa y vuelve a intentarlo.",
    variant: "warning",
  },
};
const NOT_FOUND: CommandResult = {
  ok: false,
  reason: "missing",
  toast: { title: "No actualizada", message: "La orden no existe.", variant: "danger" },
};

export const SYNC_MESSAGES = {
  ok: { title: "Orden actualizada", message: "Se ha sincronizado el estatus de la orden", variant: "success" },
  failed: { title: "Orden no actualizada", message: "Lo sentimos ocurrio un error, intenta de nuevo más tarde", variant: "danger" },
} as const satisfies Record<string, ToastInput>;

/** "Sincronizar estatus": asks the marketplace for the order's state and stores it. */
export async function syncOrderStatus(id: bigint, actor: SessionUser): Promise<CommandResult> {
  const db = getDb();
  const [order] = await db
    .select({ id: orders.id, store: orders.store, logisticType: orders.logisticType })
    .from(orders)
    .where(eq(orders.id, id))
    .limit(1);
  if (!order) return NOT_FOUND;
  if (!isMarketplaceOrder(order)) return { ok: false, reason: "refused", toast: SYNC_MESSAGES.failed };
  let info;
  try {
    info = await getIntegrations().marketplace.syncOrderInfo({ orderId: id.toString(), account: accountOf(order.store) });
  } catch (error) {
    if (!isIntegrationError(error)) throw error;
    await audit({
      message: `Orden ${id}: no se pudo sincronizar el estatus`,
      type: "integration",
      tags: ["orders", "sync", "error"],
      identifier: id,
      userId: actor.id,
      detail: { kind: error.kind, detail: error.detail },
    });
    return { ok: false, reason: "integration", toast: SYNC_MESSAGES.failed };
  }
  if (!info) return { ok: false, reason: "refused", toast: SYNC_MESSAGES.failed };
  const synced = info;
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ shipmentInfo: orders.shipmentInfo }).from(orders).where(eq(orders.id, id)).for("update");
    const shipmentInfo = synced.trackingNumber
      ? { ...(current?.shipmentInfo ?? {}), trackingNumber: synced.trackingNumber }
      : (current?.shipmentInfo ?? null);
    await tx
      .update(orders)
      .set({
        orderStatus: synced.orderStatus,
        status: synced.statusHistory.join(","),
        shipmentId: synced.shipmentId,
        shipmentStatus: synced.shipmentStatus,
        shipmentInfo,
        updatedAt: new Date(),
        version: sql`${orders.version} + 1`,
      })
      .where(eq(orders.id, id));
    await audit(
      {
        message: `Orden ${id}: estatus sincronizado`,
        type: "update",
        tags: ["orders", "sync"],
        identifier: id,
        userId: actor.id,
        detail: synced,
      },
      tx,
    );
  });
  return { ok: true, toast: SYNC_MESSAGES.ok };
}

const STALE_MESSAGE = STALE.toast.message ?? "";
const lockOrder = (id: bigint) => async (tx: Tx) => (await tx.select().from(orders).where(eq(orders.id, id)).for("update"))[0] ?? null;
type LockedOrder = NonNullable<Awaited<ReturnType<ReturnType<typeof lockOrder>>>>;

/** A save of the order the dialog was opened on: its row locked, the version the form was opened with checked, then `write`. */
function saveOpenedOrder<T>(id: bigint, version: number, write: VersionedSave<LockedOrder, T>["write"]): Promise<SaveResult<T>> {
  return saveVersioned({
    lock: lockOrder(id),
    expected: String(version),
    messages: { notFound: "La orden no existe.", stale: STALE_MESSAGE },
    write,
  });
}

/** "Marcar como entregado": records who and when, and opens the 24-hour invoicing link. */
export async function markDelivered(
  id: bigint,
  version: number,
  actor: SessionUser,
  now: Date = new Date(),
): Promise<SaveResult<{ toast: ToastInput }>> {
  return saveOpenedOrder(id, version, async (tx, order) => {
    if (!order || !canMarkDelivered(order)) return refuse("invalid", "Esta orden no se puede marcar como entregada.");
    const record = manualDeliveryRecord(id, actor, now);
    await tx
      .update(orders)
      .set({ manualDelivered: record, updatedAt: now, version: sql`${orders.version} + 1` })
      .where(eq(orders.id, id));
    await enqueueOrderPatch(tx, order, { manual_delivered: manualDeliveredPatch(record) }, now, actor.id);
    return {
      value: {
        toast: {
          title: "Orden entregada",
          message: "Tienes 24 hrs. para generar la factura. Copia el enlace de facturación y envíalo al cliente.",
          variant: "success",
          durationMs: 8000,
        },
      },
      audit: {
        message: `Orden ${id} marcada como entregada`,
        type: "update",
        tags: ["orders", "manual-delivery"],
        identifier: id,
        userId: actor.id,
        detail: record,
      },
    };
  });
}

/** Enables or disables the invoicing link (privileged; the route checks the permission). */
export async function setInvoiceDisabled(
  id: bigint,
  disabled: boolean,
  version: number,
  actor: SessionUser,
): Promise<SaveResult<{ toast: ToastInput }>> {
  return saveOpenedOrder(id, version, async (tx, order) => {
    if (!order || !invoiceLinkAvailable(order)) return refuse("invalid", "La orden aún no está entregada.");
    const now = new Date();
    await tx
      .update(orders)
      .set({ invoiceDisabled: disabled, updatedAt: now, version: sql`${orders.version} + 1` })
      .where(eq(orders.id, id));
    await enqueueOrderPatch(tx, order, { invoice_disabled: disabled }, now, actor.id);
    return {
      value: {
        toast: {
          title: "Facturación",
          message: disabled
            ? "El proceso para facturar esta venta se ha deshabilitado."
            : "El proceso para facturar esta venta se ha habilitado.",
          variant: "success",
        },
      },
      audit: {
        message: `Orden ${id}: enlace de facturación ${disabled ? "deshabilitado" : "habilitado"}`,
        type: "update",
        tags: ["orders", "invoice-link"],
        identifier: id,
        userId: actor.id,
        detail: { invoiceDisabled: disabled },
      },
    };
  });
}
