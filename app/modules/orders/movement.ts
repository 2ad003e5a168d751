/**
 * Assigning an ERP movement (prefactura) to an order: spec 1 §5 "Assigning a movement". Pure: the
 * server gathers the facts (is the movement used elsewhere this year, what the ERP says about the
 * movement and the credit note) and this module decides what is saved and what the user is told.
 */

export const VAT_RATE = 0.16;
export const MOVEMENT_TOLERANCE = 0.02;
export const SERVICE_SKUS: ReadonlySet<string> = new Set(["SERV2", "SERV10"]);
export const MARKETPLACE_CLIENT = "MLPR";
export const FULFILLMENT_WAREHOUSE = "FJ";
export const MARKETPLACE_WAREHOUSE = "1ML";

export const MOVEMENT_MESSAGES = {
  saved: "Orden actualizada correctamente",
  commentsOnly: "Comentarios actualizados (sin movimiento)",
  packageOwnerSaved: "Responsable del paquete actualizado",
  alreadyUsed: "Una orden ya tiene asignado ese movimiento, actualizando solo los comentarios",
  creditNoteMismatch: "La nota de crédito no coincide con la prefactura.",
  itemsMismatch: "La prefactura no existe en intelisis o los productos no coinciden",
  warehouse: "Lo sentimos, las prefacturas no coinciden con las restricciones por almacén",
  review: "Revisar order",
  stale: "Otra persona modificó esta orden mientras la tenías abierta. Se recargaron sus datos: revisa y vuelve a guardar.",
  movementLocked: "El movimiento ya está asignado y no se puede cambiar.",
  creditNoteLocked: "La nota de crédito solo se captura una vez que la orden tiene movimiento y aún no tiene nota.",
  packageManagerLocked: "El responsable del paquete ya no se puede cambiar.",
  packageManagerUnknown: "Elige un responsable de la lista.",
} as const;

/**
 * The package owners each screen offers (spec 1 §2): the orders dialog a fixed short list of four
 * staff first names, the messages conversation dialog six. Both come from one settings list, in order.
 */
export const PACKAGE_OWNER_CHOICES = { orders: 4, messages: 6 } as const;
export type PackageOwnerScreen = keyof typeof PACKAGE_OWNER_CHOICES;

export function packageOwnerChoices(names: readonly string[], screen: PackageOwnerScreen): string[] {
  return names.slice(0, PACKAGE_OWNER_CHOICES[screen]);
}

/** A save that sets the package owner (and no movement or credit note) says so (spec 1 §8). */
function savedMessage(changes: EditChanges, otherwise: string) {
  return changes.packageManager && !changes.intelisisMovement && !changes.creditNote ? MOVEMENT_MESSAGES.packageOwnerSaved : otherwise;
}

export type MovementLine = { sku: string; quantity: number; price: number; reservedQuantity: number; warehouse: string; client: string };
export type SkuQty = { sku: string; qty: number };
export type LinkedEntry = { sales: number; linkedProducts: Array<{ sku: string; qty: number }> };

const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

export const isServiceLine = (sku: string) => SERVICE_SKUS.has(sku.trim().toUpperCase());

/** Upper-cased, duplicates merged (quantities added), sorted by SKU. */
export function mergeSkuQty(list: ReadonlyArray<SkuQty>): SkuQty[] {
  const map = new Map<string, number>();
  for (const { sku, qty } of list) {
    const key = sku.trim().toUpperCase();
    map.set(key, (map.get(key) ?? 0) + qty);
  }
  return [...map.entries()].map(([sku, qty]) => ({ sku, qty })).sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
}

export function sameSkuQty(a: ReadonlyArray<SkuQty>, b: ReadonlyArray<SkuQty>): boolean {
  const x = mergeSkuQty(a);
  const y = mergeSkuQty(b);
  return x.length === y.length && x.every((l, k) => l.sku === y[k].sku && Math.abs(l.qty - y[k].qty) < 1e-9);
}

/** Σ price × qty of the non-service lines, plus 16 % VAT, rounded to cents. */
export function movementTotal(lines: ReadonlyArray<Pick<MovementLine, "sku" | "price" | "quantity">>): number {
  const net = lines.filter((l) => !isServiceLine(l.sku)).reduce((s, l) => s + l.price * l.quantity, 0);
  return round2(net * (1 + VAT_RATE));
}

/** What the order's publications sell: every linked product, qty × sales, merged per SKU. */
export function expectedItems(productsOrder: ReadonlyArray<LinkedEntry>): SkuQty[] {
  return mergeSkuQty(productsOrder.flatMap((e) => e.linkedProducts.map((l) => ({ sku: l.sku, qty: l.qty * e.sales }))));
}

/** The movement's non-service lines as SKU/quantity. */
export function movementItems(lines: ReadonlyArray<Pick<MovementLine, "sku" | "quantity">>): SkuQty[] {
  return mergeSkuQty(lines.filter((l) => !isServiceLine(l.sku)).map((l) => ({ sku: l.sku, qty: l.quantity })));
}

/**
 * Warehouse and client rules: FJ with fulfillment; 1ML with every other marketplace logistic
 * (drop_off, cross_docking, not_specified, xd_drop_off… anything but fulfillment and ecommerce);
 * e-commerce orders have no warehouse rule. Every line's client must be MLPR.
 */
export function warehouseRulesHold(lines: ReadonlyArray<Pick<MovementLine, "warehouse" | "client">>, logisticType: string | null): boolean {
  const expected = logisticType === "fulfillment" ? FULFILLMENT_WAREHOUSE : logisticType === "ecommerce" ? null : MARKETPLACE_WAREHOUSE;
  return lines.every(
    (l) => l.client.trim().toUpperCase() === MARKETPLACE_CLIENT && (expected === null || l.warehouse.trim().toUpperCase() === expected),
  );
}

export type MovementCheck =
  { ok: true; total: number } | { ok: false; reason: "items" | "warehouse"; message: string; detail: Record<string, unknown> };

/**
 * A new movement against the stored order. Items, total and reserved quantities are checked first
 * ("no existe o no coinciden"), then the warehouse and client rules.
 */
export function checkMovement(
  lines: ReadonlyArray<MovementLine>,
  order: { balance: number; logisticType: string | null; productsOrder: ReadonlyArray<LinkedEntry> },
): MovementCheck {
  const expected = expectedItems(order.productsOrder);
  const items = movementItems(lines);
  const reserved = mergeSkuQty(lines.filter((l) => !isServiceLine(l.sku)).map((l) => ({ sku: l.sku, qty: l.reservedQuantity })));
  const total = movementTotal(lines);
  const totalOk = Math.abs(total - order.balance) <= MOVEMENT_TOLERANCE + 1e-9;
  const itemsOk = items.length > 0 && sameSkuQty(items, expected);
  const reservedOk = sameSkuQty(reserved, expected);
  if (!itemsOk || !totalOk || !reservedOk) {
    return {
      ok: false,
      reason: "items",
      message: MOVEMENT_MESSAGES.itemsMismatch,
      detail: { total, balance: order.balance, items, expected, reserved, itemsOk, totalOk, reservedOk },
    };
  }
  if (!warehouseRulesHold(lines, order.logisticType)) {
    return {
      ok: false,
      reason: "warehouse",
      message: MOVEMENT_MESSAGES.warehouse,
      detail: { logisticType: order.logisticType, lines: lines.map((l) => ({ sku: l.sku, warehouse: l.warehouse, client: l.client })) },
    };
  }
  return { ok: true, total };
}

/** Does the credit note's item list equal the movement's (service lines aside)? */
export function creditNoteMatches(
  noteLines: ReadonlyArray<{ sku: string; quantity: number }>,
  movementLines: ReadonlyArray<MovementLine>,
): boolean {
  const note = mergeSkuQty(noteLines.filter((l) => !isServiceLine(l.sku)).map((l) => ({ sku: l.sku, qty: l.quantity })));
  return note.length > 0 && sameSkuQty(note, movementItems(movementLines));
}

// ---------------------------------------------------------------------------------------------------
// The decision

export type EditableOrder = {
  intelisisMovement: string | null;
  creditNote: string | null;
  packageManager: string | null;
  orderStatus: string;
  comments: string | null;
  splittedOrder: string | null;
  balance: number;
  logisticType: string | null;
  productsOrder: ReadonlyArray<LinkedEntry>;
};

export type EditRequest = {
  intelisisMovement?: string;
  comments?: string;
  packageManager?: string;
  creditNote?: string;
  splittedOrder?: string;
};

export type Lookup<T> = { found: false } | { found: true; lines: T[] };

export type EditFacts = {
  /** Another order dated this calendar year already holds the requested movement. */
  usedElsewhere: boolean;
  movement?: Lookup<MovementLine>;
  creditNote?: Lookup<{ sku: string; quantity: number }>;
  /** The package owners offered (settings.package_managers). */
  packageManagers: readonly string[];
};

export type EditChanges = Partial<{
  intelisisMovement: string;
  creditNote: string;
  comments: string | null;
  packageManager: string;
  splittedOrder: string | null;
}>;

export type Branch = "no-movement" | "already-used" | "own-movement" | "new-movement";

export type EditPlan =
  | { ok: true; branch: Branch; changes: EditChanges; message: string; variant: "success" | "warning"; applyToSplit: boolean }
  | { ok: false; branch: Branch | "locked"; message: string; fieldErrors?: Record<string, string[]>; detail?: Record<string, unknown> };

/** Which ERP look-ups the plan needs (the server makes them outside any transaction). */
export function lookupsNeeded(
  order: EditableOrder,
  req: EditRequest,
  usedElsewhere: boolean,
): { movement: string | null; creditNote: string | null } {
  const movement = order.intelisisMovement ?? req.intelisisMovement ?? null;
  if (!movement) return { movement: null, creditNote: null };
  const isNew = !order.intelisisMovement;
  const note = req.creditNote && !order.creditNote ? req.creditNote : null;
  const needMovement = (isNew && !usedElsewhere) || note !== null;
  return { movement: needMovement ? movement : null, creditNote: note };
}

export function isCancelled(order: { orderStatus: string }) {
  return order.orderStatus === "cancelled";
}

/** What the dialog lets a user change (spec 1 §2 "Order modal rules"). */
export function editability(order: Pick<EditableOrder, "intelisisMovement" | "creditNote" | "packageManager" | "orderStatus">) {
  return {
    movement: !order.intelisisMovement,
    creditNote: !!order.intelisisMovement && !order.creditNote,
    packageManager: !order.packageManager && !isCancelled(order),
  };
}

/** A field the dialog showed locked comes back empty (disabled inputs are not sent) or equal: both keep it. */
function lockedChange(stored: string | null, requested: string | undefined) {
  return requested !== undefined && requested !== (stored ?? undefined);
}

/**
 * Decides one save of the order dialog.
 * 1. No movement (none stored, none given): comments and package owner only.
 * 2. A new movement another order this year already holds: comments only, with a warning; a credit
 *    note given too must match that movement's items or nothing is saved.
 * 3. The order's own movement (already assigned): comments, package owner and (once) the credit note,
 *    which must match the movement's items.
 * 4. A new movement: the ERP's lines must match the order (items, total, reserved, warehouse, client);
 *    then it is saved with the rest and applied to the split orders.
 */
export function planOrderEdit(order: EditableOrder, req: EditRequest, facts: EditFacts): EditPlan {
  const can = editability(order);
  const fieldErrors: Record<string, string[]> = {};
  if (!can.movement && lockedChange(order.intelisisMovement, req.intelisisMovement))
    fieldErrors.intelisisMovement = [MOVEMENT_MESSAGES.movementLocked];
  if (order.creditNote && lockedChange(order.creditNote, req.creditNote)) fieldErrors.creditNote = [MOVEMENT_MESSAGES.creditNoteLocked];
  if (!can.packageManager && lockedChange(order.packageManager, req.packageManager))
    fieldErrors.packageManager = [MOVEMENT_MESSAGES.packageManagerLocked];
  if (can.packageManager && req.packageManager !== undefined && !facts.packageManagers.includes(req.packageManager)) {
    fieldErrors.packageManager = [MOVEMENT_MESSAGES.packageManagerUnknown];
  }
  if (Object.keys(fieldErrors).length) return { ok: false, branch: "locked", message: MOVEMENT_MESSAGES.review, fieldErrors };

  const comments = req.comments ?? null;
  const base: EditChanges = {};
  if ((order.comments ?? null) !== comments) base.comments = comments;
  const withOwner: EditChanges = { ...base };
  if (can.packageManager && req.packageManager) withOwner.packageManager = req.packageManager;

  const movement = order.intelisisMovement ?? req.intelisisMovement ?? null;
  const newNote = !order.creditNote && req.creditNote ? req.creditNote.toUpperCase() : null;

  if (!movement) {
    return {
      ok: true,
      branch: "no-movement",
      changes: withOwner,
      message: savedMessage(withOwner, MOVEMENT_MESSAGES.commentsOnly),
      variant: "success",
      applyToSplit: false,
    };
  }

  const noteCheck = (): EditPlan | null => {
    if (!newNote) return null;
    const m = facts.movement;
    const n = facts.creditNote;
    if (!m?.found || !n?.found || !creditNoteMatches(n.lines, m.lines)) {
      return {
        ok: false,
        branch: order.intelisisMovement ? "own-movement" : "already-used",
        message: MOVEMENT_MESSAGES.creditNoteMismatch,
        fieldErrors: { creditNote: [MOVEMENT_MESSAGES.creditNoteMismatch] },
      };
    }
    return null;
  };

  if (!order.intelisisMovement && facts.usedElsewhere) {
    const refused = noteCheck();
    if (refused) return refused;
    return {
      ok: true,
      branch: "already-used",
      changes: base,
      message: MOVEMENT_MESSAGES.alreadyUsed,
      variant: "warning",
      applyToSplit: false,
    };
  }

  if (order.intelisisMovement) {
    const refused = noteCheck();
    if (refused) return refused;
    const changes: EditChanges = { ...withOwner };
    if (newNote) changes.creditNote = newNote;
    return {
      ok: true,
      branch: "own-movement",
      changes,
      message: savedMessage(changes, MOVEMENT_MESSAGES.saved),
      variant: "success",
      applyToSplit: false,
    };
  }

  // A new movement.
  const m = facts.movement;
  if (!m?.found) {
    return {
      ok: false,
      branch: "new-movement",
      message: MOVEMENT_MESSAGES.itemsMismatch,
      fieldErrors: { intelisisMovement: [MOVEMENT_MESSAGES.itemsMismatch] },
    };
  }
  const check = checkMovement(m.lines, order);
  if (!check.ok) {
    return {
      ok: false,
      branch: "new-movement",
      message: check.message,
      fieldErrors: { intelisisMovement: [check.message] },
      detail: check.detail,
    };
  }
  const refused = noteCheck();
  if (refused) return refused;
  const changes: EditChanges = { ...withOwner, intelisisMovement: movement };
  if (newNote) changes.creditNote = newNote;
  const split = req.splittedOrder ?? null;
  if ((order.splittedOrder ?? null) !== split) changes.splittedOrder = split;
  return { ok: true, branch: "new-movement", changes, message: MOVEMENT_MESSAGES.saved, variant: "success", applyToSplit: true };
}
