import { z } from "zod";

/** Orders list page size (spec 1 §9). */
export const ORDERS_PAGE_SIZE = 20;

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

export const ORDER_INTENTS = ["save", "sync-status", "mark-delivered", "toggle-invoice", "send-package"] as const;
export type OrderIntent = (typeof ORDER_INTENTS)[number];
export const OrderIntentSchema = z.enum(ORDER_INTENTS);
