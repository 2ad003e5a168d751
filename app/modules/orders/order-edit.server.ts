import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import { getDb, type Tx } from "@server/db/client";
import { orders, settings } from "@server/db/schema";
import { getIntegrations, isIntegrationError } from "@server/integrations";
import { ordersCollection } from "@server/integrations/content/collections";
import { brandSegmentFrom } from "@server/integrations/marketplace/http";
import { getEnv } from "@server/env";
import type { ToastInput } from "~/lib/toast";
import { nowInMexico } from "~/lib/mexico-time";
import type { SessionUser } from "~/modules/auth/session-user";
import { refuse, saveVersioned, type SaveResult } from "~/lib/save.server";
import { audit } from "~/modules/logs/audit.server";
import { enqueueOutbound } from "~/modules/sync/outbox.server";
import {
  lookupsNeeded,
  MOVEMENT_MESSAGES,
  packageOwnerChoices,
  planOrderEdit,
  type EditableOrder,
  type EditFacts,
  type EditPlan,
  type EditRequest,
  type Lookup,
  type MovementLine,
  type PackageOwnerScreen,
} from "./movement";
import type { OrderEditSchema } from "./order-edit-form";
import { accountOf, type ManualDeliveryRecord } from "./rules";
import { splitOrderIds } from "./schemas";

/** Saved: the toast the plan chose (success, or the "already assigned" warning). */
export type OrderSaveResult = SaveResult<{ toast: ToastInput }>;

export const NOT_UPDATED = "No actualizada";
const ORDER_MISSING = "La orden no existe.";

/** The staff first names offered as package owner (settings row `package_managers`). */
export async function getPackageManagers(tx: Tx = getDb()): Promise<string[]> {
  const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, "package_managers")).limit(1);
  return packageManagersFrom(row?.value);
}

/** The names of a `package_managers` settings value (a JSON list of first names). */
export function packageManagersFrom(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v.trim() !== "").map((v) => v.trim()) : [];
}

// ---------------------------------------------------------------------------------------------------
// What the content back end hears of an order edit (spec 1 §7: PATCH items/{product}_orders/{id})

/** The order fields the back end is told of, by their spec names, with the screen's words for them. */
export type OrderPatch = Partial<{
  intelisis_movement: string;
  credit_note: string;
  comments: string | null;
  package_manager: string;
  manual_delivered: { date: string; email: string; order_id: string; user_id: number; username: string };
  invoice_disabled: boolean;
}>;

const ORDER_PATCH_LABELS: Record<keyof OrderPatch, (value: unknown) => string> = {
  intelisis_movement: () => "movimiento Intelisis",
  credit_note: () => "nota de crédito",
  comments: () => "comentarios",
  package_manager: () => "responsable del paquete",
  manual_delivered: () => "entregado manualmente",
  invoice_disabled: (disabled) => (disabled ? "facturación deshabilitada" : "facturación habilitada"),
};

/** The spec's manual_delivered record (date, email, order_id, user_id, username). */
export function manualDeliveredPatch(record: ManualDeliveryRecord): NonNullable<OrderPatch["manual_delivered"]> {
  return { date: record.date, email: record.email, order_id: record.orderId, user_id: record.userId, username: record.username };
}

/** The dialog's changes as the back end names them (splitted_order is not among the spec's PATCH fields). */
function editPatch(changes: {
  intelisisMovement?: string;
  creditNote?: string;
  comments?: string | null;
  packageManager?: string;
}): OrderPatch {
  const patch: OrderPatch = {};
  if (changes.intelisisMovement !== undefined) patch.intelisis_movement = changes.intelisisMovement;
  if (changes.creditNote !== undefined) patch.credit_note = changes.creditNote;
  if (changes.comments !== undefined) patch.comments = changes.comments;
  if (changes.packageManager !== undefined) patch.package_manager = changes.packageManager;
  return patch;
}

/**
 * Writes the order's PATCH to the outbox in the edit's transaction (`tx`): the fields the edit
 * changed plus updated_at, to the collection of the order's marketplace account. Nothing when none
 * of the spec's fields changed.
 */
export async function enqueueOrderPatch(
  tx: Tx,
  order: { id: bigint; store: string | null },
  patch: OrderPatch,
  at: Date,
  userId: number,
): Promise<void> {
  const fields = (Object.keys(patch) as Array<keyof OrderPatch>).filter((k) => patch[k] !== undefined);
  if (fields.length === 0) return;
  const collection = ordersCollection(accountOf(order.store), brandSegmentFrom(getEnv().BRAND_NAME));
  await enqueueOutbound(tx, {
    method: "PATCH",
    collection,
    recordId: order.id.toString(),
    body: { ...patch, updated_at: at.toISOString() },
    summary: `Pedido ${order.id}: ${fields.map((k) => ORDER_PATCH_LABELS[k](patch[k])).join(", ")}`,
    userId,
  });
}

const editColumns = {
  id: orders.id,
  store: orders.store,
  version: orders.version,
  intelisisMovement: orders.intelisisMovement,
  creditNote: orders.creditNote,
  packageManager: orders.packageManager,
  orderStatus: orders.orderStatus,
  comments: orders.comments,
  splittedOrder: orders.splittedOrder,
  balance: orders.balance,
  logisticType: orders.logisticType,
  productsOrder: orders.productsOrder,
};

async function loadEditable(tx: Tx, orderId: bigint, lock = false) {
  const query = tx.select(editColumns).from(orders).where(eq(orders.id, orderId)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** Start and end of the current calendar year in Mexico City. */
function currentYear() {
  const now = nowInMexico();
  return { start: now.startOf("year").toJSDate(), end: now.endOf("year").toJSDate() };
}

/** Does another order dated this calendar year already hold the movement? */
async function movementUsedElsewhere(tx: Tx, movement: string, orderId: bigint): Promise<bigint | null> {
  const { start, end } = currentYear();
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.intelisisMovement, movement),
        ne(orders.id, orderId),
        sql`${orders.orderDate} >= ${start.toISOString()} and ${orders.orderDate} <= ${end.toISOString()}`,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

function reviewMessage(detail?: string) {
  return detail ? `${MOVEMENT_MESSAGES.review}. ${detail}` : MOVEMENT_MESSAGES.review;
}

function toRequest(input: z.infer<typeof OrderEditSchema>): EditRequest {
  return {
    intelisisMovement: input.intelisisMovement,
    comments: input.comments,
    packageManager: input.packageManager,
    creditNote: input.creditNote,
    splittedOrder: input.splittedOrder,
  };
}

type ErpLookups = { movement?: Lookup<MovementLine>; creditNote?: Lookup<{ sku: string; quantity: number }> };

/** The ERP calls the plan needs, made before any transaction opens. */
async function fetchLookups(needed: { movement: string | null; creditNote: string | null }): Promise<ErpLookups> {
  const { erp } = getIntegrations();
  const [movement, creditNote] = await Promise.all([
    needed.movement ? erp.validateMovement(needed.movement) : undefined,
    needed.creditNote ? erp.validateCreditNote(needed.creditNote) : undefined,
  ]);
  return { movement, creditNote };
}

function planToast(plan: Extract<EditPlan, { ok: true }>): ToastInput {
  return {
    title: plan.variant === "warning" ? "Movimiento ya asignado" : "Orden actualizada",
    message: plan.message,
    variant: plan.variant,
  };
}

/**
 * Saves the order dialog (orders screen and messages conversation): the movement-assignment rules of
 * spec 1 §5. The ERP is asked first, outside any transaction; then one transaction takes a lock on the
 * movement number, checks again that no other order took it meanwhile, and the one save path refuses
 * a stale version, saves, applies the movement to the split orders and writes the audit entry. Nothing
 * is half-saved; a refusal by the rules keeps only its own audit entry.
 */
export async function saveOrderEdits(
  orderId: bigint,
  input: z.infer<typeof OrderEditSchema>,
  actor: SessionUser,
  screen: PackageOwnerScreen = "orders",
): Promise<OrderSaveResult> {
  const db = getDb();
  const request = toRequest(input);
  // A first look outside the transaction spares the ERP a call for a form that cannot be saved.
  const current = await loadEditable(db, orderId);
  if (!current) return refuse("missing", ORDER_MISSING);
  if (current.version !== input.version) return refuse("conflict", MOVEMENT_MESSAGES.stale);

  const packageManagers = packageOwnerChoices(await getPackageManagers(db), screen);
  const requestedMovement = !current.intelisisMovement ? request.intelisisMovement : undefined;
  const usedBefore = requestedMovement ? (await movementUsedElsewhere(db, requestedMovement, orderId)) !== null : false;

  let lookups: ErpLookups;
  try {
    lookups = await fetchLookups(lookupsNeeded(current, request, usedBefore));
  } catch (error) {
    if (!isIntegrationError(error)) throw error;
    await audit({
      message: `Orden ${orderId}: Intelisis no validó el movimiento`,
      type: "integration",
      tags: ["orders", "movement", "erp-error"],
      identifier: orderId,
      userId: actor.id,
      detail: { call: error.call, kind: error.kind, status: error.status, detail: error.detail },
    });
    return refuse("integration", reviewMessage(error.message));
  }

  return saveVersioned({
    // One movement number is assigned by one save at a time (PGlite and PostgreSQL alike).
    before: async (tx) => {
      if (requestedMovement) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"orders.movement:" + requestedMovement}))`);
    },
    lock: (tx) => loadEditable(tx, orderId, true),
    expected: String(input.version),
    messages: { notFound: ORDER_MISSING, stale: MOVEMENT_MESSAGES.stale },
    write: async (tx, order) => {
      if (!order) return refuse("missing", ORDER_MISSING);
      const usedElsewhere = requestedMovement ? (await movementUsedElsewhere(tx, requestedMovement, orderId)) !== null : false;
      const facts: EditFacts = { usedElsewhere, packageManagers, ...lookups };
      const plan = planOrderEdit(order as EditableOrder, request, facts);
      if (!plan.ok) {
        // The refusal itself is recorded (but not a locked order's): who tried which movement, and why.
        const entry =
          plan.branch !== "locked"
            ? {
                message: `Orden ${orderId}: ${plan.message}`,
                type: "error" as const,
                tags: ["orders", "movement", "refused"],
                identifier: orderId,
                userId: actor.id,
                detail: { movement: requestedMovement ?? order.intelisisMovement, creditNote: request.creditNote, ...plan.detail },
              }
            : undefined;
        return refuse("invalid", plan.message, plan.fieldErrors, entry);
      }

      const changes = plan.changes;
      const changed = Object.keys(changes).length > 0;
      const now = new Date();
      if (changed) {
        await tx
          .update(orders)
          .set({ ...changes, updatedAt: now, version: sql`${orders.version} + 1` })
          .where(eq(orders.id, orderId));
        // The back end hears of it after commit, through the outbox written here (docs/live-data.md).
        await enqueueOrderPatch(tx, { id: orderId, store: order.store }, editPatch(changes), now, actor.id);
      }
      let appliedTo: string[] = [];
      if (plan.applyToSplit && changes.intelisisMovement) {
        const ids = splitOrderIds(changes.splittedOrder ?? order.splittedOrder).filter((id) => id !== orderId);
        if (ids.length) {
          const updated = await tx
            .update(orders)
            .set({ intelisisMovement: changes.intelisisMovement, updatedAt: now, version: sql`${orders.version} + 1` })
            .where(and(inArray(orders.id, ids), isNull(orders.intelisisMovement)))
            .returning({ id: orders.id, store: orders.store });
          appliedTo = updated.map((r) => r.id.toString());
          for (const split of updated) await enqueueOrderPatch(tx, split, { intelisis_movement: changes.intelisisMovement }, now, actor.id);
        }
      }
      return {
        value: { toast: planToast(plan) },
        // Nothing changed, nothing to record.
        audit: changed
          ? {
              message:
                plan.branch === "new-movement"
                  ? `Movimiento ${changes.intelisisMovement} asignado a la orden ${orderId}`
                  : `Orden ${orderId} actualizada`,
              type: "update",
              tags: ["orders", plan.branch],
              identifier: orderId,
              userId: actor.id,
              detail: { changes, appliedTo, before: pick(order, Object.keys(changes)) },
            }
          : null,
      };
    },
  });
}

function pick(row: Record<string, unknown>, keys: string[]) {
  return Object.fromEntries(keys.map((k) => [k, row[k] ?? null]));
}
