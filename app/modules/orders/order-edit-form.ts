import { z } from "zod";

/*
 * The order edit form (orders dialog and messages conversation), apart from the list's schemas: the
 * browser fetches it only to check the fields (app/lib/lazy-validation.ts), so neither dialog loads
 * Zod to draw the form; their loaders send the native constraints (ORDER_EDIT_CONSTRAINT).
 */

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
