import { z } from "zod";

/** Orders list page size (spec 1 §9). */
export const ORDERS_PAGE_SIZE = 20;

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : v.trim()) : v),
    z.string().max(max, `Máximo ${max} caracteres.`).optional(),
  );

/** An ERP movement number (prefactura): letters, digits and dashes; "null" (the old unassigned marker) is empty. */
export const MovementSchema = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" || v.trim().toLowerCase() === "null" ? undefined : v.trim().toUpperCase()) : v),
  z
    .string()
    .max(20, "Máximo 20 caracteres.")
    .regex(/^[A-Z0-9-]+$/, "Solo letras, números y guiones.")
    .optional(),
);

/**
 * The editable fields of an order, shared by the order dialog (/orders/$orderId) and the messages
 * conversation dialog. `version` is the order's version when the dialog opened: a save against a
 * newer version is refused instead of overwriting someone else's change.
 *
 * `logisticType`, `balance` and `products` are shown, not edited: the movement rules always run on
 * the stored order (a browser cannot change what a movement is checked against). `splittedOrder`
 * lists the ids of the orders this one was split into (comma or space separated); the movement is
 * applied to them too.
 */
export const OrderEditSchema = z.object({
  intelisisMovement: MovementSchema,
  comments: optionalText(2000),
  packageManager: optionalText(60),
  creditNote: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : v.trim().toUpperCase()) : v),
    z
      .string()
      .max(30, "Máximo 30 caracteres.")
      .regex(/^[A-Z0-9-]+$/, "Solo letras, números y guiones.")
      .optional(),
  ),
  logisticType: optionalText(40),
  splittedOrder: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : v.trim()) : v),
    z
      .string()
      .max(400)
      .regex(/^[0-9][0-9,\s]*$/, "Ids de orden separados por comas.")
      .optional(),
  ),
  balance: z.coerce.number().finite().optional(),
  products: optionalText(4000),
  version: z.coerce.number({ invalid_type_error: "Falta la versión de la orden." }).int().min(1),
});

export type OrderEditInput = z.infer<typeof OrderEditSchema>;

/**
 * The spec's own answers to a wrong movement or credit note ('La prefactura no existe en intelisis o
 * los productos no coinciden', 'La nota de crédito no coincide con la prefactura.'): the browser
 * checks only their length (decision 0029).
 */
export const ORDER_EDIT_SPEC_MESSAGES = { intelisisMovement: "invalid", creditNote: "invalid" } as const;

/** The ids listed in splittedOrder (16-digit order ids, other tokens ignored). */
export function splitOrderIds(text: string | null | undefined): bigint[] {
  if (!text) return [];
  return [...new Set(text.split(/[\s,;]+/).filter((t) => /^\d{1,19}$/.test(t)))].map((t) => BigInt(t));
}

/** Order id from a route parameter: digits only, at most 19 (bigint range); null otherwise. */
export function parseOrderId(value: string | undefined | null): bigint | null {
  if (!value || !/^\d{1,19}$/.test(value)) return null;
  const id = BigInt(value);
  return id > 0n && id <= 9_223_372_036_854_775_807n ? id : null;
}

/** Package-owner change from the list or the dialog's own small form. */
export const PackageManagerSchema = z.object({
  packageManager: z.string().trim().min(1, "Selecciona un responsable.").max(60),
  version: z.coerce.number().int().min(1),
});

export const InvoiceToggleSchema = z.object({
  invoiceDisabled: z.enum(["true", "false"]).transform((v) => v === "true"),
  version: z.coerce.number().int().min(1),
});

export const ManualDeliverySchema = z.object({ version: z.coerce.number().int().min(1) });

export const ORDER_INTENTS = ["save", "sync-status", "mark-delivered", "toggle-invoice"] as const;
export type OrderIntent = (typeof ORDER_INTENTS)[number];
export const OrderIntentSchema = z.enum(ORDER_INTENTS);
